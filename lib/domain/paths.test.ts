import { describe, expect, it } from "vitest";
import { confirmUrl, decodeSegment, isUuid, lessonPath, safeNextPath, toolPath } from "./paths";

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
