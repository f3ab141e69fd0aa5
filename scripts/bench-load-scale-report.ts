import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import type { Client } from "pg";
import { percentile } from "./scale-school";

/** What `npm run bench -- load-scale` measures besides the pages: CPU per process, the database's own time, and the report. */

export const PAGES = ["dashboard", "tool page", "lesson page", "course module", "course lesson"] as const;
export type Page = (typeof PAGES)[number];

/** What one student's walk through its pages asked, page by page. */
export interface Answer {
  page: Page;
  ms: number;
  error: string | null;
}

/** All the CPU of one PostgreSQL cluster: the postmaster, its live children, and the children it has reaped. */
export function postgresCpuMs(postmasterPid: number) {
  const fields = (pid: number | string) => readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  const ticks = (values: string[], from: number, to: number) => values.slice(from, to + 1).reduce((sum, value) => sum + Number(value), 0);
  let total = ticks(fields(postmasterPid), 11, 14);
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = fields(pid);
      if (Number(stat[1]) === postmasterPid) total += ticks(stat, 11, 12);
    } catch {
      // gone meanwhile
    }
  }
  return (total * 1000) / 100;
}

/** Busy and total CPU time of the whole machine (/proc/stat), everyone's work included. */
export function machineCpuMs() {
  const values = readFileSync("/proc/stat", "utf8").split("\n")[0].split(/\s+/).slice(1).map(Number);
  const idle = values[3] + values[4];
  const total = values.reduce((sum, value) => sum + value, 0);
  return { busy: ((total - idle) * 1000) / 100, total: (total * 1000) / 100 };
}

export interface DatabaseFigures {
  activeMs: number;
  transactions: number;
  functions: Map<string, { calls: number; totalMs: number; selfMs: number }>;
}

export async function databaseFigures(superuser: Client): Promise<DatabaseFigures> {
  const { rows: [database] } = await superuser.query<{ active_ms: number; transactions: string }>(
    `select active_time as active_ms, xact_commit + xact_rollback as transactions from pg_stat_database where datname = current_database()`,
  );
  const { rows } = await superuser.query<{ name: string; calls: string; total_ms: number; self_ms: number }>(
    `select schemaname || '.' || funcname as name, calls, total_time as total_ms, self_time as self_ms from pg_stat_user_functions`,
  );
  return {
    activeMs: database.active_ms,
    transactions: Number(database.transactions),
    functions: new Map(rows.map((row) => [row.name, { calls: Number(row.calls), totalMs: row.total_ms, selfMs: row.self_ms }])),
  };
}

export interface Driven {
  answers: Answer[];
  seconds: number;
}

export const fixed = (value: number, digits = 0) => value.toFixed(digits);

export interface Snapshot {
  database: DatabaseFigures;
  app: number;
  backend: number;
  postgres: number;
  machine: { busy: number; total: number };
}

