/**
 * What each Data API role may do on each object in public: the committed expectation
 * (supabase/api-grants.json, written by `npm run gen-types`) and a database's own answer
 * (public.api_privileges()), compared by the grants test and by `npm run doctor`
 * (lib/health/grants.ts names what a project lacks).
 */

export const API_ROLES = ["anon", "authenticated", "service_role"] as const;
export type ApiRole = (typeof API_ROLES)[number];

/** One row of public.api_privileges(). */
export interface ApiPrivilege {
  object_kind: string;
  object_name: string;
  role_name: string;
  privilege: string;
}

/** `{ "table profiles": { "authenticated": ["SELECT", "UPDATE (full_name)"] } }`, objects and privileges in the database's order. */
export type ApiGrants = Record<string, Partial<Record<ApiRole, string[]>>>;

export function grantsByObject(rows: ApiPrivilege[]): ApiGrants {
  const grants: ApiGrants = {};
  for (const row of rows) {
    if (!(API_ROLES as readonly string[]).includes(row.role_name)) continue;
    const object = (grants[`${row.object_kind} ${row.object_name}`] ??= {});
    (object[row.role_name as ApiRole] ??= []).push(row.privilege);
  }
  return grants;
}

/** The committed file: JSON with one object a line, so a review reads each change of grants as one line. */
export function formatApiGrants(grants: ApiGrants): string {
  const lines = Object.entries(grants).map(([object, roles]) => `  ${JSON.stringify(object)}: ${JSON.stringify(roles).replaceAll('","', '", "').replaceAll('],"', '], "')}`);
  return `{\n${lines.join(",\n")}\n}\n`;
}
