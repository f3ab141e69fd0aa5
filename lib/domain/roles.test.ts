import { describe, expect, it } from "vitest";
import { highestRole, roleFromClaims } from "./roles";

describe("roleFromClaims", () => {
  it("reads the hook's user_role", () => {
    expect(roleFromClaims({ user_role: "admin" })).toBe("admin");
    expect(roleFromClaims({ user_role: "curator" })).toBe("curator");
    expect(roleFromClaims({ user_role: "student" })).toBe("student");
  });

  it("answers null without the claim or with anything else, so the database decides", () => {
    expect(roleFromClaims({})).toBeNull();
    expect(roleFromClaims(null)).toBeNull();
    expect(roleFromClaims({ user_role: "superadmin" })).toBeNull();
    expect(roleFromClaims({ user_role: ["admin"] })).toBeNull();
    expect(roleFromClaims({ user_role: "Admin" })).toBeNull();
  });
});

describe("highestRole", () => {
  it("is admin over curator over student, as the access token hook names it", () => {
    expect(highestRole(["student", "admin"])).toBe("admin");
    expect(highestRole(["student", "curator"])).toBe("curator");
    expect(highestRole(["curator", "admin", "student"])).toBe("admin");
    expect(highestRole(["student"])).toBe("student");
  });

  it("makes a user with no known role a student", () => {
    expect(highestRole([])).toBe("student");
    expect(highestRole(["superadmin", null])).toBe("student");
  });
});
