import { find } from "linkifyjs";

/** A lesson description as plain text lines in which only http(s) links are links. */

export type TextPart = { kind: "text"; text: string } | { kind: "link"; text: string; href: string };

// linkifyjs knows every TLD and where a link ends (trailing punctuation, brackets), which a
// hand-written regex gets wrong; we keep only links that carry an explicit http(s) scheme.
export function linkify(line: string): TextPart[] {
  const parts: TextPart[] = [];
  let cursor = 0;
  for (const match of find(line, "url")) {
    if (!/^https?:\/\//i.test(match.value)) continue;
    if (match.start > cursor) parts.push({ kind: "text", text: line.slice(cursor, match.start) });
    parts.push({ kind: "link", text: match.value, href: match.href });
    cursor = match.end;
  }
  if (cursor < line.length) parts.push({ kind: "text", text: line.slice(cursor) });
  return parts;
}

export function descriptionLines(description: string | null | undefined): TextPart[][] {
  if (!description) return [];
  return description.replace(/\r\n?/g, "\n").split("\n").map(linkify);
}
