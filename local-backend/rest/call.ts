import { ApiError } from "./errors";
import type { ParsedQuery, Preferences } from "./parse";
import type { FunctionArg, FunctionInfo, FunctionReturns, SchemaCache } from "./schema-cache";
import { orderBy, Parameters, quote, rowLimit, selectList, type Statement } from "./sql";

/**
 * Stage 2 of an RPC call, as PostgREST 12 plans it (Plan.hs findProc and callReadPlan,
 * QueryBuilder.hs callPlanToQuery, Statements.hs prepareCall): the function is chosen among its
 * overloads by the argument names, called once in a CTE, and its result read as a table would be,
 * with select, filters, order, limit and offset, capped at max_rows, and counted on request.
 */

export interface CallPlan {
  kind: "call";
  statement: Statement;
  returns: FunctionReturns;
  readOnly: boolean;
  offset: number;
}

export interface CallRequest {
  name: string;
  /** A POST's JSON body, or a GET's plain query values. */
  args: unknown;
  viaGet: boolean;
}

/** PostgREST's matchesParams: every required argument named, the others optional, nothing unknown. */
function matches(fn: FunctionInfo, keys: Set<string>, singleObject: boolean): boolean {
  if (singleObject) return fn.args.length === 1 && ["json", "jsonb"].includes(fn.args[0].type);
  const required = fn.args.filter((arg) => arg.required).map((arg) => arg.name);
  const optional = new Set(fn.args.filter((arg) => !arg.required).map((arg) => arg.name));
  const named = [...keys].filter((key) => !optional.has(key));
  return named.length === required.length && required.every((name) => keys.has(name));
}

/** A POST whose JSON matches no named arguments may go whole to a single unnamed json or jsonb argument. */
const takesWholeBody = (fn: FunctionInfo) => fn.args.length === 1 && fn.args[0].name === "" && ["json", "jsonb"].includes(fn.args[0].type);

const signature = (fn: FunctionInfo) => `public.${fn.name}(${fn.args.map((arg) => `${arg.name} => ${arg.type}`).join(", ")})`;

/**
 * findProc: one function, else PGRST202 (none) or PGRST203 (several: overloading PostgREST cannot
 * resolve). `wholeBody`: the body goes whole to the function's one json or jsonb argument.
 */
function findFunction(
  overloads: FunctionInfo[],
  request: CallRequest,
  keys: string[],
  singleObject: boolean,
): { fn: FunctionInfo; wholeBody: boolean } {
  const keySet = new Set(keys);
  const matching = overloads.filter((fn) => matches(fn, keySet, singleObject));
  const fallback = request.viaGet || singleObject ? [] : overloads.filter((fn) => takesWholeBody(fn));
  const candidates = matching.length ? matching : fallback;
  if (candidates.length === 1) return { fn: candidates[0], wholeBody: singleObject || !matching.length };
  if (candidates.length > 1) {
    throw new ApiError(
      300,
      "PGRST203",
      `Could not choose the best candidate function between: ${candidates.map(signature).join(", ")}`,
      null,
      "Try renaming the parameters or the function itself in the database so function overloading can be resolved",
    );
  }
  const func = `public.${request.name}`;
  const without = keys.length === 0;
  const parameters = ` with parameter${keys.length > 1 ? "s" : ""} ${keys.join(", ")}`;
  const searched = singleObject
    ? " with a single json/jsonb parameter"
    : `${without ? " without parameters" : parameters}${request.viaGet ? "" : " or with a single unnamed json/jsonb parameter"}`;
  throw new ApiError(
    404,
    "PGRST202",
    `Could not find the function ${func}${singleObject ? "" : without ? " without parameters" : `(${keys.join(", ")})`} in the schema cache`,
    `Searched for the function ${func}${searched}, but no matches were found in the schema cache.`,
  );
}

/** `name := _body.name` for each argument given, as PostgREST's fmtParams (VARIADIC for a variadic one). */
function namedArguments(args: FunctionArg[]): string {
  return args.map((arg) => `${arg.variadic ? "variadic " : ""}${quote(arg.name)} := _body.${quote(arg.name)}`).join(", ");
}

/**
 * The call, as the CTE pgrst_source: the arguments read from one JSON object by json_to_record,
 * which types them as PostgREST does (a JSON array becomes a Postgres array, a GET's text goes
 * through the type's input function); a scalar result in a column named pgrst_scalar.
 */
function callSource(fn: FunctionInfo, given: FunctionArg[], json: () => string, wholeBody: boolean): string {
  const target = `public.${quote(fn.name)}`;
  let from: string;
  let call: string;
  if (wholeBody) {
    from = "";
    call = `${target}(${json()}::${fn.args[0].type})`;
  } else if (given.length) {
    const columns = given.map((arg) => `${quote(arg.name)} ${arg.type}`).join(", ");
    from = `json_to_record(${json()}::json) as _body(${columns}), lateral `;
    call = `${target}(${namedArguments(given)})`;
  } else {
    from = "";
    call = `${target}()`;
  }
  const scalar = fn.returns === "scalar" || fn.returns === "setof scalar" || fn.returns === "void";
  return scalar ? `select pgrst_call.pgrst_scalar from ${from}(select ${call} as pgrst_scalar) pgrst_call` : `select pgrst_call.* from ${from}${call} pgrst_call`;
}

/** The body as PostgREST aggregates it (SqlFragment.hs asJsonF): one value or object for a single result, else an array. */
function aggregate(returns: FunctionReturns): string {
  switch (returns) {
    case "scalar":
    case "void":
      return `coalesce(json_agg(_result.pgrst_scalar)->0, 'null')`;
    case "composite":
      return `coalesce(json_agg(_result)->0, 'null')`;
    case "setof scalar":
      return `coalesce(json_agg(_result.pgrst_scalar), '[]')`;
    case "setof composite":
      return `coalesce(json_agg(_result), '[]')`;
  }
}

export function planCall(schema: SchemaCache, request: CallRequest, query: ParsedQuery, prefer: Preferences, maxRows: number): CallPlan {
  const { args } = request;
  if (!args || typeof args !== "object" || Array.isArray(args)) throw new ApiError(400, "PGRST102", "Empty or invalid json");
  const keys = Object.keys(args).sort();
  const { fn, wholeBody } = findFunction(schema.functions.get(request.name) ?? [], request, keys, prefer.singleObject);
  const given = fn.args.filter((arg) => keys.includes(arg.name));
  const params = new Parameters();
  const source = callSource(fn, given, () => params.add(JSON.stringify(args)), wholeBody);
  // Filters and order read the result by column name, checked by Postgres (42703 for an unknown one).
  const where = params.where("pgrst_source", query.where);
  const counted = prefer.count ? `(select count(*) from pgrst_source${params.where("pgrst_source", query.where)})::int` : "null::int";
  // PostgREST counts a single result as one row, whatever it is (page_total = 1).
  const single = fn.returns === "scalar" || fn.returns === "composite" || fn.returns === "void";
  const sql = `with pgrst_source as (${source})
    select ${aggregate(fn.returns)}::text as body, ${single ? "1" : "count(_result)::int"} as rows, ${counted} as total
    from (select ${selectList(query, "pgrst_source")} from pgrst_source${where}${orderBy("pgrst_source", query.order)}
          limit ${rowLimit(query, maxRows)} offset ${query.offset}) _result`;
  return {
    kind: "call",
    statement: { sql, params: params.values },
    returns: fn.returns,
    // A GET runs read-only whatever the function is, as PostgREST does.
    readOnly: request.viaGet || fn.readOnly,
    offset: query.offset,
  };
}
