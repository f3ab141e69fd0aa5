import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pgcrypto } from "@electric-sql/pglite/contrib/pgcrypto";

const supabaseDir = path.resolve(import.meta.dirname, "..");

export type Database = PGlite;

/**
 * Opens the database (a folder, or `memory://` for a throwaway one), and on first start
 * creates what a hosted project has before any migration. Then applies every migration
 * not yet applied, in order, and runs seed.sql once, on the first start only.
 */
export async function openDatabase(dataDir: string, log: (line: string) => void): Promise<Database> {
  const db = await PGlite.create(dataDir, { extensions: { pgcrypto } });
  const fresh = (await db.query(`select to_regclass('_local.migrations') is null as fresh`)).rows[0] as {
    fresh: boolean;
  };
  if (fresh.fresh) {
    await db.exec(await readFile(path.join(import.meta.dirname, "bootstrap.sql"), "utf8"));
  }
  await applyMigrations(db, log);
  if (fresh.fresh) {
    await db.exec(await readFile(path.join(supabaseDir, "seed.sql"), "utf8"));
    log("seed.sql applied");
  }
  return db;
}

async function applyMigrations(db: Database, log: (line: string) => void) {
  const dir = path.join(supabaseDir, "migrations");
  const files = (await readdir(dir)).filter((name) => name.endsWith(".sql")).sort();
  const applied = new Set(
    (await db.query<{ name: string }>(`select name from _local.migrations`)).rows.map((row) => row.name),
  );
  for (const file of files) {
    if (applied.has(file)) continue;
    const sql = await readFile(path.join(dir, file), "utf8");
    await db.transaction(async (tx) => {
      await tx.exec(sql);
      await tx.query(`insert into _local.migrations (name) values ($1)`, [file]);
    });
    log(`migration applied: ${file}`);
  }
}
