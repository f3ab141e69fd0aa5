import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gunzipSync } from "node:zlib";
import { createServerClient } from "@supabase/ssr";
import { Client } from "pg";
import { SECRET_KEY } from "../local-backend/keys";
import { postgresBinDir, startCluster } from "../tests/postgres/cluster";
import { cpuMs } from "./bench-load";
import { exitCode, nextEnv, ROOT, runNext, runServer } from "./next-app";
import { databaseFigures, fixed, machineCpuMs, PAGES, postgresCpuMs, report, type Answer } from "./bench-load-scale-report";
import { SCALE_SERVER, seededId, seedScaleSchool } from "./scale-school";

/**
 * `npm run bench -- load-scale [--seconds N]`: the whole stack under load at the scale of issue 31.
 * A throwaway PostgreSQL cluster; the local backend in its own process on it
 * (LOCAL_BACKEND_DATABASE_URL: it bootstraps, migrates and seeds); the scale school added
 * (scripts/scale-school.ts); the production build of the app against that backend. Then 200 of
 * the school's students, each signed in with its own session and its own keep-alive connection,
 * walk dashboard → tool page → lesson page → course module → course lesson (items each may open)
 * with no pause between pages, for a fixed time after a warm-up. Reported: p50/p99 and errors per
 * page (any answer but a 200, or an error or «not found» page inside a 200), pages per second for
 * the whole stack, the CPU of each process, and the database's own time (pg_stat_database's
 * active time, the page functions' time from pg_stat_user_functions, the server processes' CPU).
 */

const STUDENTS = 200;
const PASSWORD = "load-scale-12345";
const BACKEND_PORT = 54351;
const APP_PORT = 3210;
const DIST_DIR = ".next-bench-load-scale";
const WARM_UP_SECONDS = 10;

interface Student {
  email: string;
  address: string;
  cookie: string;
  walk: string[];
  agent: http.Agent;
}


/** Student n (1–10,000 spread over the school: every group and every access pattern of the seed). */
const studentNumbers = Array.from({ length: STUDENTS }, (_, index) => 1 + index * Math.floor(10000 / STUDENTS));

/** A tool lesson and a course lesson the student may open, picked apart from other students' (as the student: claims set). */
async function walkOf(superuser: Client, id: string): Promise<string[]> {
  await superuser.query("begin");
  try {
    await superuser.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ role: "authenticated", aud: "authenticated", sub: id })]);
    // `offset 0` keeps the order before the filter, so the access check stops at the first open lesson.
    const { rows } = await superuser.query<{ tool: string; tool_lesson: string; module: string; module_lesson: string }>(
      `select t.tool, t.tool_lesson, m.module, m.module_lesson
       from (select tool, tool_lesson from (select lower(tt.name) as tool, l.id as tool_lesson from public.lessons l join public.tech_tools tt on tt.id = l.tool_id
             order by md5(l.id::text || $1) offset 0) s where public.can_open_lesson($1::uuid, s.tool_lesson) limit 1) t,
            (select module, module_lesson from (select l.course_module_id as module, l.id as module_lesson from public.lessons l where l.course_module_id is not null
             order by md5(l.id::text || $1) offset 0) s where public.can_open_lesson($1::uuid, s.module_lesson) limit 1) m`,
      [id],
    );
    if (!rows[0]) throw new Error(`student ${id} may open no tool lesson or no course lesson`);
    const { tool, tool_lesson, module, module_lesson } = rows[0];
    const toolPath = `/tech-founder/${encodeURIComponent(tool)}`;
    return ["/dashboard", toolPath, `${toolPath}/${tool_lesson}`, `/product-founder/${module}`, `/product-founder/${module}/${module_lesson}`];
  } finally {
    await superuser.query("rollback");
  }
}

/**
 * The session cookies the app's own sign-in sets: @supabase/ssr's server client with the app's
 * cookie options, signing in with the secret key and the visitor's address in Sb-Forwarded-For,
 * as lib/supabase/server.ts createAuthClient does (each student its own address, so its own
 * rate-limit bucket).
 */
