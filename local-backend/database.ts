import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pgcrypto } from "@electric-sql/pglite/contrib/pgcrypto";

const supabaseDir = path.resolve(import.meta.dirname, "../supabase");
const migrationsDir = path.join(supabaseDir, "migrations");
const snapshotDir = path.resolve(supabaseDir, "../node_modules/.cache/local-backend");
const extensions = { pgcrypto };

export type Database = PGlite;

/**
 * Opens the database: a folder, or `memory://` for a throwaway one. A folder gets what a hosted
 * project has before any migration on its first start, then every migration not yet applied,
 * then seed.sql once. A throwaway database starts from a snapshot of exactly that state, built
 * once per change of the SQL files, because replaying them costs seconds and tests start many.
 */
export async function openDatabase(dataDir: string, log: (line: string) => void): Promise<Database> {
  if (dataDir === "memory://") {
    return takingTurns(await PGlite.create({ loadDataDir: await seededSnapshot(log), extensions }));
  }
  return takingTurns(await migrateAndSeed(await PGlite.create(dataDir, { extensions }), log));
}

const TURN_TAKING = new Set<PropertyKey>(["query", "exec", "transaction"]);

/**
 * PGlite runs every statement on this thread, and its own queue hands the database from one
 * waiting query to the next without returning to the event loop: 200 sign-ins ran their queries
 * back to back while a request that needs no database (or a short query) waited behind all of
 * them. Here each query, exec or transaction waits for one turn of the event loop before it
 * starts, so others are held up by at most the statement or transaction in progress.
 */
function takingTurns(db: PGlite): Database {
  let previous: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const turn = previous.then(() => new Promise<void>((resolve) => setImmediate(resolve))).then(work);
    previous = turn.catch(() => undefined);
    return turn;
  };
  return new Proxy(db, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      // PGlite keeps its state in private fields: its methods must run on the instance itself.
      const method = (value as (...args: unknown[]) => unknown).bind(target);
      return TURN_TAKING.has(property) ? (...args: unknown[]) => inTurn(async () => method(...args)) : method;
    },
  });
}

async function migrateAndSeed(db: Database, log: (line: string) => void): Promise<Database> {
  const fresh = (await db.query<{ fresh: boolean }>(`select to_regclass('_local.migrations') is null as fresh`)).rows[0];
  if (fresh.fresh) await db.exec(await readFile(path.join(import.meta.dirname, "bootstrap.sql"), "utf8"));
  else await upgradeBootstrap(db);
  await applyMigrations(db, log);
  if (fresh.fresh) {
    await db.exec(await readFile(path.join(supabaseDir, "seed.sql"), "utf8"));
    log("seed.sql applied");
  }
  return db;
}

/** Gives a data folder made by an older bootstrap.sql what the current one creates. */
export async function upgradeBootstrap(db: Database) {
  await db.exec(await readFile(path.join(import.meta.dirname, "bootstrap-upgrade.sql"), "utf8"));
}

async function applyMigrations(db: Database, log: (line: string) => void) {
  const applied = new Set(
    (await db.query<{ name: string }>(`select name from _local.migrations`)).rows.map((row) => row.name),
  );
  for (const file of await migrationFiles()) {
    if (applied.has(file)) continue;
    const sql = await readFile(path.join(migrationsDir, file), "utf8");
    await db.transaction(async (tx) => {
      await tx.exec(sql);
      await tx.query(`insert into _local.migrations (name) values ($1)`, [file]);
    });
    log(`migration applied: ${file}`);
  }
}

async function migrationFiles(): Promise<string[]> {
  return (await readdir(migrationsDir)).filter((name) => name.endsWith(".sql")).sort();
}

/** The data directory of a migrated, seeded database as a tarball, cached under node_modules/.cache. */
export async function seededSnapshot(log: (line: string) => void = () => {}): Promise<Blob> {
  const file = path.join(snapshotDir, `seeded-${await sqlFingerprint()}.tar`);
  try {
    return new Blob([new Uint8Array(await readFile(file))]);
  } catch {
    const db = await migrateAndSeed(await PGlite.create({ extensions }), log);
    const tarball = await db.dumpDataDir("none");
    await db.close();
    await mkdir(snapshotDir, { recursive: true });
    // Written aside and renamed, so a parallel test worker never reads half a file.
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, new Uint8Array(await tarball.arrayBuffer()));
    await rename(partial, file);
    for (const stale of (await readdir(snapshotDir)).filter((name) => name.endsWith(".tar") && name !== path.basename(file))) {
      await rm(path.join(snapshotDir, stale), { force: true });
    }
    return tarball;
  }
}

/** Changes whenever bootstrap.sql, a migration, seed.sql or the PGlite version does. */
async function sqlFingerprint(): Promise<string> {
  const hash = createHash("sha256");
  const files = [
    path.join(import.meta.dirname, "bootstrap.sql"),
    ...(await migrationFiles()).map((name) => path.join(migrationsDir, name)),
    path.join(supabaseDir, "seed.sql"),
  ];
  for (const file of files) hash.update(`${path.basename(file)}\0`).update(await readFile(file));
  const pglite = JSON.parse(await readFile(path.resolve(supabaseDir, "../node_modules/@electric-sql/pglite/package.json"), "utf8"));
  return hash.update(String(pglite.version)).digest("hex").slice(0, 16);
}
