import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { chownSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
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
  stop(): void;
}

/**
 * A throwaway cluster in a temporary folder, listening only on a Unix socket there. Its bootstrap
 * superuser is supabase_admin, as on hosted Supabase. PostgreSQL refuses to run as root, so
 * under root (CI) it runs as Debian's `postgres` system user. Without a `locale`, none (C); hosted
 * projects have C.UTF-8, which lower(), upper() and ilike need for Cyrillic. `settings` are server
 * settings (`-c name=value`), e.g. the shared buffers a hosted instance of a school's size has.
 * The cluster carries its copy of pg-safeupdate as `hosted.safeupdate_library`, which
 * local-backend/bootstrap.sql preloads for `authenticator`'s sessions, as hosted does.
 */
export function startCluster(binDir: string, { locale, settings = {} }: { locale?: string; settings?: Record<string, string> } = {}): Cluster {
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
  run("initdb", ["-D", data, "-U", "supabase_admin", "--auth=trust", ...(locale ? [`--locale=${locale}`] : ["--no-locale"]), "-E", "UTF8"]);
  run("pg_ctl", [
    "-D", data, "-l", path.join(folder, "server.log"), "-w", "start",
    "-o", [`-k ${folder} -p ${port} -c listen_addresses='' -c fsync=off -c full_page_writes=off -c hosted.safeupdate_library=${safeupdate}`, ...Object.entries(settings).map(([name, value]) => `-c ${name}=${value}`)].join(" "),
  ]);
  return {
    host: folder,
    port,
    url: `postgresql://supabase_admin@localhost/postgres?host=${encodeURIComponent(folder)}&port=${port}`,
    stop() {
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
  const connect = async (user: string) => {
    const client = new Client({ host: cluster.host, port: cluster.port, user, database: "postgres" });
    await client.connect();
    return client;
  };
  try {
    const superuser = await connect("supabase_admin");
    try {
      await superuser.query(await readFile(path.join(ROOT, "tests/postgres/hosted-roles.sql"), "utf8"));
      await superuser.query(await readFile(path.join(ROOT, "local-backend/bootstrap.sql"), "utf8"));
    } finally {
      await superuser.end();
    }
  } catch (error) {
    cluster.stop();
    throw error;
  }
  return { cluster, connect };
}

/** A hosted-style cluster (startHostedCluster) with every migration and seed.sql applied as `postgres`. */
export async function startHostedDatabase(binDir: string, options?: Parameters<typeof startCluster>[1]): Promise<HostedDatabase> {
  const database = await startHostedCluster(binDir, options);
  const owner = await database.connect("postgres");
  const migrations = (await readdir(path.join(ROOT, "supabase/migrations"))).filter((name) => name.endsWith(".sql")).sort();
  for (const name of [...migrations.map((file) => `supabase/migrations/${file}`), "supabase/seed.sql"]) {
    await owner.query(await readFile(path.join(ROOT, name), "utf8"));
  }
  await owner.end();
  return database;
}
