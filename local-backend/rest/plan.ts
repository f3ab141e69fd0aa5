import { ApiError } from "./errors";
import { columnsOf, type Condition, type ParsedQuery, type Preferences } from "./parse";
import type { SchemaCache, TableInfo } from "./schema-cache";

/**
 * Stage 2: a parsed request becomes one SQL statement with bound parameters, after every
 * identifier is checked against the schema cache. Each statement yields the response body as
 * JSON text and its row count, like PostgREST's own.
 */

export interface Statement {
  sql: string;
  params: unknown[];
}

export type Plan =
  | { kind: "read"; statement: Statement; count: Statement | null; offset: number }
  | { kind: "write"; method: "POST" | "PATCH" | "DELETE"; statement: Statement; resolution: Preferences["resolution"] }
  | { kind: "call"; statement: Statement; returns: "void" | "rows" | "value"; readOnly: boolean }
  /** A write with nothing to write: PostgREST answers without touching the database. */
  | { kind: "nothing"; method: "POST" | "PATCH"; resolution: Preferences["resolution"] };

/** GET and HEAD, and calls of stable or immutable functions, run in a read-only transaction. */
export const isReadOnly = (plan: Plan) => plan.kind === "read" || (plan.kind === "call" && plan.readOnly);

const quote = (name: string) => `"${name}"`;

/** An array literal for `= any($1)`: Postgres reads it as the column's type, as PostgREST's does. */
const arrayLiteral = (values: string[]) =>
  `{${values.map((value) => `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`).join(",")}}`;

/** Collects parameters while a statement is built, so no value is ever spliced into SQL. */
class Parameters {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }

  condition(table: string, condition: Condition): string {
    if (condition.kind === "group") {
      const inner = condition.conditions.map((child) => this.condition(table, child));
      const joined = inner.length ? `(${inner.join(condition.junction === "and" ? " and " : " or ")})` : "true";
      return condition.negated ? `not ${joined}` : joined;
    }
    const column = `${quote(table)}.${quote(condition.column)}`;
    let sql: string;
    switch (condition.operator) {
      case "is": {
        const value = (condition.value as string).toLowerCase();
        sql = value === "not_null" ? `${column} is not null` : `${column} is ${value}`;
        break;
      }
      case "in":
        sql = `${column} = any(${this.add(arrayLiteral(condition.value as string[]))})`;
        break;
      case "like":
      case "ilike":
        sql = `${column}::text ${condition.operator} ${this.add(condition.value)}`;
        break;
      default: {
        const symbol = { eq: "=", neq: "<>", gt: ">", gte: ">=", lt: "<", lte: "<=" }[condition.operator];
        sql = `${column} ${symbol} ${this.add(condition.value)}`;
      }
    }
    return condition.negated ? `not (${sql})` : sql;
  }

  where(table: string, conditions: Condition[]): string {
    if (!conditions.length) return "";
    return ` where ${conditions.map((condition) => this.condition(table, condition)).join(" and ")}`;
  }
}

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

function selectList(query: ParsedQuery, table: string): string {
  if (query.select === "*") return `${quote(table)}.*`;
  return query.select
    .map((item) => `${quote(table)}.${quote(item.column)}${item.cast ? `::${item.cast}` : ""} as ${quote(item.alias)}`)
    .join(", ");
}

const selectedColumns = (query: ParsedQuery) => (query.select === "*" ? [] : query.select.map((item) => item.column));

/** Wraps a statement so it answers the rows as one JSON array and their count. */
const asJsonRows = (source: string) =>
  `select coalesce(json_agg(_row), '[]')::text as body, count(*)::int as rows from (${source}) _row`;

