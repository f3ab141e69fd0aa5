import { Client } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "@/local-backend/demo-accounts";
import { postgresBinDir, startHostedDatabase, type HostedDatabase } from "./cluster";

/**
 * The notification outbox on a real PostgreSQL 15 with concurrent sessions, which PGlite (one
 * connection) cannot show: two workers claiming at once take disjoint deliveries without waiting
 * on each other (`for update skip locked`), and events are written whichever way a change is made,
 * SQL by the database owner included.
 */

const binDir = postgresBinDir();
const LOVABLE = "70000000-0000-4000-8000-000000000001";
const CURSOR = "70000000-0000-4000-8000-000000000002";

let database: HostedDatabase;
let owner: Client;
const connect = (user: string) => database.connect(user);

/** A worker's session as PostgREST opens it for the service role, inside a transaction left open. */
async function workerSession() {
  const client = await connect("authenticator");
  await client.query("begin");
  await client.query(`select set_config('request.jwt.claims', '{"role":"service_role"}', true)`);
  await client.query("set local role service_role");
  return client;
}

describe.skipIf(!binDir)(`the outbox on PostgreSQL (${binDir ?? "not installed"})`, () => {
  beforeAll(async () => {
    database = await startHostedDatabase(binDir!);
    owner = await connect("postgres");
  });
  afterAll(async () => {
    await owner?.end();
    database?.cluster.stop();
  });

  it("writes the event when the owner changes access in plain SQL, one notification for the statement", async () => {
    await owner.query(`delete from public.tool_access where user_id = $1 and tool_id = any($2)`, [DEMO_ACCOUNTS.student.id, [LOVABLE, CURSOR]]);
    await owner.query(`delete from public.notified_openings where user_id = $1 and item_id = any($2)`, [DEMO_ACCOUNTS.student.id, [LOVABLE, CURSOR]]);
    const before = (await owner.query(`select count(*)::int as n from public.notifications where user_id = $1`, [DEMO_ACCOUNTS.student.id])).rows[0].n;
    await owner.query(`insert into public.tool_access (user_id, tool_id, is_unlocked) values ($1, $2, true), ($1, $3, true)`, [
      DEMO_ACCOUNTS.student.id,
      LOVABLE,
      CURSOR,
    ]);
    const { rows } = await owner.query(
      `select kind, payload from public.notifications where user_id = $1 order by id desc limit 1`,
      [DEMO_ACCOUNTS.student.id],
    );
    expect((await owner.query(`select count(*)::int as n from public.notifications where user_id = $1`, [DEMO_ACCOUNTS.student.id])).rows[0].n).toBe(before + 1);
    expect(rows[0].kind).toBe("access_opened");
    expect(rows[0].payload.items.map((item: { id: string }) => item.id).sort()).toEqual([LOVABLE, CURSOR].sort());
  });

  it("lets two workers claim at once: disjoint deliveries, and neither waits for the other", async () => {
    const due = (await owner.query(`select count(*)::int as n from public.notification_deliveries where status = 'pending'`)).rows[0].n;
    expect(due).toBeGreaterThanOrEqual(4);
    const [first, second] = [await workerSession(), await workerSession()];
    try {
      const firstClaims = (await first.query(`select delivery_id from public.claim_deliveries(2)`)).rows.map((row) => row.delivery_id);
      // The first transaction still holds its rows: a plain `for update` would wait here.
      const secondClaims = (await second.query(`select delivery_id from public.claim_deliveries(2)`)).rows.map((row) => row.delivery_id);
      expect(firstClaims).toHaveLength(2);
      expect(secondClaims).toHaveLength(2);
      expect(firstClaims.filter((id) => secondClaims.includes(id))).toEqual([]);
      await Promise.all([first.query("commit"), second.query("commit")]);
      const { rows } = await owner.query(`select status::text, attempts from public.notification_deliveries where id = any($1) order by id`, [
        [...firstClaims, ...secondClaims],
      ]);
      expect(rows).toEqual(Array(4).fill({ status: "sending", attempts: 1 }));
    } finally {
      await Promise.all([first.end(), second.end()]);
    }
  });

  it("keeps the worker's functions from the API roles", async () => {
    const student = await connect("authenticator");
    try {
      await student.query("begin");
      await student.query(`select set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify({ role: "authenticated", sub: DEMO_ACCOUNTS.student.id }),
      ]);
      await student.query("set local role authenticated");
      await expect(student.query(`select * from public.claim_deliveries(1)`)).rejects.toMatchObject({ code: "42501" });
    } finally {
      await student.end();
    }
  });
});
