import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pgcrypto } from "@electric-sql/pglite/contrib/pgcrypto";
import { connectPostgres } from "./postgres";

const supabaseDir = path.resolve(import.meta.dirname, "../supabase");
const migrationsDir = path.join(supabaseDir, "migrations");
const snapshotDir = path.resolve(supabaseDir, "../node_modules/.cache/local-backend");
const extensions = { pgcrypto };

/** What the backend asks of its database, in PGlite's shapes: PGlite itself, or a PostgreSQL server (postgres.ts). */
export interface Results<T = Record<string, unknown>> {
  rows: T[];
  fields: { name: string; dataTypeID: number }[];
  /** Rows written by the statement and those before it in the same call. */
  affectedRows?: number;
}

export interface Transaction {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
}

/**
 * `authenticator`: the transaction runs in a session logged in as PostgREST's role, so what hosted
 * loads for API sessions (pg-safeupdate) holds in it. PGlite has one session, the superuser's.
 */
export interface TransactionOptions {
  login?: "authenticator";
}

export interface Database extends Transaction {
  transaction<T>(work: (tx: Transaction) => Promise<T>, options?: TransactionOptions): Promise<T>;
  close(): Promise<void>;
}

/**
 * How a database reaches a hosted project's state before its first migration. In PGlite the
 * backend's `postgres` is the superuser and runs everything. A PostgreSQL server is set up as
 * hosted Supabase is (as tests/postgres does): its superuser creates the hosted roles, and
 * `postgres`, no superuser there, runs the migrations and the seed, so one that needs more fails.
 */
interface Setup {
  bootstrap: string[];
  owner: string | null;
}

const PGLITE: Setup = { bootstrap: [path.join(import.meta.dirname, "bootstrap.sql")], owner: null };
const SERVER: Setup = {
  bootstrap: [path.resolve(supabaseDir, "../tests/postgres/hosted-roles.sql"), path.join(import.meta.dirname, "bootstrap.sql")],
  owner: "postgres",
};

/**
 * Opens the database: a folder, or `memory://` for a throwaway one. A folder gets what a hosted
 * project has before any migration on its first start, then every migration not yet applied,
 * then seed.sql once. A throwaway database starts from a snapshot of exactly that state, built
 * once per change of the SQL files, because replaying them costs seconds and tests start many.
 * With `databaseUrl`, the database is that PostgreSQL server's instead, brought up the same way.
 */
export async function openDatabase(dataDir: string, log: (line: string) => void, databaseUrl: string | null = null): Promise<Database> {
  if (databaseUrl) return openServer(databaseUrl, log);
  if (dataDir === "memory://") {
    return takingTurns(await PGlite.create({ loadDataDir: await seededSnapshot(log), extensions }));
  }
  return takingTurns(await migrateAndSeed(await PGlite.create(dataDir, { extensions }), log));
}

/**
 * A database on a PostgreSQL server, connected as a superuser (as supabase_admin on hosted). An
 * empty one gets the hosted roles first; they belong to the whole cluster, so it is a fresh one
 * whose superuser is not itself called postgres (`initdb -U supabase_admin`).
 */
async function openServer(databaseUrl: string, log: (line: string) => void): Promise<Database> {
  const db = await connectPostgres(databaseUrl);
  try {
    const { rows } = await db.query<{ user: string; superuser: boolean; fresh: boolean; database: string; version: string }>(
      `select current_user as user, rolsuper as superuser, to_regclass('_local.migrations') is null as fresh,
              current_database() as database, current_setting('server_version') as version
       from pg_roles where rolname = current_user`,
    );
    const [{ user, superuser, fresh, database, version }] = rows;
    if (fresh && (!superuser || user === SERVER.owner)) {
      throw new Error(`LOCAL_BACKEND_DATABASE_URL must name a superuser other than ${SERVER.owner} (it is ${user}), as supabase_admin on hosted`);
    }
    await db.loadArrayTypes();
    await migrateAndSeed(db, log, SERVER);
    await db.loadArrayTypes();
    log(`database: ${database} on PostgreSQL ${version}`);
    return db;
  } catch (error) {
    await db.close();
    throw error;
  }
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

async function migrateAndSeed<T extends Database>(db: T, log: (line: string) => void, setup: Setup = PGLITE): Promise<T> {
  const fresh = (await db.query<{ fresh: boolean }>(`select to_regclass('_local.migrations') is null as fresh`)).rows[0];
  if (fresh.fresh) {
    const files = await Promise.all(setup.bootstrap.map((file) => readFile(file, "utf8")));
    await db.transaction(async (tx) => {
      for (const sql of files) await tx.exec(sql);
    });
  } else await upgradeBootstrap(db);
  await applyMigrations(db, log, setup.owner);
  if (fresh.fresh) {
    const seed = await readFile(path.join(supabaseDir, "seed.sql"), "utf8");
    await db.transaction(async (tx) => {
      if (setup.owner) await tx.exec(`set local session authorization ${setup.owner}`);
      await tx.exec(seed);
    });
    log("seed.sql applied");
  }
  return db;
}

/** Gives a data folder made by an older bootstrap.sql what the current one creates. */
export async function upgradeBootstrap(db: Database) {
  await db.exec(await readFile(path.join(import.meta.dirname, "bootstrap-upgrade.sql"), "utf8"));
}

async function applyMigrations(db: Database, log: (line: string) => void, owner: string | null) {
  const applied = new Set(
    (await db.query<{ name: string }>(`select name from _local.migrations`)).rows.map((row) => row.name),
  );
  for (const file of await migrationFiles()) {
    if (applied.has(file)) continue;
    const sql = await readFile(path.join(migrationsDir, file), "utf8");
    await db.transaction(async (tx) => {
      await tx.query(`insert into _local.migrations (name) values ($1)`, [file]);
      if (owner) await tx.exec(`set local session authorization ${owner}`);
      await tx.exec(sql);
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
