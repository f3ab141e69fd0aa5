import type { Client } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresBinDir, startHostedDatabase, type HostedDatabase } from "./cluster";

/**
 * The activity rollup (migrations …1800, …1900) under concurrent sessions, which PGlite (one
 * connection) cannot show: a student's event on a lesson an admin is publishing or drafting at that
 * moment, and two lessons of the same student drafted at once. After both commit, the months hold
 * what a recount from scratch gives.
 */

const binDir = postgresBinDir();
const STUDENT = "72000000-0000-4000-8000-000000000001";

let database: HostedDatabase;
let owner: Client;
let admin: Client;
let student: Client;
/** supabase_admin: only a superuser sees what another role's session waits for. */
let watcher: Client;
let lessons: string[] = [];

/** The student's month rows of both tables beside what a recount from scratch makes of the same months. */
async function keptAndCounted() {
  const { rows } = await owner.query(
    `with months as (select array_agg(distinct date_trunc('month', a.day)::date) as months
       from public.student_activity_lessons a where a.user_id = $1)
     select
       (select coalesce(jsonb_agg(t order by t.month, t.track), '[]') from public.student_activity_track_months t where t.user_id = $1) as tracks_kept,
       (select coalesce(jsonb_agg(t order by t.month, t.track), '[]')
          from months, public.tally_student_activity_track_months(array_fill($1::uuid, array[cardinality(months)]), months) t) as tracks_counted,
       (select coalesce(jsonb_agg(m order by m.month), '[]') from public.student_activity_months m where m.user_id = $1) as months_kept`,
    [STUDENT],
  );
  return rows[0];
}

/** Resolves once the session's backend waits for a lock another transaction holds. */
async function untilWaiting(pid: number) {
  for (let tries = 0; tries < 250; tries++) {
    const { rows } = await watcher.query(`select wait_event_type from pg_stat_activity where pid = $1`, [pid]);
    if (rows[0]?.wait_event_type === "Lock") return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`session ${pid} never waited for a lock`);
}

const pidOf = async (client: Client) => (await client.query<{ pid: number }>(`select pg_backend_pid() as pid`)).rows[0].pid;

describe.skipIf(!binDir)(`the activity rollup on PostgreSQL (${binDir ?? "not installed"})`, () => {
  beforeAll(async () => {
    database = await startHostedDatabase(binDir!);
    [owner, admin, student] = await Promise.all(["postgres", "postgres", "authenticator"].map((user) => database.connect(user)));
    watcher = await database.connect("supabase_admin");
    await watcher.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at)
       values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', 'rollup@example.com', '', now())`,
      [STUDENT],
    );
  });
  afterAll(async () => {
    await Promise.all([owner, admin, student, watcher].map((client) => client?.end()));
    database?.cluster.stop();
  });

  // Each case starts from two published lessons of an open tool, which the student opened today.
  beforeAll(async () => {
    const { rows: tool } = await owner.query(`insert into public.tech_tools (name) values ('Свёртка наперегонки') returning id`);
    const { rows } = await owner.query(
      `insert into public.lessons (tool_id, title, order_index, is_published) values ($1, 'Первый', 1, true), ($1, 'Второй', 2, true) returning id`,
      [tool[0].id],
    );
    lessons = rows.map((row) => row.id);
    await owner.query(`insert into public.tool_access (user_id, tool_id, is_unlocked) values ($1, $2, true)`, [STUDENT, tool[0].id]);
    await owner.query(`insert into public.lesson_progress (user_id, lesson_id, last_opened_at) select $1, unnest($2::uuid[]), now()`, [STUDENT, lessons]);
  });

  it("counts a pass made while its lesson is being drafted by the lesson as the edit leaves it", async () => {
    const studentPid = await pidOf(student);
    await admin.query("begin");
    await admin.query(`update public.lessons set is_published = false where id = $1`, [lessons[0]]);
    // The student marks the lesson passed as PostgREST calls it for them.
    const passing = (async () => {
      await student.query("begin");
      await student.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ role: "authenticated", sub: STUDENT })]);
      await student.query("set local role authenticated");
      const { rows } = await student.query(`select public.set_lesson_completed($1, true) as passed`, [lessons[0]]);
      await student.query("commit");
      return rows[0].passed;
    })();
    await untilWaiting(studentPid);
    await admin.query("commit");
    expect(await passing).toBe(true);

    const { tracks_kept, tracks_counted, months_kept } = await keptAndCounted();
    expect(tracks_kept).toEqual(tracks_counted);
    // The draft's pass is in no month: only the second lesson's opening counts today.
    expect(months_kept.flatMap((month: { completed_days: number }) => month.completed_days)).toEqual([0]);

    await owner.query(`update public.lessons set is_published = true where id = $1`, [lessons[0]]);
    expect((await keptAndCounted()).months_kept.flatMap((month: { completed_days: number }) => month.completed_days)).not.toEqual([0]);
  });

  it("lets two lessons of the same student be drafted at once", async () => {
    await owner.query(`update public.lessons set is_published = true where id = any($1)`, [lessons]);
    const other = await database.connect("postgres");
    try {
      await admin.query("begin");
      await admin.query(`update public.lessons set is_published = false where id = $1`, [lessons[0]]);
      await other.query("begin");
      const otherPid = await pidOf(other);
      const drafting = other.query(`update public.lessons set is_published = false where id = $1`, [lessons[1]]);
      await untilWaiting(otherPid);
      await admin.query("commit");
      await drafting;
      await other.query("commit");
    } finally {
      await other.end();
    }
    const { tracks_kept, tracks_counted, months_kept } = await keptAndCounted();
    expect([tracks_kept, tracks_counted, months_kept]).toEqual([[], [], []]);
  });
});