async function sessionCookie(backendUrl: string, email: string, address: string): Promise<string> {
  const jar = new Map<string, string>();
  const client = createServerClient(backendUrl, SECRET_KEY, {
    cookieOptions: { secure: false, sameSite: "lax", path: "/" },
    global: { headers: { "sb-forwarded-for": address } },
    cookies: {
      getAll: () => [...jar].map(([name, value]) => ({ name, value })),
      setAll: (cookies) => {
        for (const { name, value } of cookies) if (value) jar.set(name, value);
        else jar.delete(name);
      },
    },
  });
  const { error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
  if (error) throw new Error(`${email} could not sign in: ${error.message}`);
  await new Promise((resolve) => setTimeout(resolve, 0)); // the cookies are written on the auth event after the answer
  if (jar.size === 0) throw new Error(`${email}: no session cookie was written`);
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

/** One page as a browser's navigation asks it (gzip, the student's cookie, its own connection); an error is what a student would not see as the page. */
function load(base: string, student: Student, target: string): Promise<{ ms: number; error: string | null }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const request = http.get(
      `${base}${target}`,
      { agent: student.agent, timeout: 60_000, headers: { cookie: student.cookie, accept: "text/html", "accept-encoding": "gzip" } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const ms = performance.now() - started;
          if (response.statusCode !== 200) return resolve({ ms, error: `${response.statusCode}${response.headers.location ? ` → ${response.headers.location.split("?")[0].replace(/[0-9a-f-]{36}/g, ":id")}` : ""}` });
          const bytes = Buffer.concat(chunks);
          const html = (response.headers["content-encoding"] === "gzip" ? gunzipSync(bytes) : bytes).toString("utf8");
          if (html.includes("Не удалось загрузить страницу")) return resolve({ ms, error: "error page" });
          if (html.includes("Урок не найден")) return resolve({ ms, error: "lesson not found" });
          // A server error, redirect or not-found thrown after the 200 was sent: Next streams its digest
          // instead. An empty one is the homework form's intended bailout to the browser (ssr: false).
          const digest = /data-dgst="([^"]+)"/.exec(html);
          if (digest) return resolve({ ms, error: `error digest ${digest[1].split(";").slice(0, 2).join(";")} in a 200` });
          resolve({ ms, error: null });
        });
        response.on("error", (error) => resolve({ ms: performance.now() - started, error: error.message }));
      },
    );
    request.on("timeout", () => request.destroy(new Error("timeout (60 s)")));
    request.on("error", (error) => resolve({ ms: performance.now() - started, error: error.message }));
  });
}

/**
 * Every student walks its five pages in order, round and round with no pause, until the time is
 * up; each enters the round at another page (its index), so every page is asked as often from the start.
 */
async function drive(base: string, students: Student[], seconds: number) {
  const answers: Answer[] = [];
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    students.map(async (student, index) => {
      for (let step = index; performance.now() < until; step++) {
        const page = step % PAGES.length;
        answers.push({ page: PAGES[page], ...(await load(base, student, student.walk[page])) });
      }
    }),
  );
  return { answers, seconds: (performance.now() - started) / 1000 };
}

function startBackend(databaseUrl: string, dataDir: string, base: string, requestLog: string[]) {
  const child = spawn(process.execPath, ["--import", "tsx", "local-backend/main.ts"], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "inherit"],
    env: {
      ...process.env,
      LOCAL_BACKEND_DATABASE_URL: databaseUrl,
      LOCAL_BACKEND_DATA_DIR: dataDir,
      LOCAL_BACKEND_PORT: String(BACKEND_PORT),
      LOCAL_BACKEND_SMTP_PORT: String(BACKEND_PORT + 4),
      LOCAL_BACKEND_SITE_URL: base,
    },
  });
  let pending = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    const lines = (pending + chunk).split("\n");
    pending = lines.pop() ?? "";
    requestLog.push(...lines);
  });
  return child;
}

