import type { CallPlan } from "./call";
import { ApiError } from "./errors";
import { columnsOf, type ParsedQuery, type Preferences } from "./parse";
import type { SchemaCache, TableInfo } from "./schema-cache";
import { asJsonRows, orderBy, Parameters, quote, rowLimit, selectList, type Statement } from "./sql";

/**
 * Stage 2: a parsed request becomes one SQL statement with bound parameters, after every
 * identifier is checked against the schema cache. Each statement yields the response body as
 * JSON text and its row count, like PostgREST's own.
 */

export type Plan =
  | { kind: "read"; statement: Statement; count: Statement | null; offset: number }
  | { kind: "write"; method: "POST" | "PATCH" | "DELETE"; statement: Statement; resolution: Preferences["resolution"] }
  | CallPlan
  /** A write with nothing to write: PostgREST answers without touching the database. */
  | { kind: "nothing"; method: "POST" | "PATCH"; resolution: Preferences["resolution"] };

/** GET and HEAD, and calls of stable or immutable functions, run in a read-only transaction. */
export const isReadOnly = (plan: Plan) => plan.kind === "read" || (plan.kind === "call" && plan.readOnly);

function tableInfo(schema: SchemaCache, table: string): TableInfo {
  const info = schema.tables.get(table);
  if (!info) throw new ApiError(404, "PGRST205", `Could not find the table 'public.${table}' in the schema cache`);
  return info;
}

function checkColumns(table: string, info: TableInfo, names: string[], code: "42703" | "PGRST204" = "42703") {
  const unknown = names.find((name) => !info.columns.has(name));
  if (unknown === undefined) return;
  if (code === "PGRST204") {
    throw new ApiError(400, code, `Could not find the '${unknown}' column of '${table}' in the schema cache`);
  }
  throw new ApiError(400, code, `column ${table}.${unknown} does not exist`);
}

const selectedColumns = (query: ParsedQuery) => (query.select === "*" ? [] : query.select.map((item) => item.column));

export function planRead(schema: SchemaCache, table: string, query: ParsedQuery, prefer: Preferences, maxRows: number): Plan {
  const info = tableInfo(schema, table);
  checkColumns(table, info, [...selectedColumns(query), ...columnsOf(query.where), ...query.order.map((item) => item.column)]);
  const params = new Parameters();
  const where = params.where(table, query.where);
  const sql = asJsonRows(
    `select ${selectList(query, table)} from public.${quote(table)}${where}${orderBy(table, query.order)} limit ${rowLimit(query, maxRows)} offset ${query.offset}`,
  );
  let count: Statement | null = null;
  if (prefer.count) {
    const countParams = new Parameters();
    const countWhere = countParams.where(table, query.where);
    count = { sql: `select count(*)::int as total from public.${quote(table)}${countWhere}`, params: countParams.values };
  }
  return { kind: "read", statement: { sql, params: params.values }, count, offset: query.offset };
}

/**
 * `missing=default` as PostgREST builds it: each row's missing columns, of those the write names,
 * take the column's default, evaluated per row (`jsonb_build_object(…) || row`); null when none of
 * them has a default. The expressions come from the catalog, never from the request.
 */
function columnDefaults(info: TableInfo, columns: string[]): string | null {
  const pairs = columns.filter((column) => info.defaults.has(column)).map((column) => `'${column.replace(/'/g, "''")}', ${info.defaults.get(column)}`);
  return pairs.length ? `jsonb_build_object(${pairs.join(", ")})` : null;
}

