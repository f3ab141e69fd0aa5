import { describe, expect, it } from "vitest";
import { isAllowedImageSrc, isAllowedLinkHref, renderLessonMarkdown } from "./markdown";

const render = (source: string) => renderLessonMarkdown(source).trim();
const LINK_ATTRS = 'target="_blank" rel="noopener noreferrer nofollow"';

describe("renderLessonMarkdown", () => {
  it("renders an empty or blank body as nothing", () => {
    expect(renderLessonMarkdown("")).toBe("");
    expect(renderLessonMarkdown("  \n\n\t\n")).toBe("");
  });

  it.each([
    ["# Раздел", "<h2>Раздел</h2>"],
    ["# Раздел\n\n## Подраздел", "<h2>Раздел</h2>\n<h3>Подраздел</h3>"],
    ["## Подраздел", "<h2>Подраздел</h2>"],
    ["# Раздел\n\n### Пункт\n\n#### Деталь\n\n# Ещё", "<h2>Раздел</h2>\n<h3>Пункт</h3>\n<h4>Деталь</h4>\n<h2>Ещё</h2>"],
    ["# 1\n\n## 2\n\n### 3\n\n#### 4\n\n##### Пятый\n\n###### Шестой", "<h2>1</h2>\n<h3>2</h3>\n<h4>3</h4>\n<h5>4</h5>\n<h6>Пятый</h6>\n<h6>Шестой</h6>"],
    ["Раздел\n===", "<h2>Раздел</h2>"],
    ["Раздел\n===\n\nПодраздел\n---", "<h2>Раздел</h2>\n<h3>Подраздел</h3>"],
  ])("starts headings at h2 and skips no level (axe: heading-order): %j", (source, html) => {
    expect(render(source)).toBe(html);
  });

  it("renders lists, emphasis, strikethrough and quotes", () => {
    expect(render("- один\n- два")).toBe("<ul>\n<li>один</li>\n<li>два</li>\n</ul>");
    expect(render("1. первый\n2. второй")).toBe("<ol>\n<li>первый</li>\n<li>второй</li>\n</ol>");
    expect(render("*курсив* **жирный** ~~зачёркнутый~~")).toBe("<p><em>курсив</em> <strong>жирный</strong> <s>зачёркнутый</s></p>");
    expect(render("> Цитата\n> продолжается")).toBe("<blockquote>\n<p>Цитата\nпродолжается</p>\n</blockquote>");
  });

  it("keeps quotes and dashes as typed (no typographer)", () => {
    expect(render('"кавычки" -- и (c)')).toBe("<p>&quot;кавычки&quot; -- и (c)</p>");
  });

  it("escapes code, inline and fenced", () => {
    expect(render("Тег `<b>x</b>` в тексте")).toBe("<p>Тег <code>&lt;b&gt;x&lt;/b&gt;</code> в тексте</p>");
    expect(render("```html\n<script>alert(1)</script>\n```")).toBe(
      '<pre><code class="language-html">&lt;script&gt;alert(1)&lt;/script&gt;\n</code></pre>',
    );
    expect(render('```"><script>\nx\n```')).not.toContain("<script>");
  });

  it("renders tables", () => {
    const html = render("| Тариф | Цена |\n|---|--:|\n| Free | 0 |");
    expect(html).toContain("<table>");
    expect(html).toContain("<th>Тариф</th>");
    expect(html).toContain('<td style="text-align:right">0</td>');
  });

  it.each([
    ["[сайт](https://example.com)", "https://example.com", "сайт"],
    ["[сайт](HTTP://example.com/a?b=1&c=2)", "HTTP://example.com/a?b=1&amp;c=2", "сайт"],
    ["[почта](mailto:team@example.com)", "mailto:team@example.com", "почта"],
    ["[курс](/product-founder)", "/product-founder", "курс"],
    ["[файл](/files/materials/1)", "/files/materials/1", "файл"],
    ["<https://example.com/auto>", "https://example.com/auto", "https://example.com/auto"],
    ["Смотрите https://lovable.dev.", "https://lovable.dev", "https://lovable.dev"],
    ["Пишите team@example.com", "mailto:team@example.com", "team@example.com"],
  ])("opens an allowed link in a new tab: %s", (source, href, text) => {
    expect(render(source)).toContain(`<a href="${href}" ${LINK_ATTRS}>${text}</a>`);
  });

  it.each([
    ["[x](javascript:alert(1))", "x"],
    ["[x](JaVaScRiPt:alert(1))", "x"],
    ["[x](&#106;avascript:alert(1))", "x"],
    ["[x](<java\tscript:alert(1)>)", "x"],
    ["[x](vbscript:msgbox(1))", "x"],
    ["[x](data:text/html;base64,PHNjcmlwdD4=)", "x"],
    ["[x](file:///etc/passwd)", "x"],
    ["[x](//evil.example.com)", "x"],
    ["[x](&#x2F;&#x2F;evil.example.com)", "x"],
    ["[x](ftp://example.com)", "x"],
    ["[x](#anchor)", "x"],
    ["[x](page.html)", "x"],
    ["[x][ref]\n\n[ref]: javascript:alert(1)", "x"],
    ["<javascript:alert(1)>", "javascript:alert(1)"],
  ])("shows a refused link as plain text: %j", (source, text) => {
    const html = render(source);
    expect(html).not.toContain("<a");
    expect(html).not.toMatch(/javascript:[^<]*"/i);
    expect(html).toBe(`<p>${text}</p>`);
  });

  it("keeps a backslash after the slash inside the path, encoded", () => {
    expect(render("[x](/\\evil.example.com)")).toContain('href="/%5Cevil.example.com"');
  });

  it.each([
    ["![Схема](/files/lessons/1/scheme.png)", "/files/lessons/1/scheme.png", "Схема"],
    ["![](/files/lessons/1/images/2.png)", "/files/lessons/1/images/2.png", ""],
  ])("shows an allowed image lazily, with its alt: %s", (source, src, alt) => {
    expect(render(source)).toBe(`<p><img src="${src}" alt="${alt}" loading="lazy"></p>`);
  });

  it.each([
    ["![Схема](http://example.com/a.png)", "Схема"],
    ["![Скриншот](https://example.com/shot.png)", "Скриншот"],
    ["![Схема](/files/materials/1)", "Схема"],
    ["![Схема](/admin/a.png)", "Схема"],
    ["![Схема](a.png)", "Схема"],
    ["![Схема](//evil.example.com/a.png)", "Схема"],
    ["![Схема](data:image/png;base64,AAAA)", "Схема"],
    ["![**Жирная** схема](javascript:alert(1))", "Жирная схема"],
    ['![<img src=x onerror=alert(1)>](http://example.com/a.png)', "&lt;img src=x onerror=alert(1)&gt;"],
  ])("shows a refused image as its alt text: %j", (source, text) => {
    expect(render(source)).toBe(`<p>${text}</p>`);
  });

  it("handles an image inside a link on its own terms", () => {
    expect(render("[![Логотип](/files/lessons/logo.png)](https://example.com)")).toBe(
      `<p><a href="https://example.com" ${LINK_ATTRS}><img src="/files/lessons/logo.png" alt="Логотип" loading="lazy"></a></p>`,
    );
    expect(render("[![Логотип](javascript:1)](javascript:2)")).toBe("<p>Логотип</p>");
  });

  it.each([
    ["<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"],
    ["<img src=x onerror=alert(1)>", "&lt;img src=x onerror=alert(1)&gt;"],
    ['<iframe src="https://evil.example.com"></iframe>', "&lt;iframe src=&quot;"],
    ['Текст <a href="javascript:alert(1)">ссылка</a>', "&lt;a href=&quot;javascript:alert(1)&quot;&gt;ссылка&lt;/a&gt;"],
    ["<div onclick=alert(1)>\n\nблок\n\n</div>", "&lt;div onclick=alert(1)&gt;"],
    ["<!-- комментарий -->", "&lt;!-- комментарий --&gt;"],
  ])("shows raw HTML as escaped text: %j", (source, escaped) => {
    const html = render(source);
    expect(html).toContain(escaped);
    expect(html).not.toMatch(/<(script|img|iframe|div)\b/);
    expect(html).not.toMatch(/<a href="javascript/);
  });

  it("renders a long body", () => {
    const source = Array.from({ length: 2000 }, (_, index) => `## Раздел ${index}\n\nТекст со [ссылкой](https://example.com/${index}).`).join("\n\n");
    const html = renderLessonMarkdown(source);
    expect(html.match(/<h2>/g)).toHaveLength(2000);
  });
});

describe("isAllowedLinkHref", () => {
  it.each([
    ["https://example.com", true],
    ["http://example.com", true],
    ["mailto:a@example.com", true],
    ["/dashboard", true],
    ["/", true],
    ["//example.com", false],
    ["/\\example.com", false],
    ["javascript:alert(1)", false],
    ["data:text/html,x", false],
    ["vbscript:x", false],
    ["file:///etc/passwd", false],
    ["https:example.com", false],
    ["#top", false],
    ["", false],
  ])("%j → %s", (href, allowed) => {
    expect(isAllowedLinkHref(href)).toBe(allowed);
  });
});

describe("isAllowedImageSrc", () => {
  it.each([
    ["/files/lessons/a.png", true],
    ["/files/a.png", false],
    ["https://example.com/a.png", false],
    ["http://example.com/a.png", false],
    ["/file/a.png", false],
    ["/admin", false],
    ["//example.com/a.png", false],
    ["data:image/png;base64,AAAA", false],
    ["", false],
  ])("%j → %s", (src, allowed) => {
    expect(isAllowedImageSrc(src)).toBe(allowed);
  });
});
