/** Bounded echoes: a message that repeats what someone typed or stored repeats a bounded part of it. */

const graphemes = new Intl.Segmenter("ru", { granularity: "grapheme" });

/**
 * The text cut to at most `max` UTF-16 units, «…» included (zod's and the browser's length), at a
 * character's edge: never inside a surrogate pair, nor between a letter and its accents — unless a
 * single character is longer than the room, and then at a code point.
 */
export function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const room = max - 1;
  let kept = "";
  for (const { segment } of graphemes.segment(text)) {
    if (kept.length + segment.length <= room) {
      kept += segment;
      continue;
    }
    // The first character alone is longer than the room (a letter under hundreds of accents).
    if (!kept) {
      for (const point of segment) {
        if (kept.length + point.length > room) break;
        kept += point;
      }
    }
    break;
  }
  return `${kept.trimEnd()}…`;
}

export const LIST_SOME_COUNT = 5;
export const LIST_SOME_WIDTH = 60;

/** «a, b, c, d, e и ещё 37»: the first few items, each shortened, and how many more there are. */
export function listSome(items: readonly string[], count = LIST_SOME_COUNT, width = LIST_SOME_WIDTH): string {
  const named = items.slice(0, count).map((item) => shorten(item, width)).join(", ");
  const rest = items.length - count;
  return rest > 0 ? `${named} и ещё ${rest}` : named;
}
