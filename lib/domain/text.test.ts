import { describe, expect, it } from "vitest";
import { descriptionLines, linkify } from "./text";

describe("descriptionLines", () => {
  it("keeps line breaks as separate lines", () => {
    const lines = descriptionLines("Первая строка\r\nВторая\n\nЧетвёртая");
    expect(lines).toHaveLength(4);
    expect(lines[0]).toEqual([{ kind: "text", text: "Первая строка" }]);
    expect(lines[2]).toEqual([]);
  });

  it("is empty for no description", () => {
    expect(descriptionLines(null)).toEqual([]);
    expect(descriptionLines("")).toEqual([]);
  });
});

describe("linkify", () => {
  it("turns http(s) links into links and keeps the text around them", () => {
    expect(linkify("Сайт: https://lovable.dev, документация: http://docs.example.com/a?b=1.")).toEqual([
      { kind: "text", text: "Сайт: " },
      { kind: "link", text: "https://lovable.dev", href: "https://lovable.dev" },
      { kind: "text", text: ", документация: " },
      { kind: "link", text: "http://docs.example.com/a?b=1", href: "http://docs.example.com/a?b=1" },
      { kind: "text", text: "." },
    ]);
  });

  it("leaves bare domains and other schemes as text", () => {
    expect(linkify("lovable.dev и Node.js")).toEqual([{ kind: "text", text: "lovable.dev и Node.js" }]);
    expect(linkify("javascript:alert(1)").every((part) => part.kind === "text")).toBe(true);
    expect(linkify("ftp://example.com/file").every((part) => part.kind === "text")).toBe(true);
  });

  it("keeps markup as plain text: nothing is ever HTML", () => {
    const hostile = '<script>alert(1)</script><img src=x onerror="alert(1)"> <a href="javascript:alert(1)">x</a>';
    const parts = linkify(hostile);
    expect(parts.map((part) => part.text).join("")).toBe(hostile);
    expect(parts.filter((part) => part.kind === "link")).toEqual([]);
  });

  it("does not let a link swallow a following tag", () => {
    const parts = linkify('https://example.com/"><script>alert(1)</script>');
    const link = parts.find((part) => part.kind === "link");
    expect(link && "href" in link ? link.href.startsWith("https://example.com/") : false).toBe(true);
    expect(parts.map((part) => part.text).join("")).toBe('https://example.com/"><script>alert(1)</script>');
  });

  it("handles very long lines", () => {
    const long = `${"а".repeat(20_000)} https://example.com ${"б".repeat(20_000)}`;
    const parts = linkify(long);
    expect(parts).toHaveLength(3);
    expect(parts[1]).toMatchObject({ kind: "link", href: "https://example.com" });
  });
});
