import type { BackendConfig } from "../config";
import type { Database } from "../database";
import { header, json, parseJson, type Reply, type Request } from "../http";
import type { Claims } from "../keys";
import { ApiError, errorReply } from "./errors";
import { execute } from "./execute";
import { parsePreferences, parseQuery, type Preferences } from "./parse";
import { planCall } from "./call";
import { planRead, planWrite, type Plan } from "./plan";
import { respond } from "./respond";
import { API_ROLES, createSchemaCache, type SchemaCache } from "./schema-cache";

// The media types answered here: JSON arrays and single objects (.single()); a wildcard means JSON.
const ANSWERED_TYPES = new Set(["*/*", "application/*", "application/json", "application/vnd.pgrst.array+json", "application/vnd.pgrst.object+json", "application/vnd.pgrst.object"]);

/**
 * Refuses, as PostgREST refuses a type it cannot produce (PGRST107), an Accept header naming only
 * what PostgREST produces and this stand-in does not (CSV, GeoJSON, plans, `nulls=stripped`),
 * rather than answering plain JSON that looks right.
 */
function checkAccept(accept: string | undefined) {
  if (!accept) return;
  const answerable = accept.split(",").some((range) => {
    const [type, ...params] = range.split(";").map((part) => part.trim().toLowerCase());
    return ANSWERED_TYPES.has(type) && !params.some((param) => param.startsWith("nulls="));
  });
  if (!answerable) {
    throw new ApiError(406, "PGRST107", `None of these media types are available: ${accept}`, "The local backend answers JSON and single JSON objects only");
  }
}

/**
 * PostgREST under /rest/v1, in its own stages: parse (URL and Prefer) → plan (one SQL statement
 * checked against the schema cache) → execute (one transaction as the token's role) → respond.
 */
export function createRest(db: Database, config: BackendConfig) {
  const schemaFor = createSchemaCache(db);

  function plan(request: Request, schema: SchemaCache, prefer: Preferences, target: string, functionName: string | null): Plan {
    const viaGet = request.method === "GET" || request.method === "HEAD";
    const query = parseQuery(request.url.searchParams, functionName !== null && viaGet);
    if (prefer.strict && prefer.invalid.length) {
      throw new ApiError(400, "PGRST122", "Invalid preferences given with handling=strict", `Invalid preferences: ${prefer.invalid.join(", ")}`);
    }
    if (functionName !== null) {
      if (!viaGet && request.method !== "POST") throw new ApiError(405, "PGRST101", `Cannot use the ${request.method} method on RPC`);
      const args = viaGet ? query.args : parseJson(request.body);
      return planCall(schema, { name: functionName, args, viaGet }, query, prefer, config.maxRows);
    }
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(target)) {
      throw new ApiError(404, "PGRST205", `Could not find the table 'public.${target}' in the schema cache`);
    }
    if (viaGet) return planRead(schema, target, query, prefer, config.maxRows);
    if (request.method === "POST" || request.method === "PATCH" || request.method === "DELETE") {
      return planWrite(schema, request.method, target, query, prefer, request.method === "DELETE" ? null : parseJson(request.body));
    }
    throw new ApiError(405, "PGRST117", `Unsupported HTTP method: ${request.method}`);
  }

  /** Answers a request whose path starts with /rest/v1, as the role of its verified claims. */
  return async function handleRest(request: Request, claims: Claims): Promise<Reply> {
    const role = String(claims.role ?? "anon");
    if (!(API_ROLES as readonly string[]).includes(role)) {
      return json(401, { code: "PGRST301", message: "JWT role is not an API role", details: null, hint: null });
    }
    const path = request.url.pathname.slice("/rest/v1".length).replace(/^\/+/, "");
    if (!path) return json(200, { swagger: "2.0", info: { title: "local PostgREST" } });
    const [first, second, ...rest] = path.split("/");
    const functionName = first === "rpc" && second !== undefined && !rest.length ? second : null;
    const target = functionName === null && second === undefined ? first : path;
    try {
      const profile = header(request, "accept-profile") ?? header(request, "content-profile");
      if (profile && profile !== "public") throw new ApiError(406, "PGRST106", "The schema must be one of the following: public");
      const schema = await schemaFor(functionName ?? target);
      checkAccept(header(request, "accept"));
      const prefer = parsePreferences(header(request, "prefer"));
      const planned = plan(request, schema, prefer, target, functionName);
      const session = {
        role,
        claims,
        // PostgREST's connection is authenticator's, so its settings hold wherever the role has none.
        roleSettings: [...(schema.roleSettings.get("authenticator") ?? []), ...(schema.roleSettings.get(role) ?? [])],
        method: request.method,
        path: request.url.pathname,
      };
      return await execute(db, planned, session, (outcome) => respond(request, planned, outcome, prefer));
    } catch (error) {
      return errorReply(error, role);
    }
  };
}
