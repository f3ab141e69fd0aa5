import MarkdownIt from "markdown-it";
import type { StateCore, Token } from "markdown-it";

/** A lesson's written body: Markdown in, safe HTML out. Raw HTML in the source is shown as text. */

/** http(s), mailto, or a path on this site (not `//host` or `/\host`, which browsers read as another host). */
export function isAllowedLinkHref(href: string): boolean {
  return /^(?:https?:\/\/|mailto:)/i.test(href) || /^\/(?![/\\])/.test(href);
}

/** A picture this site keeps for a lesson (app/files/lessons); nothing from elsewhere. */
export function isAllowedImageSrc(src: string): boolean {
  // Only the lesson's own pictures (app/files): an outside one would tell its host who reads the lesson.
  return src.startsWith("/files/lessons/");
}

/**
 * The page title is the h1, so the body's headings start at h2 and each is one level below the
 * nearest heading before it of a smaller Markdown level (its parent): a body that starts with `##`,
 * or goes from `#` to `###`, leaves no gap in a screen reader's outline (axe: heading-order). Past
 * h6, h6.
 */
function shiftHeadings(tokens: Token[]) {
  const parents: number[] = [];
  let level = 2;
  for (const token of tokens) {
    if (token.type === "heading_open") {
      const written = Number(token.tag.slice(1));
      while (parents.length && parents[parents.length - 1] >= written) parents.pop();
      parents.push(written);
      level = Math.min(parents.length + 1, 6);
    } else if (token.type !== "heading_close") continue;
    token.tag = `h${level}`;
  }
}

/** A refused link keeps its text without the anchor; a refused image becomes its alt text. */
function guardInline(state: StateCore, children: Token[]): Token[] {
  const kept: Token[] = [];
  const openLinks: boolean[] = [];
  for (const token of children) {
    if (token.type === "link_open") {
      const allowed = isAllowedLinkHref(String(token.attrGet("href") ?? ""));
      openLinks.push(allowed);
      if (!allowed) continue;
      token.attrSet("target", "_blank");
      token.attrSet("rel", "noopener noreferrer nofollow");
    } else if (token.type === "link_close") {
      if (!openLinks.pop()) continue;
    } else if (token.type === "image") {
      if (!isAllowedImageSrc(String(token.attrGet("src") ?? ""))) {
        const alt = new state.Token("text", "", 0);
        alt.content = state.md.renderer.renderInlineAsText(token.children ?? [], state.md.options, state.env);
        kept.push(alt);
        continue;
      }
      token.attrSet("loading", "lazy");
    }
    kept.push(token);
  }
  return kept;
}

function lessonRules(state: StateCore) {
  shiftHeadings(state.tokens);
  for (const token of state.tokens) {
    if (token.type === "inline" && token.children) token.children = guardInline(state, token.children);
  }
}

const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });
// Every link and image is judged after parsing by lessonRules, where the two are told apart; the
// parser's own filter would leave a refused image as its raw `![…](…)` instead of its alt text.
markdown.validateLink = () => true;
markdown.core.ruler.push("lesson_rules", lessonRules);

/** The body's HTML; "" for an empty body. */
export function renderLessonMarkdown(source: string): string {
  return markdown.render(source);
}
