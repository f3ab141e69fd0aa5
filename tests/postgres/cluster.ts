import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { chownSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Client } from "pg";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** The newest server of Debian's postgresql package (/usr/lib/postgresql/N/bin), if installed. */
export function postgresBinDir(): string | null {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const [newest] = readdirSync(root)
    .filter((version) => existsSync(path.join(root, version, "bin/postgres")))
    .sort((a, b) => Number(b) - Number(a));
  return newest ? path.join(root, newest, "bin") : null;
}

/**
 * The test's own pg-safeupdate (tests/postgres/safeupdate), built once per source and server
 * version with the server's own headers (Debian: postgresql-server-dev-N) into
 * node_modules/.cache. Hosted projects load pg-safeupdate in every API session; so do these.
 */
export function safeupdateLibrary(binDir: string): string {
  const source = path.join(ROOT, "tests/postgres/safeupdate/safeupdate.c");
  const pgConfig = path.join(binDir, "pg_config");
  const includeDir = execFileSync(existsSync(pgConfig) ? pgConfig : "pg_config", ["--includedir-server"], { encoding: "utf8" }).trim();
  const version = createHash("sha256").update(readFileSync(source)).update(includeDir).digest("hex").slice(0, 12);
  const library = path.join(ROOT, "node_modules/.cache/hosted-postgres", `safeupdate-${version}.so`);
  if (existsSync(library)) return library;
  if (!existsSync(path.join(includeDir, "postgres.h"))) {
    throw new Error(
      `No PostgreSQL server headers in ${includeDir}: the hosted-style clusters build pg-safeupdate with them.\n` +
        "Install them (Debian/Ubuntu: `sudo apt-get install postgresql-server-dev-all`; `npm test` and .ci/run do this as root).",
    );
  }
  mkdirSync(path.dirname(library), { recursive: true });
  execFileSync("cc", ["-O2", "-fPIC", "-shared", `-I${includeDir}`, source, "-o", `${library}.tmp`], { stdio: "pipe" });
  copyFileSync(`${library}.tmp`, library);
  rmSync(`${library}.tmp`);
  return library;
}

export interface Cluster {
  /** Connection settings for node-postgres: a Unix socket in the cluster's own folder. */
  host: string;
  port: number;
  /** The same as a connection string, as its superuser: `LOCAL_BACKEND_DATABASE_URL` for a backend on it. */
  url: string;
  /** Its data folder. */
  data: string;
  /** Stops it at once and removes its folder; with `keep`, stops it cleanly (a checkpoint first) and keeps the folder. */
  stop(options?: { keep?: boolean }): void;
}

/**
 * A throwaway cluster in a temporary folder, listening only on a Unix socket there. Its bootstrap
 * superuser is supabase_admin, as on hosted Supabase. PostgreSQL refuses to run as root, so
 * under root (CI) it runs as Debian's `postgres` system user. Without a `locale`, none (C); hosted
 * projects have C.UTF-8, which lower(), upper() and ilike need for Cyrillic. `settings` are server
 * settings (`-c name=value`), e.g. the shared buffers a hosted instance of a school's size has.
 * The cluster carries its copy of pg-safeupdate as `hosted.safeupdate_library`, which
 * local-backend/bootstrap.sql preloads for `authenticator`'s sessions, as hosted does. With a
 * `template` (templateCluster), the cluster starts from a copy of that data folder instead of initdb.
 */
