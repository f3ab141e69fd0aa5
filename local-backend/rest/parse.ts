/**
 * Stage 1 of a PostgREST request: the URL grammar (the subset supabase-js produces) and the
 * Prefer header, parsed into plain data. Nothing here touches SQL: plan.ts checks every
 * identifier against the schema cache and binds every value as a parameter.
 */

export class QueryError extends Error {
  constructor(
    message: string,
    readonly details: string | null = null,
  ) {
    super(message);
  }
}

export interface SelectItem {
  column: string;
  alias: string;
  cast: string | null;
}

export type Operator = "eq" | "neq" | "gt" | "gte" | "lt" | "lte" | "like" | "ilike" | "is" | "in";

export type Condition =
  | { kind: "filter"; column: string; operator: Operator; negated: boolean; value: string | string[] }
  | { kind: "group"; junction: "and" | "or"; negated: boolean; conditions: Condition[] };

export interface OrderItem {
  column: string;
  descending: boolean;
  nulls: "first" | "last" | null;
}

export interface ParsedQuery {
  select: SelectItem[] | "*";
  where: Condition[];
  /** A GET call's arguments: the parameters that are no filter (PostgREST's qsParams). */
  args: Record<string, string>;
  order: OrderItem[];
  limit: number | null;
  offset: number;
  onConflict: string[] | null;
  columns: string[] | null;
}

const OPERATORS = new Set<Operator>(["eq", "neq", "gt", "gte", "lt", "lte", "like", "ilike", "is", "in"]);
const CASTS = new Set(["text", "int", "integer", "bigint", "numeric", "boolean", "bool", "uuid", "json", "jsonb", "date", "timestamptz"]);
const RESERVED = new Set(["select", "order", "limit", "offset", "on_conflict", "columns"]);
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

function identifier(name: string, what = "column"): string {
  const trimmed = name.trim();
  if (!IDENTIFIER.test(trimmed)) throw new QueryError(`"failed to parse ${what}"`, `Unexpected ${what} name: ${trimmed}`);
  return trimmed;
}

/** Splits on a separator outside parentheses and double quotes. */
export function splitTopLevel(text: string, separator = ","): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = "";
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (char === "\\" && quoted && index + 1 < text.length) {
      current += char + text[++index];
      continue;
    }
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === "(") depth++;
    else if (!quoted && char === ")") depth--;
    if (char === separator && depth === 0 && !quoted) {
      parts.push(current);
      current = "";
    } else {
      current += char;
    }
  }
  if (depth !== 0 || quoted) throw new QueryError("failed to parse logic tree", `Unbalanced parentheses or quotes in ${text}`);
  parts.push(current);
  return parts;
}

function unquote(value: string): string {
  const trimmed = value.trim();
  if (trimmed.startsWith('"') && trimmed.endsWith('"') && trimmed.length >= 2) {
    return trimmed.slice(1, -1).replace(/\\(.)/g, "$1");
  }
  return trimmed;
}

export function parseSelect(select: string | null): SelectItem[] | "*" {
  if (select === null || select.trim() === "" || select.trim() === "*") return "*";
  return splitTopLevel(select).map((raw) => {
    const item = raw.trim();
    if (item.includes("(")) {
      throw new QueryError("Embedded resources are not supported by the local backend", `Unsupported select item: ${item}`);
    }
    const aliased = item.match(/^([A-Za-z_][A-Za-z0-9_]*):(?!:)(.+)$/);
    const [aliasPart, rest] = aliased ? [aliased[1], aliased[2]] : [null, item];
    const [columnPart, castPart] = rest.split("::");
    const column = identifier(columnPart);
    const cast = castPart ? castPart.trim().toLowerCase() : null;
    if (cast !== null && !CASTS.has(cast)) throw new QueryError("failed to parse select parameter", `Unsupported cast: ${cast}`);
    return { column, alias: aliasPart ? identifier(aliasPart, "alias") : column, cast };
  });
}

