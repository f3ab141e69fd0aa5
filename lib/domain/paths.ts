/** Addresses of the student pages, and the one rule for redirect targets. */

export const toolPath = (name: string) => `/tech-founder/${encodeURIComponent(name.toLowerCase())}`;

export const lessonPath = (toolName: string, lessonId: string) => `${toolPath(toolName)}/${lessonId}`;

/** A same-site path to continue to after a link, never another origin. */
export function safeNextPath(next: string | null | undefined, fallback = "/dashboard"): string {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.includes("\\")) return fallback;
  return next;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string) => UUID.test(value);

/** Decodes a dynamic route segment; null when it is not valid percent-encoding. */
export function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
