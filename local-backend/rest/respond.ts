import { header, type Reply, type Request } from "../http";
import { ApiError } from "./errors";
import type { Outcome } from "./execute";
import type { Preferences } from "./parse";
import type { Plan } from "./plan";

/** Stage 4: status, Content-Range and body as PostgREST answers them (Response.hs, RangeQuery.hs). */

const SINGLE_OBJECT = "application/vnd.pgrst.object+json";

const countOrStar = (count: number | null) => (count === null ? "*" : String(count));

/** 416 past the end, 206 for a part, else 200; an offset exactly at the end is an empty 206. */
function readStatus(offset: number, rows: number, total: number | null): number {
  if (total === null) return 200;
  if (offset > total) {
    throw new ApiError(416, "PGRST103", "Requested range not satisfiable", `An offset of ${offset} was requested, but there are only ${total} rows.`, null, {
      "content-range": `*/${total}`,
    });
  }
  return rows < total ? 206 : 200;
}

function writeStatus(plan: Extract<Plan, { kind: "write" | "nothing" }>, outcome: Outcome, representation: boolean): number {
  if (plan.method !== "POST") return representation && plan.kind === "write" ? 200 : 204;
  // A merge that inserted nothing (every row updated, or none sent) is 200, as in PostgREST.
  return plan.resolution === "merge" && (outcome.inserted ?? 0) <= 0 ? 200 : 201;
}

function writeRange(method: string, rows: number, counted: boolean): string {
  const total = counted ? String(rows) : "*";
  return method === "PATCH" && rows > 0 ? `0-${rows - 1}/${total}` : `*/${total}`;
}

/** `alreadySingle`: the body is one value already (a function that returns no set). */
function body(request: Request, status: number, json: string, rows: number, headers: Record<string, string>, alreadySingle = false): Reply {
  const single = (header(request, "accept") ?? "").includes(SINGLE_OBJECT);
  if (single && rows !== 1) {
    throw new ApiError(406, "PGRST116", "Cannot coerce the result to a single JSON object", `The result contains ${rows} rows`);
  }
  const text = single && !alreadySingle ? JSON.stringify((JSON.parse(json) as unknown[])[0]) : json;
  return {
    status,
    headers: { "content-type": `${single ? SINGLE_OBJECT : "application/json"}; charset=utf-8`, ...headers },
    body: request.method === "HEAD" ? "" : text,
  };
}

/** RangeQuery.rangeStatusHeader's Content-Range: the rows answered from the offset, over the total or `*`. */
function readRange(offset: number, rows: number, total: number | null): string {
  const range = rows && total !== 0 ? `${offset}-${offset + rows - 1}` : "*";
  return `${range}/${countOrStar(total)}`;
}

/**
 * `max-affected=N` with `handling=strict` (PostgREST 12, Query.hs failExceedsMaxAffectedPref): an
 * update, delete or call touching more rows fails and rolls back; without strict it is ignored.
 */
function checkMaxAffected(prefer: Preferences, rows: number) {
  if (prefer.strict && prefer.maxAffected !== null && rows > prefer.maxAffected) {
    throw new ApiError(400, "PGRST124", "Query result exceeds max-affected preference constraint", `The query affects ${rows} rows`);
  }
}

/** Runs inside the request's transaction: a refusal thrown here rolls the write back, as in PostgREST. */
export function respond(request: Request, plan: Plan, outcome: Outcome, prefer: Preferences): Reply {
  switch (plan.kind) {
    case "read": {
      const status = readStatus(plan.offset, outcome.rows, outcome.total);
      return body(request, status, outcome.body, outcome.rows, { "content-range": readRange(plan.offset, outcome.rows, outcome.total) });
    }
    case "call": {
      const status = readStatus(plan.offset, outcome.rows, outcome.total);
      const headers = { "content-range": readRange(plan.offset, outcome.rows, outcome.total) };
      const single = !plan.returns.startsWith("setof");
      const reply = plan.returns === "void" ? { status: 204, headers } : body(request, status, outcome.body, outcome.rows, headers, single);
      checkMaxAffected(prefer, outcome.rows);
      return reply;
    }
    case "write":
    case "nothing": {
      const status = writeStatus(plan, outcome, prefer.representation);
      const headers = { "content-range": writeRange(plan.method, outcome.rows, prefer.count) };
      let reply: Reply = { status, headers };
      if (prefer.representation) reply = body(request, status, outcome.body, outcome.rows, headers);
      else if ((header(request, "accept") ?? "").includes(SINGLE_OBJECT) && outcome.rows !== 1) {
        throw new ApiError(406, "PGRST116", "Cannot coerce the result to a single JSON object", `The result contains ${outcome.rows} rows`);
      }
      if (plan.method !== "POST") checkMaxAffected(prefer, outcome.rows);
      return reply;
    }
  }
}
