import type { Client } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresBinDir, startHostedDatabase, type HostedDatabase } from "./cluster";

/**
 * The last admin (migration 20261128000600) under two removals at once, which PGlite (one
 * connection) cannot show: two sessions delete the school's two admins as Supabase Auth deletes a
 * user (its roles go by cascade). The second waits for the first, counts again and is refused, so
 * one admin remains. Without the lock both commit and the school has none.
 */

const binDir = postgresBinDir();
const ADMINS = ["73000000-0000-4000-8000-000000000001", "73000000-0000-4000-8000-000000000002"];

let database: HostedDatabase;
let first: Client;
let second: Client;
/** supabase_admin: only a superuser sees what another role's session waits for. */
let watcher: Client;

const admins = async () =>
  (await watcher.query<{ user_id: string }>(`select user_id from public.user_roles where role = 'admin' order by user_id`)).rows.map((row) => row.user_id);
const pidOf = async (client: Client) => (await client.query<{ pid: number }>(`select pg_backend_pid() as pid`)).rows[0].pid;

/** Resolves with "waiting" once the session waits for a lock, or "done" if its statement ends first. */
async function waitsOrEnds(pid: number, statement: Promise<unknown>) {
  let ended = false;
  void statement.then(() => (ended = true), () => (ended = true));
  for (let tries = 0; tries < 250; tries++) {
    if (ended) return "done";
    const { rows } = await watcher.query(`select wait_event_type from pg_stat_activity where pid = $1`, [pid]);
    if (rows[0]?.wait_event_type === "Lock") return "waiting";
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`session ${pid} neither waited nor ended`);
}

describe.skipIf(!binDir)(`the last admin on PostgreSQL (${binDir ?? "not installed"})`, () => {
  beforeAll(async () => {
    database = await startHostedDatabase(binDir!);
    [first, second, watcher] = await Promise.all(["supabase_admin", "supabase_admin", "supabase_admin"].map((user) => database.connect(user)));
    for (const [index, id] of ADMINS.entries()) {
      await watcher.query(
        `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at)
         values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, '', now())`,
        [id, `admin-${index}@example.com`],
      );
      await watcher.query(`insert into public.user_roles (user_id, role) values ($1, 'admin')`, [id]);
    }
    // Only these two: the seed's demo admin (the local backend's bootstrap is here) steps down.
    await watcher.query(`delete from public.user_roles where role = 'admin' and user_id <> all($1::uuid[])`, [ADMINS]);
  });
  afterAll(async () => {
    await Promise.all([first, second, watcher].map((client) => client?.end()));
    database?.cluster.stop();
  });

  it("keeps one admin when two are deleted at once: the second removal waits, counts again and is refused", async () => {
    expect(await admins()).toEqual(ADMINS);
    await first.query("begin");
    await second.query("begin");
    await first.query(`delete from auth.users where id = $1`, [ADMINS[0]]);
    const secondPid = await pidOf(second);
    const removal = second.query(`delete from auth.users where id = $1`, [ADMINS[1]]).then(
      () => "deleted",
      (error: { message: string; hint?: string }) => `${error.message} (${error.hint})`,
    );
    expect(await waitsOrEnds(secondPid, removal)).toBe("waiting");
    await first.query("commit");
    expect(await removal).toBe("the school keeps at least one admin (last_admin)");
    await second.query("rollback");
    expect(await admins()).toEqual([ADMINS[1]]);
  });

  it("refuses to delete the last admin's role or to change it to another role", async () => {
    await expect(watcher.query(`delete from public.user_roles where user_id = $1 and role = 'admin'`, [ADMINS[1]])).rejects.toThrow(
      "the school keeps at least one admin",
    );
    await expect(watcher.query(`update public.user_roles set role = 'curator' where user_id = $1 and role = 'admin'`, [ADMINS[1]])).rejects.toThrow(
      "the school keeps at least one admin",
    );
    expect(await admins()).toEqual([ADMINS[1]]);
  });
});
