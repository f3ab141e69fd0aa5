import type { Database, Transaction } from "../database";
import type { Request } from "../http";
import { SERVICE_ROLE_KEY, type Claims } from "../keys";

/** A role that may run Storage's statements: the API roles, as the gateway's keys and tokens name them. */
export type ApiRole = "anon" | "authenticated" | "service_role";

export interface Caller {
  role: ApiRole;
  claims: Claims;
  /** The token as sent, for `request.jwt`. */
  jwt: string;
  /** A valid token named the caller (Storage's `isAuthenticated`): only then may a private bucket answer. */
  authenticated: boolean;
}

/** Storage's own "superuser": the service role, which bypasses row level security. */
export const SERVICE: Caller = {
  role: "service_role",
  claims: { role: "service_role", iss: "supabase" },
  jwt: SERVICE_ROLE_KEY,
  authenticated: true,
};

/** Who does what: the caller, and the route's operation (`storage.object.upload`, …) for storage.operation(). */
export interface Scope {
  caller: Caller;
  operation: string;
  request: Request;
}

export type Tx = Transaction;

const ROLLBACK = Symbol("rollback");

/**
 * Storage's statements run as its server runs them (src/internal/database/postgres/scope.ts): one
 * transaction, the caller's role, the JWT and its claims, the request and the operation in
 * transaction-local settings, and storage.allow_delete_query so its own deletes pass
 * storage.protect_delete. Row level security is Postgres's own; nothing here re-decides it.
 */
export function createSessions(db: Database) {
  async function run<T>(scope: Scope, work: (tx: Tx) => Promise<T>): Promise<T> {
    const { caller, request, operation } = scope;
    return db.transaction(async (tx) => {
      const settings: [string, string][] = [
        ["request.jwt.claims", JSON.stringify(caller.claims)],
        ["request.jwt.claim.role", caller.role],
        ["request.jwt.claim.sub", String(caller.claims.sub ?? "")],
        ["request.jwt", caller.jwt],
        ["request.headers", JSON.stringify(request.headers)],
        ["request.method", request.method],
        ["request.path", request.url.pathname],
        ["storage.operation", operation],
        ["storage.allow_delete_query", "true"],
        // The Storage server connects as supabase_storage_admin, whose search_path is storage.
        ["search_path", "storage"],
      ];
      await tx.query(
        `select ${settings.map((_, index) => `set_config($${2 * index + 1}, $${2 * index + 2}, true)`).join(", ")}`,
        settings.flat(),
      );
      // The role is one of ApiRole, checked when the caller was identified.
      await tx.exec(`set local role ${caller.role}`);
      return work(tx);
    });
  }

  return {
    /** Runs `work` in one transaction as the scope's caller. */
    run,
    /** The same as the service role, as Storage's `asSuperUser()`. */
    asService<T>(scope: Scope, work: (tx: Tx) => Promise<T>): Promise<T> {
      return run({ ...scope, caller: SERVICE }, work);
    },
    /**
     * Runs `work` as the caller and rolls it back (Storage's testPermission): whether the caller may
     * write a row, asked of Postgres before any byte is stored.
     */
    async test<T>(scope: Scope, work: (tx: Tx) => Promise<T>): Promise<T> {
      let result: T | undefined;
      try {
        await run(scope, async (tx) => {
          result = await work(tx);
          throw ROLLBACK;
        });
      } catch (error) {
        if (error !== ROLLBACK) throw error;
      }
      return result as T;
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;

/** The SQLSTATE of a Postgres error, if it is one. */
export const pgCode = (error: unknown): string | undefined => (error as { code?: unknown } | null)?.code as string | undefined;