/** Parses one `[not.]operator.value` filter value for a column. */
export function parseFilter(column: string, expression: string): Condition {
  let rest = expression;
  let negated = false;
  if (rest.startsWith("not.")) {
    negated = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf(".");
  const operator = (dot === -1 ? rest : rest.slice(0, dot)) as Operator;
  if (dot === -1 || !OPERATORS.has(operator)) {
    throw new QueryError('"failed to parse filter (' + expression + ')" (line 1, column 1)', `Unknown operator in ${column}=${expression}`);
  }
  const raw = rest.slice(dot + 1);
  if (operator === "in") {
    if (!raw.startsWith("(") || !raw.endsWith(")")) throw new QueryError(`failed to parse filter (${expression})`, "in. needs a list in parentheses");
    const inner = raw.slice(1, -1);
    const values = inner.trim() === "" ? [] : splitTopLevel(inner).map(unquote);
    return { kind: "filter", column: identifier(column), operator, negated, value: values };
  }
  if (operator === "is" && !["null", "not_null", "true", "false", "unknown"].includes(raw.toLowerCase())) {
    throw new QueryError(`failed to parse filter (${expression})`, "is. accepts null, not_null, true, false or unknown");
  }
  const value = operator === "like" || operator === "ilike" ? raw.replace(/\*/g, "%") : raw;
  return { kind: "filter", column: identifier(column), operator, negated, value: unquote(value) };
}

/** Parses `(a.eq.1,or(b.is.null,c.gt.2))`, the argument of or= / and=. */
export function parseLogic(junction: "and" | "or", negated: boolean, expression: string): Condition {
  const trimmed = expression.trim();
  if (!trimmed.startsWith("(") || !trimmed.endsWith(")")) {
    throw new QueryError("failed to parse logic tree", `Expected parentheses in ${expression}`);
  }
  const conditions = splitTopLevel(trimmed.slice(1, -1)).map((part) => {
    const item = part.trim();
    const nested = item.match(/^(not\.)?(and|or)(\(.*\))$/s);
    if (nested) return parseLogic(nested[2] as "and" | "or", Boolean(nested[1]), nested[3]);
    const dot = item.indexOf(".");
    if (dot === -1) throw new QueryError("failed to parse logic tree", `Unexpected item ${item}`);
    return parseFilter(item.slice(0, dot), item.slice(dot + 1));
  });
  return { kind: "group", junction, negated, conditions };
}

export function parseOrder(order: string | null): OrderItem[] {
  if (!order) return [];
  return splitTopLevel(order).map((item) => {
    const [column, ...modifiers] = item.trim().split(".");
    let descending = false;
    let nulls: OrderItem["nulls"] = null;
    for (const modifier of modifiers) {
      if (modifier === "desc") descending = true;
      else if (modifier === "asc") descending = false;
      else if (modifier === "nullsfirst") nulls = "first";
      else if (modifier === "nullslast") nulls = "last";
      else throw new QueryError("failed to parse order", `Unexpected order modifier: ${modifier}`);
    }
    return { column: identifier(column), descending, nulls };
  });
}

function parseCount(value: string | null, name: string): number | null {
  if (value === null) return null;
  if (!/^\d+$/.test(value)) throw new QueryError(`failed to parse ${name}`, `${name} must be a non-negative integer`);
  return Number(value);
}

function parseColumnList(value: string | null): string[] | null {
  if (value === null) return null;
  return splitTopLevel(value).map((name) => identifier(unquote(name)));
}

/**
 * Every operator PostgREST's filter grammar knows (QueryParams.hs): on a GET call, a value that
 * starts with one of them is a filter on the result, any other value is an argument.
 */
const POSTGREST_OPERATOR = /^(not\.)?(eq|neq|gt|gte|lt|lte|like|ilike|match|imatch|in|is|isdistinct|fts|plfts|phfts|wfts|cs|cd|ov|sl|sr|nxr|nxl|adj)(\((any|all)\))?\./;

/** `rpcRead`: the query of a GET (or HEAD) call, whose plain values are the function's arguments. */
export function parseQuery(params: URLSearchParams, rpcRead = false): ParsedQuery {
  const where: Condition[] = [];
  const args: Record<string, string> = {};
  for (const [key, value] of params) {
    if (RESERVED.has(key)) continue;
    const logic = key.match(/^(not\.)?(and|or)$/);
    if (logic) where.push(parseLogic(logic[2] as "and" | "or", Boolean(logic[1]), value));
    else if (rpcRead && !POSTGREST_OPERATOR.test(value)) args[key] = value;
    else where.push(parseFilter(key, value));
  }
  return {
    select: parseSelect(params.get("select")),
    where,
    args,
    order: parseOrder(params.get("order")),
    limit: parseCount(params.get("limit"), "limit"),
    offset: parseCount(params.get("offset"), "offset") ?? 0,
    onConflict: parseColumnList(params.get("on_conflict")),
    columns: parseColumnList(params.get("columns")),
  };
}

/** Every column a parsed query names, to check against the schema before any SQL is built. */
export function columnsOf(conditions: Condition[]): string[] {
  return conditions.flatMap((condition) =>
    condition.kind === "filter" ? [condition.column] : columnsOf(condition.conditions),
  );
}

export interface Preferences {
  representation: boolean;
  count: boolean;
  resolution: "merge" | "ignore" | null;
  /** `missing=default`: an inserted or updated column its row leaves out takes the column's default. */
  missingDefault: boolean;
  /** `params=single-object`: the whole body is the one json or jsonb argument of the function. */
  singleObject: boolean;
  strict: boolean;
  /** `max-affected=N`: enforced only with `handling=strict`, as PostgREST 12 does. */
  maxAffected: number | null;
  /** Preferences PostgREST does not know: refused with `handling=strict`, else ignored. */
  invalid: string[];
}

/** Each preference PostgREST knows, by the value that names it; the first one given wins. */
const KNOWN_PREFERENCES: Record<string, readonly string[]> = {
  resolution: ["resolution=merge-duplicates", "resolution=ignore-duplicates"],
  return: ["return=representation", "return=minimal", "return=headers-only"],
  params: ["params=single-object"],
  count: ["count=exact", "count=planned", "count=estimated"],
  tx: ["tx=commit", "tx=rollback"],
  missing: ["missing=default", "missing=null"],
  handling: ["handling=strict", "handling=lenient"],
};

/**
 * The Prefer header as PostgREST reads it (Preferences.hs): comma-separated values, across
 * headers; of one preference the first value given counts. `timezone=` is taken and ignored
 * (answers are in UTC), as is `tx=` (hosted projects do not let a request end its transaction).
 */
export function parsePreferences(prefer: string | string[] | undefined): Preferences {
  const values = [prefer ?? []].flat().flatMap((header) => header.split(",")).map((value) => value.trim()).filter(Boolean);
  const first = (name: string) => values.find((value) => KNOWN_PREFERENCES[name].includes(value)) ?? null;
  const resolution = first("resolution");
  const maxAffected = values.find((value) => value.startsWith("max-affected="))?.slice("max-affected=".length);
  const known = Object.values(KNOWN_PREFERENCES).flat();
  return {
    representation: first("return") === "return=representation",
    count: first("count") !== null,
    resolution: resolution === "resolution=merge-duplicates" ? "merge" : resolution === "resolution=ignore-duplicates" ? "ignore" : null,
    missingDefault: first("missing") === "missing=default",
    singleObject: first("params") !== null,
    strict: first("handling") === "handling=strict",
    maxAffected: maxAffected !== undefined && /^-?\d+$/.test(maxAffected) ? Number(maxAffected) : null,
    invalid: values.filter((value) => !known.includes(value) && !value.startsWith("max-affected=") && !value.startsWith("timezone=")),
  };
}
