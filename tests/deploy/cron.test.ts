import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The notification worker's schedule (docs/deployment-cron.md): Supabase Cron calls the route every
 * minute, a daily Vercel cron is the fallback Vercel Hobby accepts, a VPS runs `npm run worker`.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

interface Cron {
  path: string;
  schedule: string;
}
const vercel = JSON.parse(read("vercel.json")) as { crons: Cron[] };
const guide = read("docs/deployment-cron.md");
const manifest = JSON.parse(read("package.json")) as { scripts: Record<string, string> };

/** Hobby runs a job at most once a day: one minute of one hour, whatever the days. */
function hobbyAccepts(schedule: string): boolean {
  const fields = schedule.trim().split(/\s+/);
  if (fields.length !== 5) return false;
  const [minute, hour] = fields;
  return /^\d+$/.test(minute) && Number(minute) < 60 && /^\d+$/.test(hour) && Number(hour) < 24;
}

describe("the notification worker's schedule", () => {
  it("tells a Hobby schedule from one Vercel refuses", () => {
    expect(["0 6 * * *", "30 23 * * 1", "0 0 1 * *"].filter(hobbyAccepts)).toHaveLength(3);
    expect(["* * * * *", "*/5 * * * *", "0 * * * *", "0 6,18 * * *", "0 */12 * * *", "0 6 * *"].filter(hobbyAccepts)).toEqual([]);
  });

  it("vercel.json asks Vercel Cron for the notifications route once a day at most", () => {
    expect(vercel.crons.map((cron) => cron.path)).toContain("/api/cron/notifications");
    for (const cron of vercel.crons) expect(hobbyAccepts(cron.schedule), `${cron.path}: ${cron.schedule}`).toBe(true);
  });

  it("each cron path is a route answering GET, the method Vercel Cron and the Supabase job use", () => {
    for (const cron of vercel.crons) {
      const route = path.join("app", cron.path, "route.ts");
      expect(existsSync(path.join(ROOT, route)), route).toBe(true);
      expect(read(route)).toMatch(/export (async function GET|const GET)\b/);
    }
  });

  it("the guide shows vercel.json as it is, and schedules the Supabase job every minute on the same route with the bearer key", () => {
    const shown = JSON.parse(guide.match(/```json\n([\s\S]*?)```/)![1]) as { crons: Cron[] };
    expect(shown.crons).toEqual(vercel.crons);
    const job = guide.match(/select cron\.schedule\(([\s\S]*?)\n\);/)![1];
    expect(job).toContain("'* * * * *'");
    expect(job).toContain("net.http_get(");
    expect(job).toContain("'/api/cron/notifications'");
    expect(job).toMatch(/'Authorization',\s*'Bearer ' \|\|/);
  });

  it("the guide's systemd units run the package's worker script", () => {
    expect(manifest.scripts.worker).toMatch(/scripts\/worker\.ts/);
    expect(guide).toContain("ExecStart=/usr/bin/npm run worker\n");
    expect(guide).toContain("ExecStart=/usr/bin/npm run worker -- --once\n");
    expect(read("scripts/worker.ts")).toContain('process.argv.includes("--once")');
  });
});
