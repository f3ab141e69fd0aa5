import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LocalBackend } from "@/local-backend/server";
import { SEEDED, startTestBackend } from "@/local-backend/tests/harness";

/**
 * The viewer's own access is kept for the rest of one statement (migration …0300), and only that:
 * the next statement of the same transaction sees a change, another person's access is never
 * served from the viewer's kept answer, and a statement asking about someone else computes it.
 * Since …0900 one computation keeps all three kinds, and the hidden lists keep their own answer.
 * Since 20261128004200 a write inside the same statement (a function that grants, then asks) makes
 * every kept answer a stranger: a purchase or a passed quiz is such a call.
 */

const CURSOR = "70000000-0000-4000-8000-000000000002";
const SECOND_MODULE = "c0000000-0000-4000-8000-000000000002";
const FIRST_LESSON = "d0000000-0000-4000-8000-000000000001";
const STUDENT = SEEDED.student.id;
const ADMIN = SEEDED.admin.id;
let backend: LocalBackend;

beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.close());

type Tx = Parameters<Parameters<LocalBackend["db"]["transaction"]>[0]>[0];

/** Runs `work` as `caller` (authenticated, with claims) inside one rolled-back transaction. */
async function asCaller(caller: string, work: (tx: Tx, hiddenTools: (userId: string) => Promise<string[]>) => Promise<void>) {
  await backend.db
    .transaction(async (tx) => {
      await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: caller, role: "authenticated" })]);
      await tx.query("set local role authenticated");
      const hiddenTools = async (userId: string) =>
        (await tx.query<{ ids: string[] }>(`select public.hidden_item_ids($1, 'tool') as ids`, [userId])).rows[0].ids;
      await work(tx, hiddenTools);
      throw new Error("rollback");
    })
    .catch((error: Error) => {
      if (error.message !== "rollback") throw error;
    });
}

