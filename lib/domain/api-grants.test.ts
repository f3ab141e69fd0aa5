import { describe, expect, it } from "vitest";
import { formatApiGrants, grantsByObject } from "./api-grants";

describe("api grants", () => {
  const rows = [
    { object_kind: "table", object_name: "profiles", role_name: "authenticated", privilege: "SELECT" },
    { object_kind: "table", object_name: "profiles", role_name: "authenticated", privilege: "UPDATE (full_name)" },
    { object_kind: "table", object_name: "profiles", role_name: "service_role", privilege: "SELECT" },
    { object_kind: "function", object_name: "is_admin()", role_name: "authenticated", privilege: "EXECUTE" },
    { object_kind: "table", object_name: "profiles", role_name: "postgres", privilege: "SELECT" },
  ];

  it("groups the database's rows by object and API role, leaving other roles out", () => {
    expect(grantsByObject(rows)).toEqual({
      "table profiles": { authenticated: ["SELECT", "UPDATE (full_name)"], service_role: ["SELECT"] },
      "function is_admin()": { authenticated: ["EXECUTE"] },
    });
  });

  it("writes one object a line, and reads back as written", () => {
    const text = formatApiGrants(grantsByObject(rows));
    expect(text).toBe(
      '{\n  "table profiles": {"authenticated":["SELECT", "UPDATE (full_name)"], "service_role":["SELECT"]},\n' +
        '  "function is_admin()": {"authenticated":["EXECUTE"]}\n}\n',
    );
    expect(JSON.parse(text)).toEqual(grantsByObject(rows));
  });
});
