import type { Transaction } from "@electric-sql/pglite";
import type { BackendConfig } from "./config";
import type { Database } from "./database";
import { header, json, parseJson, type Reply, type Request } from "./http";
import type { Claims } from "./keys";
import { columnsOf, parseQuery, QueryError, type Condition, type ParsedQuery } from "./rest-query";

/**
 * PostgREST under /rest/v1: each request runs in one transaction as the token's role with its
 * claims in request.jwt.claims, so row level security and privileges are Postgres's own.
 */

interface PgError {
  code?: string;
  message: string;
  detail?: string;
  hint?: string;
}

interface FunctionInfo {
  args: { name: string; type: string }[];
  returnsSet: boolean;
  returnsVoid: boolean;
  returnsRows: boolean;
}

interface SchemaCache {
  tables: Map<string, Set<string>>;
  functions: Map<string, FunctionInfo>;
}

const API_ROLES = new Set(["anon", "authenticated", "service_role"]);
const SINGLE_OBJECT = "application/vnd.pgrst.object+json";

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: { code: string; message: string; details: string | null; hint: string | null },
  ) {
    super(body.message);
  }
}

const apiError = (status: number, code: string, message: string, details: string | null = null, hint: string | null = null) =>
  new ApiError(status, { code, message, details, hint });

function statusForPgError(code: string | undefined, role: string): number {
  if (!code) return 500;
  if (code === "42501") return role === "anon" ? 401 : 403;
  if (code === "23505" || code === "23503") return 409;
  if (code === "42P01" || code === "42883") return 404;
  if (code === "42P17" || code === "57014") return 500;
  if (code.startsWith("PT") && /^\d{3}$/.test(code.slice(2))) return Number(code.slice(2));
  return 400;
}

const quote = (name: string) => `"${name}"`;

async function loadSchema(db: Database): Promise<SchemaCache> {
  const columns = await db.query<{ table_name: string; column_name: string }>(
    `select c.relname as table_name, a.attname as column_name
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
     where n.nspname = 'public' and c.relkind in ('r', 'v', 'm', 'p')`,
  );
  const tables = new Map<string, Set<string>>();
  for (const row of columns.rows) {
    if (!tables.has(row.table_name)) tables.set(row.table_name, new Set());
    tables.get(row.table_name)!.add(row.column_name);
  }
  const functions = await db.query<{
    name: string;
    arg_names: string[] | null;
    arg_types: string[];
    returns_set: boolean;
    returns_void: boolean;
    returns_rows: boolean;
  }>(
    `select p.proname as name, p.proargnames as arg_names,
            array(select format_type(t, null) from unnest(p.proargtypes) t) as arg_types,
            p.proretset as returns_set, p.prorettype = 'void'::regtype as returns_void,
            (p.proretset or t.typtype = 'c' or p.prorettype = 'record'::regtype) as returns_rows
     from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_type t on t.oid = p.prorettype
     where n.nspname = 'public' and p.prokind = 'f'`,
  );
  const functionMap = new Map<string, FunctionInfo>();
  for (const row of functions.rows) {
    functionMap.set(row.name, {
      args: row.arg_types.map((type, index) => ({ name: row.arg_names?.[index] ?? `$${index + 1}`, type })),
      returnsSet: row.returns_set,
      returnsVoid: row.returns_void,
      returnsRows: row.returns_rows,
    });
  }
  return { tables, functions: functionMap };
}

class SqlBuilder {
  readonly params: unknown[] = [];

  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
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
        sql = `${column}::text = any(${this.param(condition.value)}::text[])`;
        break;
      case "like":
      case "ilike":
        sql = `${column}::text ${condition.operator} ${this.param(condition.value)}`;
        break;
      default: {
        const symbol = { eq: "=", neq: "<>", gt: ">", gte: ">=", lt: "<", lte: "<=" }[condition.operator];
        sql = `${column} ${symbol} ${this.param(condition.value)}`;
      }
    }
    return condition.negated ? `not (${sql})` : sql;
  }

  where(table: string, conditions: Condition[]): string {
    if (!conditions.length) return "";
    return ` where ${conditions.map((condition) => this.condition(table, condition)).join(" and ")}`;
  }
}

