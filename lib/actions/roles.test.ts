import { describe, expect, it } from "vitest";
import { APP_ROLES, type AppRole } from "@/lib/domain/roles";
import { adminPathLevel, admits, LEVELS, type Level } from "./roles";

describe("admits", () => {
  const table: [Level, AppRole, boolean][] = [
    ["student", "student", true],
    ["student", "curator", true],
    ["student", "admin", true],
    ["admin", "student", false],
    ["admin", "curator", false],
    ["admin", "admin", true],
    ["reviewer", "student", false],
    ["reviewer", "curator", true],
    ["reviewer", "admin", true],
  ];
  it.each(table)("level %s, role %s: %s", (level, role, expected) => {
    expect(admits(level, role)).toBe(expected);
  });

  it("names only roles that exist", () => {
    for (const roles of Object.values(LEVELS)) for (const role of roles) expect(APP_ROLES).toContain(role);
  });
});

describe("adminPathLevel", () => {
  it.each([
    ["/admin/reviews", "reviewer"],
    ["/admin/reviews/", "reviewer"],
    ["/admin/reviews/e0000000-0000-4000-8000-000000000001", "reviewer"],
    ["/admin/analytics", "reviewer"],
    ["/admin/analytics/export", "reviewer"],
    ["/admin/analyticsx", "admin"],
    ["/admin", "admin"],
    ["/admin/", "admin"],
    ["/admin/groups", "admin"],
    ["/admin/content/lessons/new", "admin"],
    // A look-alike is not the review area.
    ["/admin/reviewsx", "admin"],
    ["/admin/reviews-old", "admin"],
    ["/admin/groups/reviews", "admin"],
  ] as const)("%s asks %s", (path, level) => {
    expect(adminPathLevel(path)).toBe(level);
  });
});