export function report({
  warmUp,
  run,
  students,
  warmUpSeconds,
  before,
  after,
  backendLines,
}: {
  warmUp: Driven;
  run: Driven;
  students: number;
  warmUpSeconds: number;
  before: Snapshot & { driver: NodeJS.CpuUsage };
  after: Snapshot & { driver: NodeJS.CpuUsage };
  backendLines: string[];
}) {
  const { answers } = run;
  const pages = answers.length;
  const errors = answers.filter((answer) => answer.error);
  const warmUpErrors = warmUp.answers.filter((answer) => answer.error).length;
  console.log(`\n${students} students, each its own session and connection, no pause between pages: ${fixed(run.seconds, 1)} s after a ${warmUpSeconds} s warm-up (${warmUp.answers.length} pages, ${warmUpErrors} errors)\n`);
  console.log("page".padEnd(16), "pages".padStart(7), "p50 ms".padStart(8), "p99 ms".padStart(8), "errors".padStart(7));
  const row = (label: string, subset: Answer[]) => {
    const times = subset.map((answer) => answer.ms).sort((a, b) => a - b);
    console.log(
      label.padEnd(16),
      String(subset.length).padStart(7),
      fixed(percentile(times, 0.5)).padStart(8),
      fixed(percentile(times, 0.99)).padStart(8),
      String(subset.filter((answer) => answer.error).length).padStart(7),
    );
  };
  for (const page of PAGES) row(page, answers.filter((answer) => answer.page === page));
  row("all", answers);
  const kinds = new Map<string, number>();
  for (const { page, error } of errors) kinds.set(`${page}: ${error}`, (kinds.get(`${page}: ${error}`) ?? 0) + 1);
  for (const [kind, count] of kinds) console.log(`  error ${kind} × ${count}`);

  const wall = run.seconds * 1000;
  const driverMs = (after.driver.user + after.driver.system) / 1000;
  const machine = { busy: after.machine.busy - before.machine.busy, total: after.machine.total - before.machine.total };
  const cpu: [string, number][] = [
    ["app (Next.js)", after.app - before.app],
    ["backend (Auth/REST)", after.backend - before.backend],
    ["PostgreSQL", after.postgres - before.postgres],
    ["load driver", driverMs],
  ];
  const stack = cpu.reduce((sum, [, ms]) => sum + ms, 0);
  console.log(`\n${fixed(pages / run.seconds, 1)} pages/s for the whole stack; CPU per page (ms) and share of ${os.cpus().length} cores over the run:`);
  for (const [label, ms] of cpu) console.log(`  ${label.padEnd(22)} ${fixed(ms / pages, 2).padStart(7)} ms/page ${fixed(ms / wall, 2).padStart(6)} cores`);
  console.log(`  ${"the four together".padEnd(22)} ${fixed(stack / pages, 2).padStart(7)} ms/page ${fixed(stack / wall, 2).padStart(6)} cores`);
  console.log(`  machine busy (everyone's work) ${fixed((machine.busy / machine.total) * 100)} % of ${fixed(machine.total / 1000 / run.seconds, 1)} cores`);

  const activeMs = after.database.activeMs - before.database.activeMs;
  const transactions = after.database.transactions - before.database.transactions;
  console.log(
    `\nthe database's own time: statements active ${fixed(activeMs / pages, 1)} ms a page (pg_stat_database.active_time, summed over connections),` +
      ` PostgreSQL CPU ${fixed((after.postgres - before.postgres) / pages, 1)} ms a page, ${fixed(transactions / pages, 1)} transactions a page`,
  );
  const functions = [...after.database.functions]
    .map(([name, figures]) => {
      const previous = before.database.functions.get(name) ?? { calls: 0, totalMs: 0, selfMs: 0 };
      return { name, calls: figures.calls - previous.calls, totalMs: figures.totalMs - previous.totalMs, selfMs: figures.selfMs - previous.selfMs };
    })
    .filter((figures) => figures.calls > 0)
    .sort((a, b) => b.totalMs - a.totalMs)
    .slice(0, 12);
  console.log("  function (pg_stat_user_functions, nested calls included)".padEnd(62), "calls".padStart(8), "ms/call".padStart(8), "self ms/call".padStart(12));
  for (const figures of functions) {
    console.log(`  ${figures.name.padEnd(60)} ${String(figures.calls).padStart(8)} ${fixed(figures.totalMs / figures.calls, 2).padStart(8)} ${fixed(figures.selfMs / figures.calls, 2).padStart(12)}`);
  }

  // The backend's own view: each request's time from arrival to answer (its work and its wait for a connection and the database).
  const byRoute = new Map<string, number[]>();
  for (const line of backendLines) {
    const match = /^\[backend\] (\w+) (\S+) (\d+) (\d+)ms$/.exec(line);
    if (!match) continue;
    const route = `${match[1]} ${match[2].replace(/[0-9a-f-]{36}/g, ":id")}`;
    byRoute.set(route, [...(byRoute.get(route) ?? []), Number(match[4])]);
  }
  const requests = [...byRoute.values()].reduce((sum, times) => sum + times.length, 0);
  console.log(`\nbackend requests: ${fixed(requests / pages, 1)} a page; by route (the backend's time, arrival to answer)`);
  for (const [route, times] of [...byRoute].sort((a, b) => b[1].length - a[1].length).slice(0, 10)) {
    times.sort((a, b) => a - b);
    console.log(`  ${route.padEnd(52)} ${String(times.length).padStart(7)} p50 ${String(percentile(times, 0.5)).padStart(5)} ms  p99 ${String(percentile(times, 0.99)).padStart(5)} ms`);
  }
}
