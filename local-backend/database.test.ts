import { describe, expect, it } from "vitest";
import { openDatabase, upgradeBootstrap } from "./database";

describe("the local database takes turns with the event loop", () => {
  it("lets a timer run between queued queries, not after all of them", async () => {
    const db = await openDatabase("memory://", () => {});
    const queued = 30;
    let finished = 0;
    const queries = Array.from({ length: queued }, () =>
      db.query("select count(*) from generate_series(1, 20000)").then(() => finished++),
    );
    const finishedWhenTimerRan = await new Promise<number>((resolve) => setTimeout(() => resolve(finished), 0));
    await Promise.all(queries);
    await db.close();
    expect(finished).toBe(queued);
    // Without turns, PGlite's queue runs all 30 back to back before the timer gets its turn.
    expect(finishedWhenTimerRan).toBeLessThan(3);
  });

  it("keeps a transaction whole and runs queries in the order they were asked", async () => {
    const db = await openDatabase("memory://", () => {});
    await db.exec("create temporary table turns (step int)");
    const order: string[] = [];
    await Promise.all([
      db.transaction(async (tx) => {
        await tx.query("insert into turns values (1)");
        await new Promise((resolve) => setTimeout(resolve, 20));
        await tx.query("insert into turns values (2)");
        order.push("transaction");
      }),
      db.query("insert into turns values (3)").then(() => order.push("query")),
    ]);
    const { rows } = await db.query<{ step: number }>("select step from turns order by ctid");
    await db.close();
    expect(order).toEqual(["transaction", "query"]);
    expect(rows.map((row) => row.step)).toEqual([1, 2, 3]);
  });
});

describe("a data folder made by an older bootstrap.sql", () => {
  it("gets the columns added since, once, however often the backend starts", async () => {
    const db = await openDatabase("memory://", () => {});
    await db.exec(`alter table auth.users drop column email_change_token_current, drop column email_change_confirm_status,
      drop column email_change_sent_at;
      alter table _local.mailbox drop column source, drop column sender, drop column html, drop column message_id, drop column headers`);
    await upgradeBootstrap(db);
    await upgradeBootstrap(db);
    const columns = await db.query<{ table_name: string; n: number }>(
      `select table_name, count(*)::int as n from information_schema.columns
       where (table_schema, table_name) in (('auth', 'users'), ('_local', 'mailbox'))
         and column_name in ('email_change_token_current', 'email_change_confirm_status', 'email_change_sent_at',
           'source', 'sender', 'html', 'message_id', 'headers')
       group by table_name order by table_name`,
    );
    const checks = await db.query<{ n: number }>(
      `select count(*)::int as n from pg_constraint where conrelid = 'auth.users'::regclass and contype = 'c'`,
    );
    await db.close();
    expect(columns.rows).toEqual([
      { table_name: "mailbox", n: 5 },
      { table_name: "users", n: 3 },
    ]);
    expect(checks.rows[0].n).toBe(1);
  });
});