describe("the viewer's access kept per statement", () => {
  it("a later statement of the same transaction sees a change of access", async () => {
    await asCaller(STUDENT, async (tx, hiddenTools) => {
      expect(await hiddenTools(STUDENT)).not.toContain(CURSOR);
      await tx.query("reset role");
      await tx.query(
        `insert into public.tool_access (user_id, tool_id, is_unlocked, is_visible) values ($1, $2, false, false)
         on conflict (user_id, tool_id) do update set is_visible = false`,
        [STUDENT, CURSOR],
      );
      await tx.query("set local role authenticated");
      expect(await hiddenTools(STUDENT)).toContain(CURSOR);
    });
  });

  it("one statement asking about the viewer and about someone else answers each for themselves", async () => {
    await asCaller(ADMIN, async (tx) => {
      await tx.query("reset role");
      await tx.query(`insert into public.tool_access (user_id, tool_id, is_unlocked, is_visible) values ($1, $2, false, false) on conflict (user_id, tool_id) do update set is_visible = false`, [STUDENT, CURSOR]);
      await tx.query("set local role authenticated");
      const { rows } = await tx.query<{ admin: string[]; student: string[]; again: string[] }>(
        `select public.hidden_item_ids($1, 'tool') as admin, public.hidden_item_ids($2, 'tool') as student, public.hidden_item_ids($1, 'tool') as again`,
        [ADMIN, STUDENT],
      );
      expect(rows[0].student).toContain(CURSOR);
      expect(rows[0].admin).not.toContain(CURSOR);
      expect(rows[0].again).toEqual(rows[0].admin);
    });
  });

  it("one item's access agrees with the full computation, kept or not", async () => {
    await asCaller(STUDENT, async (tx) => {
      const { rows } = await tx.query<{ kind: string; item_id: string; is_unlocked: boolean; is_visible: boolean; item_unlocked: boolean | null; item_visible: boolean | null }>(
        `select e.kind, e.item_id, e.is_unlocked, e.is_visible, i.is_unlocked as item_unlocked, i.is_visible as item_visible
         from public.effective_access($1) e left join lateral public.effective_item($1, e.kind, e.item_id) i on true`,
        [STUDENT],
      );
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect([row.item_unlocked, row.item_visible]).toEqual([row.is_unlocked, row.is_visible]);
    });
  });

  it("one statement's kept answers for every kind agree with the full computation, and the next statement sees a change of each", async () => {
    await asCaller(STUDENT, async (tx) => {
      const hideEach = [
        ["tool_access", "tool_id", CURSOR],
        ["module_access", "module_id", SECOND_MODULE],
        ["lesson_access", "lesson_id", FIRST_LESSON],
      ];
      const askEveryKind = async () =>
        (
          await tx.query<Record<string, string[]>>(
            `select public.hidden_item_ids($1, 'lesson') as lesson, public.hidden_item_ids($1, 'tool') as tool,
               public.hidden_item_ids($1, 'module') as module, public.hidden_item_ids($1, 'lesson') as lesson_again,
               (select coalesce(array_agg(e.item_id), '{}') from public.effective_access($1) e where e.kind = 'tool' and not e.is_visible) as tool_computed,
               (select coalesce(array_agg(e.item_id), '{}') from public.effective_access($1) e where e.kind = 'module' and not e.is_visible) as module_computed,
               (select coalesce(array_agg(e.item_id), '{}') from public.effective_access($1) e where e.kind = 'lesson' and not e.is_visible) as lesson_computed`,
            [STUDENT],
          )
        ).rows[0];
      const before = await askEveryKind();
      for (const kind of ["tool", "module", "lesson"]) expect(before[kind]).not.toContain(hideEach.find(([table]) => table.startsWith(kind))?.[2]);
      await tx.query("reset role");
      for (const [table, column, id] of hideEach) {
        await tx.query(
          `insert into public.${table} (user_id, ${column}, is_unlocked, is_visible) values ($1, $2, false, false)
           on conflict (user_id, ${column}) do update set is_visible = false`,
          [STUDENT, id],
        );
      }
      await tx.query("set local role authenticated");
      const after = await askEveryKind();
      for (const kind of ["tool", "module", "lesson"]) {
        expect([...after[kind]].sort()).toEqual([...after[`${kind}_computed`]].sort());
        expect(after[kind]).toContain(hideEach.find(([table]) => table.startsWith(kind))?.[2]);
      }
      expect(after.lesson_again).toEqual(after.lesson);
    });
  });

  it("a lesson list gives the date a lesson opens, for the viewer and for an admin asking about them", async () => {
    const opensAt = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const pageOf = async (tx: Tx, student: string | null) =>
      (
        await tx.query<{ page: { verdicts: { item_id: string; is_open: boolean; opens_at: string | null }[] } }>(
          `select public.tool_page('Lovable', $1) as page`,
          [student],
        )
      ).rows[0].page;
    const dated = async (tx: Tx) => {
      await tx.query("reset role");
      await tx.query(
        `insert into public.lesson_access (user_id, lesson_id, is_unlocked, is_visible, unlock_at) values ($1, $2, true, true, $3)
         on conflict (user_id, lesson_id) do update set is_unlocked = true, is_visible = true, unlock_at = excluded.unlock_at`,
        [STUDENT, FIRST_LESSON, opensAt],
      );
      await tx.query("set local role authenticated");
    };
    const expected = { item_id: FIRST_LESSON, is_open: false, why: "scheduled" };
    await asCaller(STUDENT, async (tx) => {
      await dated(tx);
      const entry = (await pageOf(tx, null)).verdicts.find((verdict) => verdict.item_id === FIRST_LESSON);
      expect(entry).toMatchObject(expected);
      expect(Date.parse(entry!.opens_at!)).toBe(Date.parse(opensAt));
    });
    await asCaller(ADMIN, async (tx) => {
      await dated(tx);
      const entry = (await pageOf(tx, STUDENT)).verdicts.find((verdict) => verdict.item_id === FIRST_LESSON);
      expect(entry).toMatchObject(expected);
      expect(Date.parse(entry!.opens_at!)).toBe(Date.parse(opensAt));
    });
  });

  it("the lesson protection reads the verdicts the student's list asked for, until a write in the same call", async () => {
    await asCaller(STUDENT, async (tx) => {
      await tx.query("reset role");
      await tx.query(
        `create function pg_temp.list_then_open() returns text language plpgsql as $$
         declare
           listed boolean;
           kept boolean;
           before_write boolean;
         begin
           select v.is_open into listed from public.access_verdicts('${STUDENT}', 'lesson', array['${FIRST_LESSON}'::uuid]) v;
           kept := position(' ${FIRST_LESSON}:t' in current_setting('access.can_open', true)) > 0;
           before_write := public.can_open_lesson('${STUDENT}', '${FIRST_LESSON}');
           insert into public.lesson_access (user_id, lesson_id, is_unlocked, is_visible) values ('${STUDENT}', '${FIRST_LESSON}', false, true)
             on conflict (user_id, lesson_id) do update set is_unlocked = false;
           return listed::text || ',' || kept::text || ',' || before_write::text || ';' || public.can_open_lesson('${STUDENT}', '${FIRST_LESSON}')::text;
         end;
         $$`,
      );
      const { rows } = await tx.query<{ answers: string }>("select pg_temp.list_then_open() as answers");
      expect(rows.at(-1)?.answers).toBe("true,true,true;false");
    });
  });

  it("a function that writes access and then asks, in one call, reads its own write", async () => {
    await asCaller(STUDENT, async (tx) => {
      await tx.query("reset role");
      // One statement: statement_timestamp() is the same for every question the function asks.
      await tx.query(
        `create function pg_temp.grant_then_ask() returns text language plpgsql as $$
         declare
           said text;
         begin
           said := public.can_open_lesson('${STUDENT}', '${FIRST_LESSON}')::text || ',' || ('${CURSOR}' = any (public.hidden_item_ids('${STUDENT}', 'tool')))::text;
           insert into public.lesson_access (user_id, lesson_id, is_unlocked, is_visible) values ('${STUDENT}', '${FIRST_LESSON}', false, true)
             on conflict (user_id, lesson_id) do update set is_unlocked = false;
           insert into public.tool_access (user_id, tool_id, is_unlocked, is_visible) values ('${STUDENT}', '${CURSOR}', false, false)
             on conflict (user_id, tool_id) do update set is_visible = false;
           return said || ';' || public.can_open_lesson('${STUDENT}', '${FIRST_LESSON}')::text || ',' || ('${CURSOR}' = any (public.hidden_item_ids('${STUDENT}', 'tool')))::text;
         end;
         $$`,
      );
      const { rows } = await tx.query<{ answers: string }>("select pg_temp.grant_then_ask() as answers");
      expect(rows.at(-1)?.answers).toBe("true,false;false,true");
    });
  });
});