export function startCluster(
  binDir: string,
  { locale, settings = {}, template }: { locale?: string; settings?: Record<string, string>; template?: string } = {},
): Cluster {
  const folder = mkdtempSync(path.join(os.tmpdir(), "hosted-postgres-"));
  const data = path.join(folder, "data");
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }));
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }));
    chownSync(folder, uid, gid);
  }
  const run = (program: string, args: string[]) => {
    const [command, commandArgs] = asRoot
      ? ["runuser", ["-u", "postgres", "--", path.join(binDir, program), ...args]]
      : [path.join(binDir, program), args];
    execFileSync(command, commandArgs, { stdio: "pipe" });
  };
  const safeupdate = path.join(folder, "safeupdate.so");
  copyFileSync(safeupdateLibrary(binDir), safeupdate);
  const port = 5432;
  if (template) execFileSync("cp", ["-a", template, data], { stdio: "pipe" });
  else run("initdb", ["-D", data, "-U", "supabase_admin", "--auth=trust", ...(locale ? [`--locale=${locale}`] : ["--no-locale"]), "-E", "UTF8"]);
  run("pg_ctl", [
    "-D", data, "-l", path.join(folder, "server.log"), "-w", "start",
    "-o", [`-k ${folder} -p ${port} -c listen_addresses='' -c fsync=off -c full_page_writes=off -c hosted.safeupdate_library=${safeupdate}`, ...Object.entries(settings).map(([name, value]) => `-c ${name}=${value}`)].join(" "),
  ]);
  if (template) {
    // The template's bootstrap named its own cluster's copy of pg-safeupdate for `authenticator`'s sessions.
    run("psql", [
      "-h", folder, "-p", String(port), "-U", "supabase_admin", "-d", "postgres", "-qAt", "-v", "ON_ERROR_STOP=1", "-c",
      `do $$ begin if exists (select from pg_roles where rolname = 'authenticator') then alter role authenticator set session_preload_libraries = '${safeupdate}'; end if; end $$`,
    ]);
  }
  return {
    host: folder,
    port,
    url: `postgresql://supabase_admin@localhost/postgres?host=${encodeURIComponent(folder)}&port=${port}`,
    data,
    stop({ keep = false } = {}) {
      if (keep) return run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
      try {
        run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
  };
}

export interface HostedDatabase {
  cluster: Cluster;
  /** A new connection as one of the hosted roles (supabase_admin, postgres, authenticator…). */
  connect(user: string): Promise<Client>;
}

/**
 * A cluster set up as a hosted Supabase project is before any migration: tests/postgres/hosted-roles.sql
 * and the local backend's bootstrap, as supabase_admin.
 */
export async function startHostedCluster(binDir: string, options?: Parameters<typeof startCluster>[1]): Promise<HostedDatabase> {
  const cluster = startCluster(binDir, options);
  try {
    await setUpHosted(cluster);
  } catch (error) {
    cluster.stop();
    throw error;
  }
  return { cluster, connect: connectTo(cluster) };
}

/** Connections to a cluster's `postgres` database, as one role or another. */
const connectTo = (cluster: Cluster) => async (user: string) => {
  const client = new Client({ host: cluster.host, port: cluster.port, user, database: "postgres" });
  await client.connect();
  return client;
};

/** tests/postgres/hosted-roles.sql and the local backend's bootstrap, as supabase_admin. */
async function setUpHosted(cluster: Cluster) {
  const superuser = await connectTo(cluster)("supabase_admin");
  try {
    await superuser.query(await readFile(path.join(ROOT, "tests/postgres/hosted-roles.sql"), "utf8"));
    await superuser.query(await readFile(path.join(ROOT, "local-backend/bootstrap.sql"), "utf8"));
  } finally {
    await superuser.end();
  }
}

/** Where templateCluster keeps its templates: one folder per test run (tests/global-setup.ts), else per process. */
function templatesFolder(): string {
  if (!process.env.HOSTED_POSTGRES_TEMPLATES) {
    const folder = mkdtempSync(path.join(os.tmpdir(), "hosted-postgres-templates-"));
    process.on("exit", () => rmSync(folder, { recursive: true, force: true }));
    process.env.HOSTED_POSTGRES_TEMPLATES = folder;
  }
  return process.env.HOSTED_POSTGRES_TEMPLATES;
}

const building = new Map<string, Promise<string>>();

/**
 * The data folder of a stopped cluster that `prepare` brought to some state, to start clusters
 * from (startCluster's `template`): copying it takes a fraction of a second, where initdb and
 * every migration took seconds, and the tests start about twenty such clusters. Built once per
 * run (tests/global-setup.ts, before the workers), so its rows are as new as a fresh cluster's
 * would be and it always holds the current migrations; built aside and renamed, so a parallel
 * worker never reads half of one.
 */
export function templateCluster(binDir: string, { name, locale }: { name: string; locale?: string }, prepare: (cluster: Cluster) => Promise<void>): Promise<string> {
  const template = path.join(templatesFolder(), `${name}-${locale ?? "C"}`);
  if (existsSync(template)) return Promise.resolve(template);
  let built = building.get(template);
  if (!built) {
    built = buildTemplate(binDir, template, locale, prepare);
    building.set(template, built);
  }
  return built;
}

async function buildTemplate(binDir: string, template: string, locale: string | undefined, prepare: (cluster: Cluster) => Promise<void>): Promise<string> {
  const cluster = startCluster(binDir, { locale });
  let stopped = false;
  try {
    await prepare(cluster);
    cluster.stop({ keep: true });
    stopped = true;
    const partial = `${template}.${process.pid}.partial`;
    renameSync(cluster.data, partial);
    try {
      renameSync(partial, template);
    } catch {
      // Another worker built it meanwhile.
      rmSync(partial, { recursive: true, force: true });
    }
  } finally {
    if (!stopped) cluster.stop();
    rmSync(cluster.host, { recursive: true, force: true });
  }
  return template;
}

/** Every migration and seed.sql, in the order they are applied. */
export async function migrationsAndSeed(): Promise<string[]> {
  const migrations = (await readdir(path.join(ROOT, "supabase/migrations"))).filter((name) => name.endsWith(".sql")).sort();
  return [...migrations.map((file) => path.join(ROOT, "supabase/migrations", file)), path.join(ROOT, "supabase/seed.sql")];
}

/**
 * A hosted-style cluster (startHostedCluster) with every migration and seed.sql applied as
 * `postgres`: a copy of a template cluster built that way once (templateCluster).
 */
export async function startHostedDatabase(binDir: string, options: Parameters<typeof startCluster>[1] = {}): Promise<HostedDatabase> {
  const template = await hostedDatabaseTemplate(binDir, options.locale);
  const cluster = startCluster(binDir, { ...options, template });
  return { cluster, connect: connectTo(cluster) };
}

/** The template of startHostedDatabase: startHostedCluster's setup, then every migration and seed.sql as `postgres`. */
export async function hostedDatabaseTemplate(binDir: string, locale?: string): Promise<string> {
  const files = await migrationsAndSeed();
  return templateCluster(binDir, { name: "hosted-database", locale }, async (cluster) => {
    await setUpHosted(cluster);
    const owner = await connectTo(cluster)("postgres");
    try {
      for (const file of files) await owner.query(await readFile(file, "utf8"));
    } finally {
      await owner.end();
    }
  });
}
