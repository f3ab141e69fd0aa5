import { types } from "@electric-sql/pglite";
import pg from "pg";
import type { Database, Results, Transaction, TransactionOptions } from "./database";

type Parser = (value: string) => unknown;

/**
 * A PostgreSQL server behind the part of PGlite's interface the backend uses. Values come back
 * parsed by PGlite's own parsers (timestamps as Date, int8 as a number while it is safe, numeric
 * as text, arrays of every type), so Auth, REST and Storage read the same values from either.
 * Each transaction holds one pooled connection, so `set local role` and `set_config(…, true)` stay
 * with it; everything else runs concurrently, as the hosted services do.
 */
export async function connectPostgres(url: string): Promise<Database & { loadArrayTypes(): Promise<void> }> {
  const elementOf = new Map<number, number>();
  const parserOf = (oid: number): Parser | undefined => {
    const element = elementOf.get(oid);
    if (element === undefined) return types.parsers[oid];
    return (value) => types.arrayParser(value, types.parsers[element], oid);
  };
  const connectAs = (user: string | null) => {
    const connectionString = new URL(url);
    if (user) connectionString.username = user;
    const pool = new pg.Pool({
      connectionString: connectionString.toString(),
      // Dates in REST answers carry the session's offset: UTC, as on hosted projects and in PGlite.
      options: "-c TimeZone=UTC",
      types: { getTypeParser: ((oid: number) => parserOf(oid) ?? String) as typeof pg.types.getTypeParser },
    });
    // An idle connection the server ends (a restart, the test cluster stopping) must not end the process.
    pool.on("error", (error) => console.error(`[backend] PostgreSQL connection lost: ${error.message}`));
    return pool;
  };
  const pool = connectAs(null);
  // PostgREST's sessions: logged in as authenticator, with what hosted preloads for it (the
  // superuser's password, if the URL has one, is tried for it too: use trust or set it alike).
  const loginPools = new Map<string, pg.Pool>();
  const poolFor = (login: string) => loginPools.get(login) ?? loginPools.set(login, connectAs(login)).get(login)!;

  const query = async <T>(client: pg.Pool | pg.PoolClient, sql: string, params: unknown[] = []): Promise<Results<T>> =>
    results<T>(await client.query(sql, params.map(serialize)))[0];
  const exec = async (client: pg.Pool | pg.PoolClient, sql: string) => results(await client.query(sql));

  return {
    query: (sql, params) => query(pool, sql, params),
    exec: (sql) => exec(pool, sql),
    async transaction<T>(work: (tx: Transaction) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
      const client = await (options.login ? poolFor(options.login) : pool).connect();
      try {
        await client.query("begin");
        let outcome: T;
        try {
          outcome = await work({ query: (sql, params) => query(client, sql, params), exec: (sql) => exec(client, sql) });
        } catch (error) {
          await client.query("rollback");
          throw error;
        }
        // As PGlite: a transaction whose statement failed is rolled back by COMMIT, and that is an error.
        if ((await client.query("commit")).command === "ROLLBACK") {
          throw Object.assign(new Error("Transaction was rolled back instead of committed"), { code: "25P02", severity: "ERROR" });
        }
        return outcome;
      } finally {
        client.release();
      }
    },
    close: async () => {
      await Promise.all([pool.end(), ...[...loginPools.values()].map((loginPool) => loginPool.end())]);
    },
    /** Arrays of types created since (an enum of a migration) are parsed from then on, as PGlite's refreshArrayTypes. */
    async loadArrayTypes() {
      const { rows } = await pool.query<{ element: number; array: number }>(
        `select b.oid::int as element, b.typarray::int as array
         from pg_type a join pg_type b on b.oid = a.typelem where a.typcategory = 'A' group by b.oid, b.typarray`,
      );
      for (const row of rows) elementOf.set(row.array, row.element);
    },
  };
}

/** PGlite's serialization where node-postgres differs: a Date as UTC ISO text, not local time. */
const serialize = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

/** PGlite's result shapes: one per statement, `affectedRows` summed over the writes so far. */
function results<T = Record<string, unknown>>(outcome: pg.QueryResult | pg.QueryResult[]): Results<T>[] {
  let affectedRows = 0;
  return (Array.isArray(outcome) ? outcome : [outcome]).map((result) => {
    if (["INSERT", "UPDATE", "DELETE", "COPY", "MERGE"].includes(result.command)) affectedRows += result.rowCount ?? 0;
    return {
      rows: result.rows as T[],
      fields: result.fields.map((field) => ({ name: field.name, dataTypeID: field.dataTypeID })),
      affectedRows,
    };
  });
}
