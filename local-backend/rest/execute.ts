import type { Database } from "../database";
import type { Claims } from "../keys";
import { isReadOnly, type Plan } from "./plan";

/**
 * Stage 3: one transaction per request, as PostgREST runs it: read-only for reads, the role's
 * own settings (statement_timeout and the like) applied locally, then the role and the JWT
 * claims, so privileges and row level security are Postgres's own.
 */

export interface Outcome {
  body: string;
  rows: number;
  /** With `count=exact` on a read: the rows that match, ignoring limit and offset. */
  total: number | null;
  /** For an upsert that merges duplicates: how many rows were inserted rather than updated. */
  inserted: number | null;
}

export interface Session {
  role: string;
  claims: Claims;
  roleSettings: [name: string, value: string][];
  method: string;
  path: string;
}

/**
 * Runs the plan and hands the outcome to `answer` inside the transaction, so an answer that
 * refuses (a single object asked for, several rows written) rolls the write back, as in PostgREST.
 */
export async function execute<T>(db: Database, plan: Plan, session: Session, answer: (outcome: Outcome) => T): Promise<T> {
  if (plan.kind === "nothing") return answer({ body: "[]", rows: 0, total: null, inserted: null });
  // PostgREST logs in as authenticator: what hosted loads for its sessions (pg-safeupdate) holds here.
  return db.transaction(
    async (tx) => {
      if (isReadOnly(plan)) await tx.exec("set transaction read only");
      const settings = [
        ...session.roleSettings,
        ["request.jwt.claims", JSON.stringify(session.claims)],
        ["request.method", session.method],
        ["request.path", session.path],
        ["search_path", "public, extensions"],
      ];
      await tx.query(
        `select ${settings.map((_, index) => `set_config($${2 * index + 1}, $${2 * index + 2}, true)`).join(", ")}`,
        settings.flat(),
      );
      // The role comes from verified claims and is one of API_ROLES (checked by the router).
      await tx.exec(`set local role ${session.role}`);
      const result = (await tx.query<{ body: string | null; rows: number; total?: number | null }>(plan.statement.sql, plan.statement.params)).rows[0];
      // A call counts in its own statement: the function runs once.
      const counted = plan.kind === "read" && plan.count ? (await tx.query<{ total: number }>(plan.count.sql, plan.count.params)).rows[0].total : null;
      const total = plan.kind === "call" ? (result.total ?? null) : counted;
      const inserted =
        plan.kind === "write" && plan.resolution === "merge"
          ? (await tx.query<{ inserted: number | null }>(`select nullif(current_setting('pgrst.inserted', true), '')::int as inserted`)).rows[0].inserted
          : null;
      return answer({ body: result.body ?? "null", rows: result.rows, total, inserted });
    },
    { login: "authenticator" },
  );
}
