import type { Database } from "../database";

/**
 * PostgREST's schema cache: the exposed schema's tables and functions, and the API roles'
 * own settings (ALTER ROLE … SET), which PostgREST applies in every transaction it runs as them.
 */

export interface TableInfo {
  columns: Set<string>;
  primaryKey: string[];
}

export interface FunctionInfo {
  args: { name: string; type: string }[];
  returnsVoid: boolean;
  returnsRows: boolean;
  /** Stable and immutable functions run read-only even when called by POST. */
  readOnly: boolean;
}

export interface SchemaCache {
  tables: Map<string, TableInfo>;
  functions: Map<string, FunctionInfo>;
  roleSettings: Map<string, [name: string, value: string][]>;
}

export const API_ROLES = ["anon", "authenticated", "service_role"] as const;

async function loadSchema(db: Database): Promise<SchemaCache> {
  const [columns, functions, settings] = await Promise.all([
    db.query<{ table_name: string; column_name: string; in_primary_key: boolean }>(
      `select c.relname as table_name, a.attname as column_name,
              coalesce(a.attnum = any(i.indkey), false) as in_primary_key
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
       left join pg_index i on i.indrelid = c.oid and i.indisprimary
       where n.nspname = 'public' and c.relkind in ('r', 'v', 'm', 'p')
       order by c.relname, a.attnum`,
    ),
    db.query<{ name: string; arg_names: string[] | null; arg_types: string[]; returns_void: boolean; returns_rows: boolean; read_only: boolean }>(
      `select p.proname as name, p.proargnames as arg_names,
              array(select format_type(t, null) from unnest(p.proargtypes) t) as arg_types,
              p.prorettype = 'void'::regtype as returns_void,
              (p.proretset or t.typtype = 'c' or p.prorettype = 'record'::regtype) as returns_rows,
              p.provolatile in ('s', 'i') as read_only
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_type t on t.oid = p.prorettype
       where n.nspname = 'public' and p.prokind = 'f'`,
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
    const table = tables.get(row.table_name) ?? { columns: new Set<string>(), primaryKey: [] };
    table.columns.add(row.column_name);
    if (row.in_primary_key) table.primaryKey.push(row.column_name);
    tables.set(row.table_name, table);
  }
  const functionMap = new Map<string, FunctionInfo>();
  for (const row of functions.rows) {
    functionMap.set(row.name, {
      args: row.arg_types.map((type, index) => ({ name: row.arg_names?.[index] ?? `$${index + 1}`, type })),
      returnsVoid: row.returns_void,
      returnsRows: row.returns_rows,
      readOnly: row.read_only,
    });
  }
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
