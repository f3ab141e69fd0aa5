/** Addresses of the student pages, and the one rule for redirect targets. */

export const toolPath = (name: string) => `/tech-founder/${encodeURIComponent(name.toLowerCase())}`;

export const lessonPath = (toolName: string, lessonId: string) => `${toolPath(toolName)}/${lessonId}`;

export const courseModulePath = (moduleId: string) => `/product-founder/${moduleId}`;

/** Where the school's Auth e-mails send people: the site's /auth/confirm, then `next`. */
export const confirmUrl = (siteUrl: string, next: string) => `${siteUrl}/auth/confirm?${new URLSearchParams({ next })}`;

/** Where a closed lesson sends the student: its list, which then says the lesson is not open yet. */
export const closedLessonRedirect = (listPath: string) => `${listPath}?closed=1`;

const PATH_BASE = "http://site.invalid";

/**
 * A same-site path to continue to after a link, never another origin. Browsers drop tabs and
 * newlines and read `\` as `/`, so `/\t/evil.example` would become `//evil.example`: the path
 * is resolved as a browser would, and kept only if it stays on the site.
 */
export function safeNextPath(next: string | null | undefined, fallback = "/dashboard"): string {
  if (!next || !next.startsWith("/")) return fallback;
  const url = new URL(next, PATH_BASE);
  if (url.origin !== PATH_BASE || url.pathname.startsWith("//")) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
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

/** A query parameter as one string: the first of repeated ones (`?q=a&q=b`). */
export const firstParam = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

/**
 * A search box's query: the first value, without control characters (PostgreSQL refuses a NUL in
 * text, so `?q=%00` would fail the read), trimmed, at most `max` characters.
 */
export const searchQuery = (value: string | string[] | undefined, max: number): string =>
  (firstParam(value) ?? "").replace(/\p{Cc}/gu, "").trim().slice(0, max);
