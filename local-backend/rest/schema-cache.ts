import type { Database } from "../database";

/**
 * PostgREST's schema cache: the exposed schema's tables and functions, and the API roles'
 * own settings (ALTER ROLE … SET), which PostgREST applies in every transaction it runs as them.
 */

export interface TableInfo {
  columns: Set<string>;
  primaryKey: string[];
  /** Each column's default expression, for `Prefer: missing=default`. */
  defaults: Map<string, string>;
}

export interface FunctionArg {
  /** "" for an unnamed argument. */
  name: string;
  /** As PostgREST names it (`regtype::text`): integer, text[], timestamp with time zone. */
  type: string;
  /** No default: a call must name it. */
  required: boolean;
  variadic: boolean;
}

/**
 * What a function answers, as PostgREST's schema cache tells them apart: a composite is a table
 * or composite type, or any OUT, INOUT or TABLE argument; a single one answers an object.
 */
export type FunctionReturns = "void" | "scalar" | "setof scalar" | "composite" | "setof composite";

export interface FunctionInfo {
  name: string;
  args: FunctionArg[];
  returns: FunctionReturns;
  /** Stable and immutable functions run read-only even when called by POST. */
  readOnly: boolean;
}

export interface SchemaCache {
  tables: Map<string, TableInfo>;
  /** Every function of a name: overloads are told apart by their arguments at each call. */
  functions: Map<string, FunctionInfo[]>;
  roleSettings: Map<string, [name: string, value: string][]>;
}

interface FunctionRow {
  name: string;
  arg_names: string[] | null;
  arg_modes: string[] | null;
  arg_types: string[];
  defaults: number;
  returns_void: boolean;
  returns_set: boolean;
  returns_composite: boolean;
  read_only: boolean;
}

/** The input arguments (modes i, b, v) of every argument, the last `defaults` of them optional. */
function functionInfo(row: FunctionRow): FunctionInfo {
  const inputs = row.arg_types
    .map((type, index) => ({ type, name: row.arg_names?.[index] ?? "", mode: row.arg_modes?.[index] ?? "i" }))
    .filter((arg) => ["i", "b", "v"].includes(arg.mode));
  const args = inputs.map((arg, index) => ({
    name: arg.name,
    type: arg.type,
    required: index < inputs.length - row.defaults,
    variadic: arg.mode === "v",
  }));
  const kind = row.returns_composite ? "composite" : "scalar";
  const returns: FunctionReturns = row.returns_void ? "void" : row.returns_set ? `setof ${kind}` : kind;
  return { name: row.name, args, returns, readOnly: row.read_only };
}

export const API_ROLES = ["anon", "authenticated", "service_role"] as const;

async function loadSchema(db: Database): Promise<SchemaCache> {
  const [columns, functions, settings] = await Promise.all([
    db.query<{ table_name: string; column_name: string; in_primary_key: boolean; default_value: string | null }>(
      `select c.relname as table_name, a.attname as column_name,
              coalesce(a.attnum = any(i.indkey), false) as in_primary_key,
              pg_get_expr(d.adbin, d.adrelid) as default_value
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
       left join pg_index i on i.indrelid = c.oid and i.indisprimary
       left join pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum and a.attgenerated = ''
       where n.nspname = 'public' and c.relkind in ('r', 'v', 'm', 'p', 'f')
       order by c.relname, a.attnum`,
    ),
    // Types named as PostgREST names them; a character(n) argument is read as varchar, as there.
    db.query<FunctionRow>(
      `select p.proname as name, p.proargnames as arg_names, p.proargmodes::text[] as arg_modes,
              array(select case t when 'character'::regtype then 'character varying'
                                  when 'character[]'::regtype then 'character varying[]'
                                  else t::regtype::text end
                    from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality _(t, i) order by i) as arg_types,
              p.pronargdefaults::int as defaults,
              p.prorettype = 'void'::regtype as returns_void,
              p.proretset as returns_set,
              (t.typtype = 'c' or coalesce(p.proargmodes::text[] && '{t,b,o}', false)) as returns_composite,
              p.provolatile in ('s', 'i') as read_only
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_type t on t.oid = p.prorettype
       where n.nspname = 'public' and p.prokind = 'f'
       -- Overloads in the order they were created, so an ambiguous call (PGRST203) names its candidates
       -- alike every time: unordered, the heap's order moved once migrations dropped and re-created functions.
       order by p.oid`,
    ),
    // Only settings a role may set for itself (context 'user'), as PostgREST's own query; and those
    // of authenticator, which PostgREST logs in as.
    db.query<{ role: string; name: string; value: string }>(
      `select r.rolname as role, s.name, substr(entry, strpos(entry, '=') + 1) as value
       from pg_roles r cross join unnest(r.rolconfig) entry
       join pg_settings s on s.name = split_part(entry, '=', 1) and s.context = 'user'
       where r.rolname = any($1)`,
      [[...API_ROLES, "authenticator"]],
    ),
  ]);
  const tables = new Map<string, TableInfo>();
  for (const row of columns.rows) {
    const table = tables.get(row.table_name) ?? { columns: new Set<string>(), primaryKey: [], defaults: new Map<string, string>() };
    table.columns.add(row.column_name);
    if (row.in_primary_key) table.primaryKey.push(row.column_name);
    if (row.default_value !== null) table.defaults.set(row.column_name, row.default_value);
    tables.set(row.table_name, table);
  }
  const functionMap = new Map<string, FunctionInfo[]>();
  for (const row of functions.rows) functionMap.set(row.name, [...(functionMap.get(row.name) ?? []), functionInfo(row)]);
  const roleSettings = new Map<string, [string, string][]>();
  for (const row of settings.rows) roleSettings.set(row.role, [...(roleSettings.get(row.role) ?? []), [row.name, row.value]]);
  return { tables, functions: functionMap, roleSettings };
}

/**
 * Loads on first use and again when a request names a table or function it does not know
 * (PostgREST reloads on a NOTIFY instead). Read outside the request's transaction: PGlite has
 * one connection, so a query outside an open transaction would wait for it forever.
 */
export function createSchemaCache(db: Database) {
  let cached: Promise<SchemaCache> | null = null;
  return async function schemaFor(name: string): Promise<SchemaCache> {
    const schema = await (cached ??= loadSchema(db));
    if (schema.tables.has(name) || schema.functions.has(name)) return schema;
    cached = loadSchema(db);
    return cached;
  };
}
