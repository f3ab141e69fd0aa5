import { describe, expect, it } from "vitest";
import { roleFromClaims } from "./roles";

describe("roleFromClaims", () => {
  it("reads the hook's user_role", () => {
    expect(roleFromClaims({ user_role: "admin" })).toBe("admin");
    expect(roleFromClaims({ user_role: "student" })).toBe("student");
  });

  it("answers null without the claim or with anything else, so the database decides", () => {
    expect(roleFromClaims({})).toBeNull();
    expect(roleFromClaims(null)).toBeNull();
    expect(roleFromClaims({ user_role: "superadmin" })).toBeNull();
    expect(roleFromClaims({ user_role: ["admin"] })).toBeNull();
  });
});
