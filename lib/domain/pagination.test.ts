import { describe, expect, it } from "vitest";
import { pageRange, pageSummary, parsePage } from "./pagination";

describe("pagination", () => {
  it("reads a page number, falling back to the first page", () => {
    expect(parsePage("3")).toBe(3);
    for (const bad of [undefined, "", "0", "-1", "1.5", "abc", "1e9"]) expect(parsePage(bad)).toBe(1);
  });

  it("covers the rows of a page", () => {
    expect(pageRange(1, 50)).toEqual([0, 49]);
    expect(pageRange(3, 50)).toEqual([100, 149]);
  });

  it("says which rows are shown out of how many, in Russian number format", () => {
    expect(pageSummary(1, 50, 50, 5000)).toEqual({ label: "1–50 из 5\u00a0000", hasPrevious: false, hasNext: true });
    expect(pageSummary(100, 50, 50, 5000)).toMatchObject({ label: "4\u00a0951–5\u00a0000 из 5\u00a0000", hasNext: false, hasPrevious: true });
    expect(pageSummary(1, 50, 7, 7)).toEqual({ label: "1–7 из 7", hasPrevious: false, hasNext: false });
    expect(pageSummary(9, 50, 0, 7).label).toBe("0 из 7");
  });
});