export function planWrite(
  schema: SchemaCache,
  method: "POST" | "PATCH" | "DELETE",
  table: string,
  query: ParsedQuery,
  prefer: Preferences,
  payload: unknown,
): Plan {
  const info = tableInfo(schema, table);
  checkColumns(table, info, [...selectedColumns(query), ...columnsOf(query.where)]);
  const returning = prefer.representation ? selectList(query, table) : "1";
  const params = new Parameters();
  const written = (statement: string): Plan => ({
    kind: "write",
    method,
    resolution: prefer.resolution,
    statement: {
      sql: `with _written as (${statement} returning ${returning})
            select coalesce(json_agg(_written), '[]')::text as body, count(*)::int as rows from _written`,
      params: params.values,
    },
  });

  if (method !== "POST" && (query.limit !== null || query.offset)) {
    throw new ApiError(400, "PGRST100", `limit and offset on ${method} are not supported by the local backend`);
  }
  if (method === "DELETE") {
    if (!query.where.length) throw new ApiError(400, "21000", "DELETE requires a WHERE clause");
    return written(`delete from public.${quote(table)}${params.where(table, query.where)}`);
  }
  if (payload === undefined || payload === null || typeof payload !== "object") {
    throw new ApiError(400, "PGRST102", "Empty or invalid json");
  }
  const rows = (Array.isArray(payload) ? payload : [payload]) as unknown[];
  if (rows.some((row) => row === null || typeof row !== "object" || Array.isArray(row))) {
    throw new ApiError(400, "PGRST102", "All object keys must match");
  }
  const columns = query.columns ?? [...new Set(rows.flatMap((row) => Object.keys(row as object)))];
  checkColumns(table, info, columns, "PGRST204");
  const recordType = `null::public.${quote(table)}`;
  const defaults = prefer.missingDefault ? columnDefaults(info, columns) : null;

  if (method === "PATCH") {
    if (Array.isArray(payload)) throw new ApiError(400, "PGRST102", "PATCH expects a single object");
    if (!query.where.length) throw new ApiError(400, "21000", "UPDATE requires a WHERE clause");
    if (!columns.length) return { kind: "nothing", method, resolution: null };
    const object = `${params.add(JSON.stringify(payload))}::json`;
    const values = defaults ? `(${defaults} || ${object}::jsonb)::json` : object;
    const assignments = columns.map((column) => `${quote(column)} = _values.${quote(column)}`).join(", ");
    return written(
      `update public.${quote(table)} set ${assignments}
       from (select * from json_populate_record(${recordType}, ${values})) _values${params.where(table, query.where)}`,
    );
  }

  if (!rows.length) return { kind: "nothing", method, resolution: prefer.resolution };
  if (!columns.length) return written(`insert into public.${quote(table)} default values`);
  const list = columns.map(quote).join(", ");
  const array = `${params.add(JSON.stringify(rows))}::json`;
  const values = defaults
    ? `(select coalesce(json_agg(${defaults} || _element), '[]') from jsonb_array_elements(${array}::jsonb) _element)`
    : array;
  const keys = query.onConflict ?? info.primaryKey;
  if (!prefer.resolution || !keys.length) {
    return written(`insert into public.${quote(table)} (${list}) select ${list} from json_populate_recordset(${recordType}, ${values})`);
  }
  checkColumns(table, info, keys);
  const target = keys.map(quote).join(", ");
  if (prefer.resolution === "ignore") {
    return written(
      `insert into public.${quote(table)} (${list}) select ${list} from json_populate_recordset(${recordType}, ${values})
       on conflict (${target}) do nothing`,
    );
  }
  // PostgREST's count of inserted rows: +1 per candidate row, -1 per row the conflict updated.
  // Every payload column is set, keys included, so a key-only upsert still returns its rows.
  const countInserted = (step: "+" | "-") =>
    `set_config('pgrst.inserted', (coalesce(nullif(current_setting('pgrst.inserted', true), '')::int, 0) ${step} 1)::text, true) is not null`;
  return written(
    `insert into public.${quote(table)} (${list})
     select ${list} from json_populate_recordset(${recordType}, ${values}) where ${countInserted("+")}
     on conflict (${target}) do update set ${columns.map((column) => `${quote(column)} = excluded.${quote(column)}`).join(", ")}
     where ${countInserted("-")}`,
  );
}
