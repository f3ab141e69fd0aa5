import { z } from "zod";
import { API_ROLES, type ApiGrants, type ApiPrivilege, type ApiRole } from "@/lib/domain/api-grants";
import type { HealthClient } from "./clients";
import { describeError } from "./clients";
import { fail, ok, type HealthResult } from "./types";

/**
 * (b) Every object the app uses is granted to the API roles that need it. A new hosted project
 * gives them nothing by default (Supabase changelog, 2026-05-30), so a migration that forgets a
 * GRANT leaves the table unreadable (42501). The project's own answer, public.api_privileges()
 * (service_role only), is compared with the committed expectation, supabase/api-grants.json;
 * privileges beyond it are not reported (projects created before the change still have them).
 */

/** `{ "<kind> <name>": { "<role>": ["SELECT", …] } }`, as supabase/api-grants.json holds it. */
export const grantExpectationSchema = z.record(z.string(), z.partialRecord(z.enum(API_ROLES), z.array(z.string())));
export type GrantExpectation = ApiGrants;

const privilegeRowSchema = z.object({
  object_kind: z.string(),
  object_name: z.string(),
  role_name: z.string(),
  privilege: z.string(),
}) satisfies z.ZodType<ApiPrivilege>;
export type PrivilegeRow = ApiPrivilege;

export type GrantGap =
  /** The object has no privilege for any API role: not created (migrations not applied), or granted nothing. */
  | { kind: "object"; object: string }
  | { kind: "role"; object: string; role: ApiRole; privileges: string[] };

const objectKey = (kind: string, name: string) => `${kind} ${name}`;

/** What the expectation names and the project lacks, in the expectation's order. */
export function grantGaps(expected: GrantExpectation, actual: PrivilegeRow[]): GrantGap[] {
  const held = new Set(actual.map((row) => `${objectKey(row.object_kind, row.object_name)}|${row.role_name}|${row.privilege}`));
  const objects = new Set(actual.filter((row) => (API_ROLES as readonly string[]).includes(row.role_name)).map((row) => objectKey(row.object_kind, row.object_name)));
  const gaps: GrantGap[] = [];
  for (const [object, roles] of Object.entries(expected)) {
    const wanted = API_ROLES.filter((role) => (roles[role]?.length ?? 0) > 0);
    if (wanted.length === 0) continue;
    if (!objects.has(object)) {
      gaps.push({ kind: "object", object });
      continue;
    }
    for (const role of wanted) {
      const privileges = roles[role]!.filter((privilege) => !held.has(`${object}|${role}|${privilege}`));
      if (privileges.length > 0) gaps.push({ kind: "role", object, role, privileges });
    }
  }
  return gaps;
}

/** «authenticated не может SELECT, UPDATE на table profiles». */
export function describeGap(gap: GrantGap): string {
  return gap.kind === "object"
    ? `${gap.object}: ни у одной API-роли нет прав — объекта нет (миграции не применены) или права не выданы`
    : `${gap.role} не может ${gap.privileges.join(", ")} на ${gap.object}`;
}

export const countPrivileges = (expected: GrantExpectation) =>
  Object.values(expected).reduce((sum, roles) => sum + API_ROLES.reduce((count, role) => count + (roles[role]?.length ?? 0), 0), 0);

const PAGE = 1000;

/**
 * Every row of api_privileges(), page by page: PostgREST caps a set-returning call at max_rows
 * (1,000 on hosted), and a project still granting the old defaults holds more than that. A page
 * that adds nothing new ends the reading too, so a server that ignores the range is read once.
 */
async function readPrivileges(service: HealthClient): Promise<{ rows: PrivilegeRow[] } | { error: { code?: string; message: string } }> {
  const seen = new Map<string, PrivilegeRow>();
  for (let from = 0; ; from += PAGE) {
    const { data, error } = await service
      .rpc("api_privileges")
      .order("object_kind")
      .order("object_name")
      .order("role_name")
      .order("privilege")
      .range(from, from + PAGE - 1);
    if (error) return { error };
    const rows = z.array(privilegeRowSchema).parse(data);
    const before = seen.size;
    for (const row of rows) seen.set(`${row.object_kind}|${row.object_name}|${row.role_name}|${row.privilege}`, row);
    if (rows.length < PAGE || seen.size === before) return { rows: [...seen.values()] };
  }
}

const FIX = "выдайте их миграцией (GRANT … TO <роль>) и примените её; ожидаемое — supabase/api-grants.json";

export async function checkGrants(service: HealthClient, expected: GrantExpectation): Promise<HealthResult> {
  let read: Awaited<ReturnType<typeof readPrivileges>>;
  try {
    read = await readPrivileges(service);
  } catch (thrown) {
    return fail("grants", `не удалось прочитать права: ${describeError(thrown)}`);
  }
  if ("error" in read) {
    const { code, message } = read.error;
    if (code === "PGRST202" || code === "42883") {
      return fail("grants", "в базе нет функции public.api_privileges(): примените миграции (npx supabase db push)");
    }
    return fail("grants", `api_privileges() не ответила: ${message}${code ? ` (${code})` : ""}`);
  }
  const gaps = grantGaps(expected, read.rows);
  if (gaps.length === 0) {
    return ok("grants", `у anon, authenticated и service_role есть все ${countPrivileges(expected)} прав из supabase/api-grants.json`);
  }
  if (gaps.length === 1) return fail("grants", `${describeGap(gaps[0])}: ${FIX}`);
  return fail("grants", `не хватает прав у API-ролей (${gaps.length}): ${FIX}`, gaps.map(describeGap));
}