function preferences(request: Request) {
  const values = (header(request, "prefer") ?? "").split(",").map((value) => value.trim());
  return {
    representation: values.includes("return=representation"),
    count: values.includes("count=exact") || values.includes("count=planned") || values.includes("count=estimated"),
    resolution: values.includes("resolution=merge-duplicates")
      ? "merge"
      : values.includes("resolution=ignore-duplicates")
        ? "ignore"
        : null,
  };
}

export function createRest(db: Database, config: BackendConfig) {
  let cachedSchema: Promise<SchemaCache> | null = null;
  // The cache is read before a request's transaction opens: PGlite has one connection, so a
  // query outside the transaction would wait for it forever.
  async function schemaFor(name: string): Promise<SchemaCache> {
    const cached = await (cachedSchema ??= loadSchema(db));
    if (cached.tables.has(name) || cached.functions.has(name)) return cached;
    cachedSchema = loadSchema(db);
    return cachedSchema;
  }

  function tableColumns(schema: SchemaCache, table: string): Set<string> {
    const columns = schema.tables.get(table);
    if (!columns) {
      throw apiError(404, "PGRST205", `Could not find the table 'public.${table}' in the schema cache`);
    }
    return columns;
  }

  function checkColumns(table: string, known: Set<string>, names: string[], code = "42703") {
    for (const name of names) {
      if (!known.has(name)) {
        if (code === "PGRST204") {
          throw apiError(400, code, `Could not find the '${name}' column of '${table}' in the schema cache`);
        }
        throw apiError(400, code, `column ${table}.${name} does not exist`);
      }
    }
  }

  function selectList(query: ParsedQuery, table: string): string {
    if (query.select === "*") return `${quote(table)}.*`;
    return query.select
      .map((item) => `${quote(table)}.${quote(item.column)}${item.cast ? `::${item.cast}` : ""} as ${quote(item.alias)}`)
      .join(", ");
  }

  async function read(tx: Transaction, schema: SchemaCache, request: Request, table: string, query: ParsedQuery): Promise<Reply> {
    const known = tableColumns(schema, table);
    checkColumns(table, known, [
      ...(query.select === "*" ? [] : query.select.map((item) => item.column)),
      ...columnsOf(query.where),
      ...query.order.map((item) => item.column),
    ]);
    const sql = new SqlBuilder();
    const where = sql.where(table, query.where);
    const order = query.order.length
      ? ` order by ${query.order
          .map(
            (item) =>
              `${quote(table)}.${quote(item.column)} ${item.descending ? "desc" : "asc"}${
                item.nulls ? ` nulls ${item.nulls}` : ""
              }`,
          )
          .join(", ")}`
      : "";
    const limit = Math.min(query.limit ?? config.maxRows, config.maxRows);
    const statement = `select coalesce(json_agg(_row), '[]')::text as body, count(*)::int as rows
      from (select ${selectList(query, table)} from public.${quote(table)}${where}${order}
            limit ${limit} offset ${query.offset}) _row`;
    const result = (await tx.query<{ body: string; rows: number }>(statement, sql.params)).rows[0];
    const prefer = preferences(request);
    let total: number | null = null;
    if (prefer.count) {
      const counter = new SqlBuilder();
      const countWhere = counter.where(table, query.where);
      total = (
        await tx.query<{ n: number }>(`select count(*)::int as n from public.${quote(table)}${countWhere}`, counter.params)
      ).rows[0].n;
      if (query.offset > 0 && query.offset >= total && total > 0) {
        throw apiError(416, "PGRST103", "Requested range not satisfiable", `An offset of ${query.offset} was requested, but there are only ${total} rows.`);
      }
    }
    const range = result.rows ? `${query.offset}-${query.offset + result.rows - 1}` : "*";
    const headers = { "content-range": `${range}/${total ?? "*"}` };
    const partial = total !== null && result.rows < total;
    return respond(request, partial ? 206 : 200, result.body, result.rows, headers);
  }

  function respond(request: Request, status: number, body: string, rows: number, headers: Record<string, string>): Reply {
    if ((header(request, "accept") ?? "").includes(SINGLE_OBJECT)) {
      if (rows !== 1) {
        throw apiError(406, "PGRST116", "Cannot coerce the result to a single JSON object", `The result contains ${rows} rows`);
      }
      const object = JSON.stringify((JSON.parse(body) as unknown[])[0]);
      return {
        status,
        headers: { "content-type": `${SINGLE_OBJECT}; charset=utf-8`, ...headers },
        body: request.method === "HEAD" ? "" : object,
      };
    }
    return {
      status,
      headers: { "content-type": "application/json; charset=utf-8", ...headers },
      body: request.method === "HEAD" ? "" : body,
    };
  }

  async function write(tx: Transaction, schema: SchemaCache, request: Request, table: string, query: ParsedQuery): Promise<Reply> {
    const known = tableColumns(schema, table);
    const prefer = preferences(request);
    checkColumns(table, known, [
      ...(query.select === "*" ? [] : query.select.map((item) => item.column)),
      ...columnsOf(query.where),
    ]);
    const returning = prefer.representation ? selectList(query, table) : "1";
    const sql = new SqlBuilder();
    let statement: string;

    if (request.method === "DELETE") {
      if (!query.where.length) throw apiError(400, "21000", "DELETE requires a WHERE clause");
      statement = `delete from public.${quote(table)}${sql.where(table, query.where)} returning ${returning}`;
    } else {
      const payload = parseJson(request.body);
      if (payload === undefined || payload === null || typeof payload !== "object") {
        throw apiError(400, "PGRST102", "Empty or invalid json");
      }
      const rows = (Array.isArray(payload) ? payload : [payload]) as Record<string, unknown>[];
      if (rows.some((row) => row === null || typeof row !== "object" || Array.isArray(row))) {
        throw apiError(400, "PGRST102", "All object keys must match");
      }
      const columns = query.columns ?? [...new Set(rows.flatMap((row) => Object.keys(row)))];
      checkColumns(table, known, columns, "PGRST204");
      const list = columns.map(quote).join(", ");

      if (request.method === "PATCH") {
        if (Array.isArray(payload)) throw apiError(400, "PGRST102", "PATCH expects a single object");
        if (!query.where.length) throw apiError(400, "21000", "UPDATE requires a WHERE clause");
        if (!columns.length) return respond(request, 204, "[]", 0, {});
        const values = sql.param(JSON.stringify(payload));
        const assignments = columns.map((column) => `${quote(column)} = _values.${quote(column)}`).join(", ");
        statement = `update public.${quote(table)} set ${assignments}
          from (select * from json_populate_record(null::public.${quote(table)}, ${values}::json)) _values
          ${sql.where(table, query.where)} returning ${returning}`;
      } else {
        if (!rows.length) return respond(request, 201, "[]", 0, {});
        const values = sql.param(JSON.stringify(rows));
        const source = columns.length
          ? `select ${list} from json_populate_recordset(null::public.${quote(table)}, ${values}::json)`
          : `select from json_populate_recordset(null::public.${quote(table)}, ${values}::json)`;
        let conflict = "";
        if (prefer.resolution) {
          const keys = query.onConflict ?? ["id"];
          checkColumns(table, known, keys);
          const updates = columns.filter((column) => !keys.includes(column));
          conflict =
            prefer.resolution === "ignore" || !updates.length
              ? ` on conflict (${keys.map(quote).join(", ")}) do nothing`
              : ` on conflict (${keys.map(quote).join(", ")}) do update set ${updates
                  .map((column) => `${quote(column)} = excluded.${quote(column)}`)
                  .join(", ")}`;
        }
        statement = columns.length
          ? `insert into public.${quote(table)} (${list}) ${source}${conflict} returning ${returning}`
          : `insert into public.${quote(table)} default values returning ${returning}`;
      }
    }

    const result = (
      await tx.query<{ body: string; rows: number }>(
        `with _written as (${statement}) select coalesce(json_agg(_written), '[]')::text as body, count(*)::int as rows from _written`,
        sql.params,
      )
    ).rows[0];
    const headers = { "content-range": `*/${prefer.count ? result.rows : "*"}` };
    const status = request.method === "POST" ? 201 : prefer.representation ? 200 : 204;
    if (!prefer.representation) {
      if ((header(request, "accept") ?? "").includes(SINGLE_OBJECT) && result.rows !== 1) {
        throw apiError(406, "PGRST116", "Cannot coerce the result to a single JSON object", `The result contains ${result.rows} rows`);
      }
      return { status, headers };
    }
    return respond(request, status, result.body, result.rows, headers);
  }

  async function rpc(tx: Transaction, schema: SchemaCache, request: Request, name: string): Promise<Reply> {
    const fn = schema.functions.get(name);
    const args =
      request.method === "GET" || request.method === "HEAD"
        ? Object.fromEntries(request.url.searchParams)
        : (parseJson(request.body) as Record<string, unknown> | undefined);
    if (!args || typeof args !== "object" || Array.isArray(args)) throw apiError(400, "PGRST102", "Empty or invalid json");
    const given = Object.keys(args);
    if (!fn || given.some((key) => !fn.args.some((arg) => arg.name === key))) {
      throw apiError(
        404,
        "PGRST202",
        `Could not find the function public.${name}(${given.join(", ")}) in the schema cache`,
        `Searched for the function public.${name} with parameters ${given.join(", ")} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
      );
    }
    const sql = new SqlBuilder();
    const call = `public.${quote(name)}(${fn.args
      .filter((arg) => arg.name in args)
      .map((arg) => {
        const value = args[arg.name];
        const text = value === null || value === undefined ? null : typeof value === "string" ? value : JSON.stringify(value);
        return `${quote(arg.name)} => ${sql.param(text)}::${arg.type}`;
      })
      .join(", ")})`;
    if (fn.returnsVoid) {
      await tx.query(`select ${call}`, sql.params);
      return { status: 204 };
    }
    if (fn.returnsRows) {
      const result = (
        await tx.query<{ body: string; rows: number }>(
          `select coalesce(json_agg(_row), '[]')::text as body, count(*)::int as rows from ${call} _row`,
          sql.params,
        )
      ).rows[0];
      return respond(request, 200, result.body, result.rows, { "content-range": `*/*` });
    }
    const result = (await tx.query<{ body: string }>(`select to_json(${call})::text as body`, sql.params)).rows[0];
    return { status: 200, headers: { "content-type": "application/json; charset=utf-8" }, body: result.body ?? "null" };
  }

  /** Routes a request whose path starts with /rest/v1, as the role of its verified claims. */
  return async function handleRest(request: Request, claims: Claims): Promise<Reply> {
    const role = String(claims.role ?? "anon");
    if (!API_ROLES.has(role)) return json(401, { code: "PGRST301", message: "JWT role is not an API role", details: null, hint: null });
    const path = request.url.pathname.slice("/rest/v1".length).replace(/^\/+/, "");
    if (!path) return json(200, { swagger: "2.0", info: { title: "local PostgREST" } });
    const [first, second] = path.split("/");
    const profile = header(request, "accept-profile") ?? header(request, "content-profile");
    try {
      if (profile && profile !== "public") {
        throw apiError(406, "PGRST106", "The schema must be one of the following: public", null, null);
      }
      const query = parseQuery(request.url.searchParams);
      const schema = await schemaFor(first === "rpc" ? (second ?? "") : first);
      return await db.transaction(async (tx) => {
        await tx.exec(`set local role ${role}`);
        await tx.query(
          `select set_config('request.jwt.claims', $1, true), set_config('request.method', $2, true),
                  set_config('request.path', $3, true), set_config('search_path', 'public, extensions', true)`,
          [JSON.stringify(claims), request.method, request.url.pathname],
        );
        if (first === "rpc" && second) return rpc(tx, schema, request, second);
        const table = first;
        if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(table) || second !== undefined) {
          throw apiError(404, "PGRST205", `Could not find the table 'public.${table}' in the schema cache`);
        }
        if (request.method === "GET" || request.method === "HEAD") return read(tx, schema, request, table, query);
        if (["POST", "PATCH", "DELETE"].includes(request.method)) return write(tx, schema, request, table, query);
        throw apiError(405, "PGRST117", `Unsupported HTTP method: ${request.method}`);
      });
    } catch (error) {
      if (error instanceof ApiError) return json(error.status, error.body);
      if (error instanceof QueryError) return json(400, { code: "PGRST100", message: error.message, details: error.details, hint: null });
      const pg = error as PgError;
      const status = statusForPgError(pg.code, role);
      if (status >= 500) console.error("[rest]", pg.message);
      return json(
        status,
        { code: pg.code ?? "XX000", message: pg.message, details: pg.detail ?? null, hint: pg.hint ?? null },
        status === 401 ? { "www-authenticate": "Bearer" } : {},
      );
    }
  };
}