export function planRead(schema: SchemaCache, table: string, query: ParsedQuery, prefer: Preferences, maxRows: number): Plan {
  const info = tableInfo(schema, table);
  checkColumns(table, info, [...selectedColumns(query), ...columnsOf(query.where), ...query.order.map((item) => item.column)]);
  const params = new Parameters();
  const where = params.where(table, query.where);
  const order = query.order.length
    ? ` order by ${query.order
        .map((item) => `${quote(table)}.${quote(item.column)} ${item.descending ? "desc" : "asc"}${item.nulls ? ` nulls ${item.nulls}` : ""}`)
        .join(", ")}`
    : "";
  const limit = Math.min(query.limit ?? maxRows, maxRows);
  const sql = asJsonRows(
    `select ${selectList(query, table)} from public.${quote(table)}${where}${order} limit ${limit} offset ${query.offset}`,
  );
  let count: Statement | null = null;
  if (prefer.count) {
    const countParams = new Parameters();
    const countWhere = countParams.where(table, query.where);
    count = { sql: `select count(*)::int as total from public.${quote(table)}${countWhere}`, params: countParams.values };
  }
  return { kind: "read", statement: { sql, params: params.values }, count, offset: query.offset };
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

  if (method === "PATCH") {
    if (Array.isArray(payload)) throw new ApiError(400, "PGRST102", "PATCH expects a single object");
    if (!query.where.length) throw new ApiError(400, "21000", "UPDATE requires a WHERE clause");
    if (!columns.length) return { kind: "nothing", method, resolution: null };
    const values = params.add(JSON.stringify(payload));
    const assignments = columns.map((column) => `${quote(column)} = _values.${quote(column)}`).join(", ");
    return written(
      `update public.${quote(table)} set ${assignments}
       from (select * from json_populate_record(${recordType}, ${values}::json)) _values${params.where(table, query.where)}`,
    );
  }

  if (!rows.length) return { kind: "nothing", method, resolution: prefer.resolution };
  if (!columns.length) return written(`insert into public.${quote(table)} default values`);
  const list = columns.map(quote).join(", ");
  const values = params.add(JSON.stringify(rows));
  const keys = query.onConflict ?? info.primaryKey;
  if (!prefer.resolution || !keys.length) {
    return written(`insert into public.${quote(table)} (${list}) select ${list} from json_populate_recordset(${recordType}, ${values}::json)`);
  }
  checkColumns(table, info, keys);
  const target = keys.map(quote).join(", ");
  if (prefer.resolution === "ignore") {
    return written(
      `insert into public.${quote(table)} (${list}) select ${list} from json_populate_recordset(${recordType}, ${values}::json)
       on conflict (${target}) do nothing`,
    );
  }
  // PostgREST's count of inserted rows: +1 per candidate row, -1 per row the conflict updated.
  // Every payload column is set, keys included, so a key-only upsert still returns its rows.
  const countInserted = (step: "+" | "-") =>
    `set_config('pgrst.inserted', (coalesce(nullif(current_setting('pgrst.inserted', true), '')::int, 0) ${step} 1)::text, true) is not null`;
  return written(
    `insert into public.${quote(table)} (${list})
     select ${list} from json_populate_recordset(${recordType}, ${values}::json) where ${countInserted("+")}
     on conflict (${target}) do update set ${columns.map((column) => `${quote(column)} = excluded.${quote(column)}`).join(", ")}
     where ${countInserted("-")}`,
  );
}

export function planCall(schema: SchemaCache, name: string, args: unknown, viaGet: boolean): Plan {
  const fn = schema.functions.get(name);
  if (!args || typeof args !== "object" || Array.isArray(args)) throw new ApiError(400, "PGRST102", "Empty or invalid json");
  const given = Object.keys(args);
  if (!fn || given.some((key) => !fn.args.some((arg) => arg.name === key))) {
    throw new ApiError(
      404,
      "PGRST202",
      `Could not find the function public.${name}(${given.join(", ")}) in the schema cache`,
      `Searched for the function public.${name} with parameters ${given.join(", ")} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
    );
  }
  const values = args as Record<string, unknown>;
  const params = new Parameters();
  const call = `public.${quote(name)}(${fn.args
    .filter((arg) => arg.name in values)
    .map((arg) => {
      const value = values[arg.name];
      // PostgREST reads a JSON body with json_to_record, which turns a JSON array into a Postgres array.
      if (Array.isArray(value) && arg.type.endsWith("[]")) {
        return `${quote(arg.name)} => array(select json_array_elements_text(${params.add(JSON.stringify(value))}::json))::${arg.type}`;
      }
      const text = value === null || value === undefined ? null : typeof value === "string" ? value : JSON.stringify(value);
      return `${quote(arg.name)} => ${params.add(text)}::${arg.type}`;
    })
    .join(", ")})`;
  const readOnly = viaGet || fn.readOnly;
  if (fn.returnsVoid) return { kind: "call", returns: "void", readOnly, statement: { sql: `select ${call}`, params: params.values } };
  if (fn.returnsRows) return { kind: "call", returns: "rows", readOnly, statement: { sql: asJsonRows(`select * from ${call}`), params: params.values } };
  return { kind: "call", returns: "value", readOnly, statement: { sql: `select to_json(${call})::text as body, 1 as rows`, params: params.values } };
}
