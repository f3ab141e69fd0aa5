import { describe, expect, it } from "vitest";
import { confirmUrl, decodeSegment, firstParam, isUuid, lessonPath, safeNextPath, searchQuery, toolPath } from "./paths";

describe("paths", () => {
  it("uses the lowercased tool name", () => {
    expect(toolPath("Lovable")).toBe("/tech-founder/lovable");
    expect(toolPath("Make.com AI")).toBe("/tech-founder/make.com%20ai");
    expect(lessonPath("N8N", "abc")).toBe("/tech-founder/n8n/abc");
  });

  it.each([
    ["/auth/reset-password", "/auth/reset-password"],
    [null, "/dashboard"],
    ["/\t/evil.example", "/dashboard"],
    ["/\n/evil.example", "/dashboard"],
    ["/\\evil.example", "/dashboard"],
    ["/%2F/evil.example", "/%2F/evil.example"],
    ["/dashboard?x=1#top", "/dashboard?x=1#top"],
    ["", "/dashboard"],
    ["https://evil.example", "/dashboard"],
    ["//evil.example", "/dashboard"],
    ["/\\evil.example", "/dashboard"],
  ])("safeNextPath(%j) → %s", (next, expected) => {
    expect(safeNextPath(next)).toBe(expected);
  });

  it("recognises uuids", () => {
    expect(isUuid("d0000000-0000-4000-8000-000000000001")).toBe(true);
    expect(isUuid("1")).toBe(false);
    expect(isUuid("d0000000-0000-4000-8000-00000000000g")).toBe(false);
  });

  it("decodes segments and refuses broken percent-encoding", () => {
    expect(decodeSegment("make%20ai")).toBe("make ai");
    expect(decodeSegment("%")).toBeNull();
    expect(decodeSegment("%E0%A4%A")).toBeNull();
  });
});

describe("confirmUrl", () => {
  it("sends Auth's links to the configured site's /auth/confirm with the next page encoded", () => {
    expect(confirmUrl("https://school.example", "/auth/reset-password")).toBe("https://school.example/auth/confirm?next=%2Fauth%2Freset-password");
  });
});

describe("firstParam and searchQuery", () => {
  it("takes the first of repeated parameters", () => {
    expect(firstParam(["a", "b"])).toBe("a");
    expect(firstParam("a")).toBe("a");
    expect(firstParam(undefined)).toBeUndefined();
  });

  it("leaves out control characters PostgreSQL refuses in text, trims and bounds a search", () => {
    expect(searchQuery("\u0000 Анна\u0007 ", 100)).toBe("Анна");
    expect(searchQuery(["  K7M2  ", "x"], 100)).toBe("K7M2");
    expect(searchQuery("a".repeat(300), 200)).toHaveLength(200);
    expect(searchQuery(undefined, 10)).toBe("");
  });
});
