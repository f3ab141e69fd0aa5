import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { Client } from "pg";
import { postgresBinDir, startHostedCluster } from "../tests/postgres/cluster";

/**
 * For `npm run gen-types`: a throwaway PostgreSQL cluster set up as a hosted Supabase project is
 * (startHostedCluster), with every migration applied as `postgres`, to read the catalog and pg_dump.
 */

export type Query = <Row>(sql: string) => Promise<Row[]>;

export interface MigratedDatabase {
  /** Runs a query as `postgres`. */
  query: Query;
  /** `pg_dump --schema-only` with these arguments, as the superuser supabase_admin. */
  dump(args: string[]): string;
  /** The dump of every schema but public before the first migration: what hosted Supabase starts with. */
  beforeMigrations: string;
  /** The server's major version, e.g. 15. */
  major: number;
}

export class GenerateError extends Error {}

export async function withMigratedDatabase<T>(migrationFiles: string[], read: (db: MigratedDatabase) => Promise<T>): Promise<T> {
  const binDir = postgresBinDir();
  if (!binDir || !existsSync(path.join(binDir, "pg_dump"))) {
    throw new GenerateError(
      "No PostgreSQL server found (Debian's /usr/lib/postgresql/<version>/bin with postgres and pg_dump).\n" +
        "gen-types applies the migrations to a real PostgreSQL to write lib/database.types.ts and supabase/schema/*.sql:\n" +
        "install it (Debian/Ubuntu: `sudo apt-get install postgresql`; .ci/run does this in CI) and run it again.",
    );
  }
  const major = Number(path.basename(path.dirname(binDir)));
  const { cluster, connect } = await startHostedCluster(binDir);
  const dump = (args: string[]) =>
    execFileSync(
      path.join(binDir, "pg_dump"),
      ["--host", cluster.host, "--port", String(cluster.port), "--username", "supabase_admin", "--schema-only", ...args, "postgres"],
      { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
    );
  let owner: Client | undefined;
  try {
    const beforeMigrations = dump(["--exclude-schema=public"]);

    owner = await connect("postgres");
    for (const file of migrationFiles) {
      const sql = await readFile(file, "utf8");
      await owner.query("begin");
      try {
        await owner.query(sql);
        await owner.query("commit");
      } catch (error) {
        await owner.query("rollback");
        throw new GenerateError(`${path.basename(file)} does not apply as postgres: ${(error as Error).message}`);
      }
    }
    const client = owner;
    const query: Query = async <Row>(sql: string) => (await client.query(sql)).rows as Row[];
    return await read({ query, dump, beforeMigrations, major });
  } finally {
    await owner?.end();
    cluster.stop();
  }
}