/** Waits until a server of ours answers (migrating the backend's database takes a while), or fails once it has ended. */
async function untilAnswers(url: string, child: ReturnType<typeof spawn>, name: string) {
  for (let attempt = 0; attempt < 600; attempt++) {
    if (child.exitCode !== null) break;
    if (await fetch(url).then((response) => response.ok).catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${name} did not start`);
}


/** `--seconds N` of load (45 by default). */
const secondsOfLoad = () => {
  const index = process.argv.indexOf("--seconds");
  return index >= 0 ? Number(process.argv[index + 1]) : 45;
};

export async function benchLoadScale({ seconds = secondsOfLoad() } = {}) {
  const binDir = postgresBinDir();
  if (!binDir) {
    console.log("load-scale: skipped (no PostgreSQL server installed)");
    return;
  }
  const base = `http://127.0.0.1:${APP_PORT}`;
  const backendUrl = `http://127.0.0.1:${BACKEND_PORT}`;
  const cluster = startCluster(binDir, SCALE_SERVER);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "load-scale-storage-"));
  const superuser = new Client({ host: cluster.host, port: cluster.port, user: "supabase_admin", database: "postgres" });
  const requestLog: string[] = [];
  const appErrors: string[] = [];
  let backend: ReturnType<typeof startBackend> | null = null;
  let app: ReturnType<typeof runServer> | null = null;
  try {
    await superuser.connect();
    // Every function call timed (pg_stat_user_functions), for the database's own time per page.
    await superuser.query("alter system set track_functions = 'all'");
    await superuser.query("select pg_reload_conf()");

    console.log("load-scale: building the app, starting the backend on PostgreSQL…");
    const env = nextEnv(backendUrl, base, DIST_DIR);
    const build = exitCode(runNext(["build"], env, "ignore"));
    backend = startBackend(cluster.url, dataDir, base, requestLog);
    await untilAnswers(`${backendUrl}/health`, backend, `the backend (is port ${BACKEND_PORT} taken?)`);
    await seedScaleSchool(superuser);

    const ids = studentNumbers.map((n) => seededId("student", n));
    await superuser.query(`update auth.users set encrypted_password = extensions.crypt($1, extensions.gen_salt('bf', 4)) where id = any($2::uuid[])`, [PASSWORD, ids]);
    const walks: string[][] = [];
    for (const id of ids) walks.push(await walkOf(superuser, id));

    if ((await build) !== 0) throw new Error("build failed");
    app = runServer(["-p", String(APP_PORT), "-H", "127.0.0.1"], env, ["ignore", "ignore", "pipe"]);
    app.stderr?.setEncoding("utf8").on("data", (chunk: string) => appErrors.push(chunk));
    await untilAnswers(base, app, `the app (is port ${APP_PORT} taken?)`);

    const signInStarted = performance.now();
    const students: Student[] = [];
    for (let first = 0; first < STUDENTS; first += 20) {
      const batch = studentNumbers.slice(first, first + 20).map(async (n, offset) => {
        const index = first + offset;
        const address = `198.18.${index >> 8}.${index & 255}`;
        const email = `scale-${n}@example.com`;
        return { email, address, cookie: await sessionCookie(backendUrl, email, address), walk: walks[index], agent: new http.Agent({ keepAlive: true, maxSockets: 1 }) };
      });
      students.push(...(await Promise.all(batch)));
    }
    console.log(`load-scale: ${STUDENTS} sessions in ${fixed((performance.now() - signInStarted) / 1000, 1)} s; warm-up ${WARM_UP_SECONDS} s, then ${seconds} s of load…`);

    // Each route's code loaded once, by one student, before the crowd arrives.
    for (const target of students[0].walk) await load(base, students[0], target);
    const warmUp = await drive(base, students, WARM_UP_SECONDS);
    const { rows: [{ directory }] } = await superuser.query<{ directory: string }>(`select current_setting('data_directory') as directory`);
    const postmasterPid = Number(readFileSync(path.join(directory, "postmaster.pid"), "utf8").split("\n")[0]);
    const appPid = app.pid ?? 0;
    const backendPid = backend.pid ?? 0;
    const before = {
      database: await databaseFigures(superuser),
      app: cpuMs(appPid),
      backend: cpuMs(backendPid),
      postgres: postgresCpuMs(postmasterPid),
      driver: process.cpuUsage(),
      machine: machineCpuMs(),
    };
    requestLog.length = 0;
    const run = await drive(base, students, seconds);
    await new Promise((resolve) => setTimeout(resolve, 1500)); // the servers' statistics of the last second
    const after = {
      database: await databaseFigures(superuser),
      app: cpuMs(appPid),
      backend: cpuMs(backendPid),
      postgres: postgresCpuMs(postmasterPid),
      driver: process.cpuUsage(before.driver),
      machine: machineCpuMs(),
    };
    const backendLines = requestLog.splice(0);

    report({ warmUp, run, before, after, backendLines, students: STUDENTS, warmUpSeconds: WARM_UP_SECONDS });
    if (appErrors.length) console.log(`\nthe app's error output (${appErrors.length} writes), from the start:\n${appErrors.join("").slice(0, 1500)}`);
  } finally {
    app?.kill();
    backend?.kill();
    await superuser.end().catch(() => undefined);
    cluster.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(path.join(ROOT, DIST_DIR), { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await benchLoadScale();
}
