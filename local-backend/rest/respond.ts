import { header, type Reply, type Request } from "../http";
import { ApiError } from "./errors";
import type { Outcome } from "./execute";
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

function body(request: Request, status: number, json: string, rows: number, headers: Record<string, string>): Reply {
  const single = (header(request, "accept") ?? "").includes(SINGLE_OBJECT);
  if (single && rows !== 1) {
    throw new ApiError(406, "PGRST116", "Cannot coerce the result to a single JSON object", `The result contains ${rows} rows`);
  }
  const text = single ? JSON.stringify((JSON.parse(json) as unknown[])[0]) : json;
  return {
    status,
    headers: { "content-type": `${single ? SINGLE_OBJECT : "application/json"}; charset=utf-8`, ...headers },
    body: request.method === "HEAD" ? "" : text,
  };
}

export function respond(request: Request, plan: Plan, outcome: Outcome, prefer: { representation: boolean; count: boolean }): Reply {
  switch (plan.kind) {
    case "read": {
      const status = readStatus(plan.offset, outcome.rows, outcome.total);
      const range = outcome.rows ? `${plan.offset}-${plan.offset + outcome.rows - 1}` : "*";
      return body(request, status, outcome.body, outcome.rows, { "content-range": `${range}/${countOrStar(outcome.total)}` });
    }
    case "call":
      if (plan.returns === "void") return { status: 204 };
      if (plan.returns === "rows") return body(request, 200, outcome.body, outcome.rows, { "content-range": "*/*" });
      return { status: 200, headers: { "content-type": "application/json; charset=utf-8" }, body: outcome.body };
    case "write":
    case "nothing": {
      const status = writeStatus(plan, outcome, prefer.representation);
      const headers = { "content-range": writeRange(plan.method, outcome.rows, prefer.count) };
      if (prefer.representation) return body(request, status, outcome.body, outcome.rows, headers);
      if ((header(request, "accept") ?? "").includes(SINGLE_OBJECT) && outcome.rows !== 1) {
        throw new ApiError(406, "PGRST116", "Cannot coerce the result to a single JSON object", `The result contains ${outcome.rows} rows`);
      }
      return { status, headers };
    }
  }
}
