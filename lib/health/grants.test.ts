import { describe, expect, it } from "vitest";
import { countPrivileges, describeGap, grantExpectationSchema, grantGaps, type GrantExpectation, type PrivilegeRow } from "./grants";

const row = (object: string, role_name: string, privilege: string): PrivilegeRow => {
  const [object_kind, object_name] = object.split(" ");
  return { object_kind, object_name, role_name, privilege };
};

const expected: GrantExpectation = {
  "table profiles": { authenticated: ["SELECT", "UPDATE (full_name)"], service_role: ["SELECT"] },
  "function can_open_lesson(uuid,uuid)": { authenticated: ["EXECUTE"] },
  "table lessons": { anon: [] },
};

describe("grantGaps", () => {
  it.each<[string, PrivilegeRow[], string[]]>([
    [
      "nothing missing, extra privileges ignored",
      [
        row("table profiles", "authenticated", "SELECT"),
        row("table profiles", "authenticated", "UPDATE (full_name)"),
        row("table profiles", "authenticated", "DELETE"),
        row("table profiles", "service_role", "SELECT"),
        row("function can_open_lesson(uuid,uuid)", "authenticated", "EXECUTE"),
        row("function can_open_lesson(uuid,uuid)", "anon", "EXECUTE"),
      ],
      [],
    ],
    [
      "one privilege of one role",
      [row("table profiles", "authenticated", "UPDATE (full_name)"), row("table profiles", "service_role", "SELECT"), row("function can_open_lesson(uuid,uuid)", "authenticated", "EXECUTE")],
      ["authenticated не может SELECT на table profiles"],
    ],
    [
      "a column grant is its own privilege",
      [row("table profiles", "authenticated", "SELECT"), row("table profiles", "authenticated", "UPDATE (email)"), row("table profiles", "service_role", "SELECT"), row("function can_open_lesson(uuid,uuid)", "authenticated", "EXECUTE")],
      ["authenticated не может UPDATE (full_name) на table profiles"],
    ],
    [
      "an object no API role can touch is one line",
      [row("table profiles", "authenticated", "SELECT"), row("table profiles", "authenticated", "UPDATE (full_name)"), row("table profiles", "service_role", "SELECT")],
      ["function can_open_lesson(uuid,uuid): ни у одной API-роли нет прав — объекта нет (миграции не применены) или права не выданы"],
    ],
    [
      "every missing privilege of a role on one line, each role apart",
      [row("table profiles", "anon", "SELECT"), row("function can_open_lesson(uuid,uuid)", "authenticated", "EXECUTE")],
      ["authenticated не может SELECT, UPDATE (full_name) на table profiles", "service_role не может SELECT на table profiles"],
    ],
  ])("%s", (_, actual, lines) => {
    expect(grantGaps(expected, actual).map(describeGap)).toEqual(lines);
  });

  it("reads rows of roles other than the API's as no privilege at all", () => {
    const gaps = grantGaps({ "table profiles": { authenticated: ["SELECT"] } }, [row("table profiles", "postgres", "SELECT")]);
    expect(gaps).toEqual([{ kind: "object", object: "table profiles" }]);
  });
});

describe("the expectation file's shape", () => {
  it("takes roles with lists of privileges and counts them", () => {
    expect(countPrivileges(grantExpectationSchema.parse(expected))).toBe(4);
  });

  it("refuses a role the API does not have", () => {
    expect(grantExpectationSchema.safeParse({ "table profiles": { postgres: ["SELECT"] } }).success).toBe(false);
  });
});
