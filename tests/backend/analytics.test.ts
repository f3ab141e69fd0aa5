import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/database.types";
import type { LocalBackend } from "@/local-backend/server";
import { SEEDED, serviceClient, signedIn, startTestBackend, uniqueEmail } from "@/local-backend/tests/harness";

/**
 * The analytics functions (migration 20261125001800) against a cohort counted by hand. One tool:
 * L1, L2, L3, L4 (a draft) and L5 (hidden from A by A's own record, hidden by group G2, shown by
 * group G1). G1 = {A, B, D}, G2 = {C, D, E}: D is in both, so L5 counts for D and not for C.
 * Curator K1 curates both groups, K2 only G2. Every time is Moscow noon N days ago.
 */

type Client = SupabaseClient<Database>;
const PASSWORD = "password123";
let backend: LocalBackend;
let service: Client;
let admin: Client;
let k1: Client;
let k2: Client;
let studentA: Client;
const id: Record<"A" | "B" | "C" | "D" | "E" | "K1" | "K2", string> = { A: "", B: "", C: "", D: "", E: "", K1: "", K2: "" };
let G1 = "";
let G2 = "";
let TOOL = "";
const L: Record<1 | 2 | 3 | 4 | 5, string> = { 1: "", 2: "", 3: "", 4: "", 5: "" };

const moscowToday = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Moscow" }).format(new Date());
/** Moscow noon `daysAgo` days before today, as an ISO instant (09:00 UTC). */
const noon = (daysAgo: number, minutes = 0) => {
  const day = new Date(`${moscowToday}T09:00:00Z`);
  day.setUTCDate(day.getUTCDate() - daysAgo);
  return new Date(day.getTime() + minutes * 60_000).toISOString();
};
const dayOf = (daysAgo: number) => noon(daysAgo).slice(0, 10);

async function person(name: string, role?: "curator") {
  const email = uniqueEmail("analytics");
  const { data, error } = await service.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true, user_metadata: { full_name: name } });
  if (error) throw error;
  if (role) await service.from("user_roles").insert({ user_id: data.user.id, role });
  return { id: data.user.id, email };
}

beforeAll(async () => {
  backend = await startTestBackend();
  service = serviceClient(backend);
  const { data: tool } = await service.from("tech_tools").insert({ name: `Аналитика ${Date.now()}` }).select("id").single();
  TOOL = tool!.id;
  const { data: lessons } = await service
    .from("lessons")
    .insert([1, 2, 3, 4, 5].map((n) => ({ tool_id: TOOL, title: `Урок ${n}`, order_index: n, is_published: n !== 4 })))
    .select("id, order_index");
  for (const lesson of lessons!) L[lesson.order_index as 1] = lesson.id;

  const people = await Promise.all([
    person("Анна А"), person("Борис Б"), person("Вера В"), person("Глеб Д"), person("Ева Е"), person("Куратор Один", "curator"), person("Куратор Два", "curator"),
  ]);
  (["A", "B", "C", "D", "E", "K1", "K2"] as const).forEach((key, index) => (id[key] = people[index].id));
  const { data: groups } = await service.from("groups").insert([{ name: `Аналитика G1 ${Date.now()}` }, { name: `Аналитика G2 ${Date.now()}` }]).select("id, name");
  [G1, G2] = [groups!.find((g) => g.name.includes("G1"))!.id, groups!.find((g) => g.name.includes("G2"))!.id];
  await service.from("group_members").insert([
    ...[id.A, id.B, id.D].map((user_id) => ({ group_id: G1, user_id })),
    ...[id.C, id.D, id.E].map((user_id) => ({ group_id: G2, user_id })),
  ]);
  await service.from("group_curators").insert([
    { group_id: G1, user_id: id.K1 },
    { group_id: G2, user_id: id.K1 },
    { group_id: G2, user_id: id.K2 },
  ]);
  await service.from("group_lesson_access").insert([
    { group_id: G1, lesson_id: L[5], is_unlocked: true, is_visible: true },
    { group_id: G2, lesson_id: L[5], is_unlocked: false, is_visible: false },
  ]);
  await service.from("lesson_access").insert({ user_id: id.A, lesson_id: L[5], is_unlocked: true, is_visible: false });

  const done = (user: string, lesson: string, day: number) => ({ user_id: user, lesson_id: lesson, last_opened_at: noon(day), completed_at: noon(day) });
  const opened = (user: string, lesson: string, day: number) => ({ user_id: user, lesson_id: lesson, last_opened_at: noon(day), completed_at: null });
  const progress = await service.from("lesson_progress").insert([
    done(id.A, L[1], 0), opened(id.A, L[2], 3), done(id.A, L[5], 1), opened(id.A, L[4], 1),
    done(id.B, L[1], 10), opened(id.B, L[2], 9), opened(id.B, L[3], 40),
    opened(id.C, L[1], 1), done(id.C, L[5], 1),
    done(id.D, L[1], 0), done(id.D, L[5], 0),
  ]);
  expect(progress.error).toBeNull();

  const { data: tasks } = await service.from("assignments").insert([L[3], L[4], L[5]].map((lesson_id) => ({ lesson_id }))).select("id, lesson_id");
  const task = (lesson: string) => tasks!.find((t) => t.lesson_id === lesson)!.id;
  // One insert of several rows sends every column: the waiting ones name theirs.
  const waiting = { status: "submitted", reviewed_at: null, reviewer_id: null } as const;
  const work = await service.from("submissions").insert([
    { assignment_id: task(L[3]), user_id: id.A, attempt: 1, status: "accepted", submitted_at: noon(4), reviewed_at: noon(4, 30), reviewer_id: SEEDED.admin.id },
    { assignment_id: task(L[3]), user_id: id.D, attempt: 1, status: "returned", submitted_at: noon(3), reviewed_at: noon(3, 60), reviewer_id: id.K1 },
    { assignment_id: task(L[3]), user_id: id.D, attempt: 2, submitted_at: noon(2), ...waiting },
    { assignment_id: task(L[4]), user_id: id.B, attempt: 1, submitted_at: noon(1), ...waiting },
    { assignment_id: task(L[5]), user_id: id.C, attempt: 1, submitted_at: noon(1), ...waiting },
  ]);
  expect(work.error).toBeNull();

  admin = (await signedIn(backend, SEEDED.admin.email, SEEDED.admin.password)).client;
  k1 = (await signedIn(backend, people[5].email, PASSWORD)).client;
  k2 = (await signedIn(backend, people[6].email, PASSWORD)).client;
  studentA = (await signedIn(backend, people[0].email, PASSWORD)).client;
}, 60_000);
afterAll(() => backend?.close());

interface Day {
  day: string;
  active: number;
  opened: number;
  completed: number;
  submitted: number;
}
const activity = async (client: Client, groupId?: string, track?: string) => {
  const { data, error } = await client.rpc("analytics_activity", { _group_id: groupId, _track: track });
  if (error) throw error;
  return data as { students: number; active_7d: number; active_30d: number; days: Day[] } | null;
};
/** The days with anything on them, as [days ago, active, opened, completed, submitted]. */
const busyDays = (days: Day[]) =>
  days
    .filter((d) => d.active > 0)
    .map((d) => [Array.from({ length: 30 }, (_, n) => dayOf(n)).indexOf(d.day), d.active, d.opened, d.completed, d.submitted]);

describe("active students per day", () => {
  it("counts G1's days by hand: the hidden L5, the draft L4 and the day-40 opening do not count", async () => {
    const g1 = (await activity(admin, G1))!;
    expect(g1.days).toHaveLength(30);
    expect(g1.days[29].day).toBe(moscowToday);
    expect([g1.students, g1.active_7d, g1.active_30d]).toEqual([3, 2, 3]);
    expect(busyDays(g1.days)).toEqual([
      [10, 1, 1, 1, 0],
      [9, 1, 1, 0, 0],
      [4, 1, 0, 0, 1],
      [3, 2, 1, 0, 1],
      [2, 1, 0, 0, 1],
      [0, 2, 2, 2, 0],
    ]);
  });

  it("counts G2: C's hidden lesson and its work do not count, D's lesson shown by G1 does", async () => {
    const g2 = (await activity(admin, G2))!;
    expect([g2.students, g2.active_7d, g2.active_30d]).toEqual([3, 2, 2]);
    expect(busyDays(g2.days)).toEqual([
      [3, 1, 0, 0, 1],
      [2, 1, 0, 0, 1],
      [1, 1, 1, 0, 0],
      [0, 1, 1, 1, 0],
    ]);
  });

  it("the track of all these lessons counts as all tracks do", async () => {
    expect(await activity(admin, G1, "tech")).toEqual(await activity(admin, G1));
    expect(await activity(admin, G2, "tech")).toEqual(await activity(admin, G2));
  });

  it("a track without these lessons counts nothing", async () => {
    const product = (await activity(admin, G1, "product"))!;
    expect([product.students, product.active_30d, busyDays(product.days)]).toEqual([3, 0, []]);
  });

  it("a curator sees the groups they curate, a student in two groups once; nothing of another group", async () => {
    const both = (await activity(k1))!;
    expect([both.students, both.active_7d, both.active_30d]).toEqual([5, 3, 4]);
    expect(busyDays(both.days).find(([daysAgo]) => daysAgo === 0)).toEqual([0, 2, 2, 2, 0]);
    expect((await activity(k2))!.students).toBe(3);
    expect(await activity(k2, G1)).toMatchObject({ students: 0, active_30d: 0 });
    expect((await activity(k1, G1))).toEqual(await activity(admin, G1));
  });

  it("answers a student with nothing, and no one else's function is callable", async () => {
    expect(await activity(studentA)).toBeNull();
    expect(await activity(studentA, G1)).toBeNull();
    const helper = await studentA.rpc("analytics_students", { _group_id: G1 });
    expect(helper.error?.code).toBe("42501");
  });
});

describe("the funnel", () => {
  const funnel = async (client: Client, groupId?: string, itemId: string | null = TOOL) => {
    const { data, error } = await client.rpc("analytics_funnel", { _item_id: itemId ?? undefined, _group_id: groupId });
    if (error) throw error;
    return data as { students: number; item_id: string; items: { id: string }[]; lessons: { title: string; position: number; opened: number; passed: number }[] };
  };
  const steps = (result: Awaited<ReturnType<typeof funnel>>) => result.lessons.map((l) => [l.position, l.title, l.opened, l.passed]);

  it("counts G1's students per lesson in order, without the draft; the day-40 opening counts", async () => {
    const g1 = await funnel(admin, G1);
    expect(g1.item_id).toBe(TOOL);
    expect(g1.items.some((item) => item.id === TOOL)).toBe(true);
    expect(steps(g1)).toEqual([
      [1, "Урок 1", 3, 3],
      [2, "Урок 2", 2, 0],
      [3, "Урок 3", 1, 0],
      [4, "Урок 5", 1, 1],
    ]);
  });

  it("counts G2 and both groups: L5 for D (shown by G1), not for C (hidden by G2)", async () => {
    expect(steps(await funnel(admin, G2))).toEqual([
      [1, "Урок 1", 2, 1],
      [2, "Урок 2", 0, 0],
      [3, "Урок 3", 0, 0],
      [4, "Урок 5", 1, 1],
    ]);
    const both = await funnel(k1);
    expect(both.students).toBe(5);
    expect(steps(both).map(([, , o, p]) => [o, p])).toEqual([[4, 3], [2, 0], [1, 0], [1, 1]]);
  });

  it("without an item, picks the first one there is; a student gets nothing", async () => {
    const first = await funnel(admin, G1, null);
    expect(first.item_id).toBe(first.items[0].id);
    expect((await studentA.rpc("analytics_funnel", { _item_id: TOOL })).data).toBeNull();
  });
});

describe("homework", () => {
  const homework = async (client: Client, groupId?: string) => {
    const { data, error } = await client.rpc("analytics_homework", { _group_id: groupId });
    if (error) throw error;
    return data as {
      waiting: number;
      oldest_waiting_at: string | null;
      answered: number;
      returned: number;
      median_minutes: number | null;
      reviewers: { id: string; answered: number; returned: number; median_minutes: number }[];
    };
  };

  it("G1: one waiting (not B's on the draft), two answers, one returned, medians per reviewer", async () => {
    const g1 = await homework(admin, G1);
    expect([g1.waiting, Date.parse(g1.oldest_waiting_at!), g1.answered, g1.returned, g1.median_minutes]).toEqual([1, Date.parse(noon(2)), 2, 1, 45]);
    expect(g1.reviewers.map((r) => [r.id, r.answered, r.returned, r.median_minutes]).sort()).toEqual(
      [[SEEDED.admin.id, 1, 0, 30], [id.K1, 1, 1, 60]].sort(),
    );
  });

  it("G2: C's work on a lesson hidden from C does not wait; curators see their groups only", async () => {
    const g2 = await homework(k2);
    expect([g2.waiting, g2.answered, g2.returned, g2.median_minutes]).toEqual([1, 1, 1, 60]);
    expect(await homework(k2, G1)).toMatchObject({ waiting: 0, answered: 0 });
  });
});

describe("students at risk", () => {
  const atRisk = async (client: Client, groupId?: string) => {
    const { data, error } = await client.rpc("analytics_at_risk", { _group_id: groupId });
    if (error) throw error;
    return data as {
      students: number;
      total: number;
      idle: number;
      not_started: number;
      stuck: number;
      items: { id: string; reason: string; last_active_at: string | null; lesson_title: string | null }[];
    };
  };
  const rows = (result: Awaited<ReturnType<typeof atRisk>>) =>
    result.items.map((item) => [item.id, item.reason, item.last_active_at && Date.parse(item.last_active_at), item.lesson_title]);

  it("G1: B idle since day 9 on L2 (the day-40 L3 is older); A and D are fine", async () => {
    const g1 = await atRisk(admin, G1);
    expect([g1.total, g1.idle, g1.not_started, g1.stuck]).toEqual([1, 1, 0, 0]);
    expect(rows(g1)).toEqual([[id.B, "idle", Date.parse(noon(9)), "Урок 2"]]);
  });

  it("G2: C stuck on L1 (L5's pass is hidden from C), E never started: «not started», not idle", async () => {
    const g2 = await atRisk(k2);
    expect([g2.total, g2.idle, g2.not_started, g2.stuck]).toEqual([2, 0, 1, 1]);
    expect(rows(g2)).toEqual([
      [id.C, "stuck", Date.parse(noon(1)), "Урок 1"],
      [id.E, "not_started", null, null],
    ]);
    expect(await atRisk(k2, G1)).toMatchObject({ total: 0, items: [] });
    expect((await studentA.rpc("analytics_at_risk", {})).data).toBeNull();
  });
});

describe("staff in a group are not students (migration 20261128002100)", () => {
  it("leaves a curator and an admin added to a group out of every panel, for the admin and the group's curator", async () => {
    const counts = async (client: Client) => {
      const [act, funnel, risk] = await Promise.all([
        activity(client, G1),
        client.rpc("analytics_funnel", { _group_id: G1, _item_id: TOOL }),
        client.rpc("analytics_at_risk", { _group_id: G1 }),
      ]);
      const riskData = risk.data as { students: number; items: { id: string }[] };
      return { activity: act!.students, funnel: (funnel.data as { students: number }).students, risk: riskData.students, listed: riskData.items.map((item) => item.id) };
    };
    const before = { admin: await counts(admin), k1: await counts(k1) };
    expect(before.admin).toMatchObject({ activity: 3, funnel: 3, risk: 3 });
    const staff = [id.K2, SEEDED.admin.id];
    expect((await service.from("group_members").insert(staff.map((user_id) => ({ group_id: G1, user_id })))).error).toBeNull();
    try {
      for (const [who, client] of [["admin", admin], ["k1", k1]] as const) {
        const after = await counts(client);
        expect(after, who).toEqual(before[who]);
        expect(after.listed.filter((user) => staff.includes(user)), who).toEqual([]);
      }
    } finally {
      await service.from("group_members").delete().eq("group_id", G1).in("user_id", staff);
    }
  });
});

describe("a personal record over a group's hiding (migration 20261127001000)", () => {
  it("counts a lesson the group hides for the student whose own record shows it, and only for them", async () => {
    const [shown, hidden] = await Promise.all([person("Жанна Ж"), person("Зоя З")]);
    const { data: group } = await service.from("groups").insert({ name: `Аналитика G4 ${Date.now()}` }).select("id").single();
    const G4 = group!.id;
    await service.from("group_members").insert([shown, hidden].map((p) => ({ group_id: G4, user_id: p.id })));
    await service.from("group_lesson_access").insert({ group_id: G4, lesson_id: L[2], is_unlocked: false, is_visible: false });
    await service.from("lesson_access").insert({ user_id: shown.id, lesson_id: L[2], is_unlocked: true, is_visible: true });
    const { data: task } = await service.from("assignments").insert({ lesson_id: L[2] }).select("id").single();
    expect(
      (
        await service.from("lesson_progress").insert([
          { user_id: shown.id, lesson_id: L[2], last_opened_at: noon(0), completed_at: noon(0) },
          { user_id: hidden.id, lesson_id: L[2], last_opened_at: noon(0), completed_at: noon(0) },
        ])
      ).error,
    ).toBeNull();
    const waiting = { assignment_id: task!.id, attempt: 1, status: "submitted", submitted_at: noon(0) } as const;
    expect((await service.from("submissions").insert([{ ...waiting, user_id: shown.id }, { ...waiting, user_id: hidden.id }])).error).toBeNull();

    const days = (await activity(admin, G4))!;
    expect([days.students, days.active_7d, busyDays(days.days)]).toEqual([2, 1, [[0, 1, 1, 1, 1]]]);
    const { data: funnel } = await admin.rpc("analytics_funnel", { _item_id: TOOL, _group_id: G4 });
    const steps = (funnel as { lessons: { title: string; opened: number; passed: number }[] }).lessons;
    expect(steps.find((step) => step.title === "Урок 2")).toMatchObject({ opened: 1, passed: 1 });
    const { data: homework } = await admin.rpc("analytics_homework", { _group_id: G4 });
    expect(homework).toMatchObject({ waiting: 1 });
    const { data: risk } = await admin.rpc("analytics_at_risk", { _group_id: G4 });
    // The hidden student's only activity is on the lesson hidden from them: nothing of theirs counts yet.
    expect((risk as { items: { id: string; reason: string }[] }).items).toEqual([expect.objectContaining({ id: hidden.id, reason: "not_started" })]);
  });
});

describe("the activity rollup (migration 20261125002000)", () => {
  it("keeps every day a lesson was opened, forgets a pass taken back, and drops a deleted lesson's days", async () => {
    const student = await person("Фёдор Ф");
    const { data: group } = await service.from("groups").insert({ name: `Аналитика G3 ${Date.now()}` }).select("id").single();
    await service.from("group_members").insert({ group_id: group!.id, user_id: student.id });
    const { data: tool } = await service.from("tech_tools").insert({ name: `Аналитика свёртка ${Date.now()}` }).select("id").single();
    const { data: lessons } = await service
      .from("lessons")
      .insert([1, 2].map((n) => ({ tool_id: tool!.id, title: `Свёртка ${n}`, order_index: n, is_published: true })))
      .select("id, order_index");
    const [first, second] = [1, 2].map((n) => lessons!.find((l) => l.order_index === n)!.id);
    const days = async () => busyDays((await activity(admin, group!.id))!.days);

    await service.from("lesson_progress").insert([
      { user_id: student.id, lesson_id: first, last_opened_at: noon(5) },
      { user_id: student.id, lesson_id: second, last_opened_at: noon(8) },
    ]);
    // lesson_progress keeps the latest opening only; the rollup keeps day 5 as well.
    await service.from("lesson_progress").update({ last_opened_at: noon(2), completed_at: noon(2) }).eq("user_id", student.id).eq("lesson_id", first);
    expect(await days()).toEqual([[8, 1, 1, 0, 0], [5, 1, 1, 0, 0], [2, 1, 1, 1, 0]]);

    await service.from("lesson_progress").update({ completed_at: null }).eq("user_id", student.id).eq("lesson_id", first);
    await service.from("lessons").delete().eq("id", second);
    expect(await days()).toEqual([[5, 1, 1, 0, 0], [2, 1, 1, 0, 0]]);
  });
});

/** The students whose every event lesson_progress still holds, so a rebuild can recount them. */
const rollupStudents: string[] = [];

describe("the rollup per track (migration 20261127001300)", () => {
  it("moves a lesson's days to the other track when it moves from a tool to a course module", async () => {
    const student = await person("Игорь И");
    const { data: group } = await service.from("groups").insert({ name: `Аналитика G5 ${Date.now()}` }).select("id").single();
    const G5 = group!.id;
    await service.from("group_members").insert({ group_id: G5, user_id: student.id });
    const { data: tool } = await service.from("tech_tools").insert({ name: `Аналитика треки ${Date.now()}` }).select("id").single();
    const { data: course } = await service.from("course_modules").insert({ title: `Аналитика треки ${Date.now()}` }).select("id").single();
    const { data: lessons } = await service
      .from("lessons")
      .insert([
        { tool_id: tool!.id, title: "Трек техники", order_index: 1 },
        { course_module_id: course!.id, title: "Трек продукта", order_index: 1 },
      ])
      .select("id, tool_id");
    const moving = lessons!.find((l) => l.tool_id)!.id;
    const staying = lessons!.find((l) => !l.tool_id)!.id;
    expect(
      (
        await service.from("lesson_progress").insert([
          { user_id: student.id, lesson_id: moving, last_opened_at: noon(4), completed_at: noon(4) },
          { user_id: student.id, lesson_id: staying, last_opened_at: noon(2), completed_at: noon(2) },
        ])
      ).error,
    ).toBeNull();
    const days = async (track?: string) => busyDays((await activity(admin, G5, track))!.days);

    expect(await days("tech")).toEqual([[4, 1, 1, 1, 0]]);
    expect(await days("product")).toEqual([[2, 1, 1, 1, 0]]);
    expect(await days()).toEqual([[4, 1, 1, 1, 0], [2, 1, 1, 1, 0]]);

    expect((await service.from("lessons").update({ tool_id: null, course_module_id: course!.id }).eq("id", moving)).error).toBeNull();
    expect(await days("tech")).toEqual([]);
    // Every lesson of the group's student is in one track now: the track counts as all tracks do.
    expect(await activity(admin, G5, "product")).toEqual(await activity(admin, G5));
    expect(await days("product")).toEqual([[4, 1, 1, 1, 0], [2, 1, 1, 1, 0]]);

    // A pass taken back leaves the track's figures too.
    await service.from("lesson_progress").update({ completed_at: null }).eq("user_id", student.id).eq("lesson_id", moving);
    expect(await days("product")).toEqual([[4, 1, 1, 0, 0], [2, 1, 1, 1, 0]]);

    expect((await service.from("lessons").update({ tool_id: tool!.id, course_module_id: null }).eq("id", staying)).error).toBeNull();
    expect(await days("tech")).toEqual([[2, 1, 1, 1, 0]]);
    expect(await days("product")).toEqual([[4, 1, 1, 0, 0]]);

    await service.from("lessons").delete().eq("id", staying);
    expect(await days("tech")).toEqual([]);
    expect(await days()).toEqual([[4, 1, 1, 0, 0]]);
    rollupStudents.push(student.id);
  });
});

describe("a lesson published or taken back to draft (migration 20261127001800)", () => {
  it("counts a draft's days from the moment it is published, and no longer once it is a draft again", async () => {
    const student = await person("Зоя З");
    const { data: group } = await service.from("groups").insert({ name: `Аналитика G6 ${Date.now()}` }).select("id").single();
    await service.from("group_members").insert({ group_id: group!.id, user_id: student.id });
    const { data: tool } = await service.from("tech_tools").insert({ name: `Аналитика черновики ${Date.now()}` }).select("id").single();
    const { data: lessons } = await service
      .from("lessons")
      .insert([1, 2].map((n) => ({ tool_id: tool!.id, title: `Черновик ${n}`, order_index: n, is_published: n === 1 })))
      .select("id, order_index");
    const [published, draft] = [1, 2].map((n) => lessons!.find((l) => l.order_index === n)!.id);
    const days = async (track?: string) => busyDays((await activity(admin, group!.id, track))!.days);
    const publish = async (is_published: boolean) => expect((await service.from("lessons").update({ is_published }).eq("id", draft)).error).toBeNull();

    expect(
      (
        await service.from("lesson_progress").insert([
          { user_id: student.id, lesson_id: published, last_opened_at: noon(3) },
          { user_id: student.id, lesson_id: draft, last_opened_at: noon(5), completed_at: noon(5) },
        ])
      ).error,
    ).toBeNull();
    expect(await days()).toEqual([[3, 1, 1, 0, 0]]);

    await publish(true);
    expect(await days()).toEqual([[5, 1, 1, 1, 0], [3, 1, 1, 0, 0]]);
    expect(await days("tech")).toEqual(await days());

    // The rollup's passes, day bits and per-day counts of both month tables: the student passed only the draft.
    const passes = async () => {
      const rows = await Promise.all(
        (["student_activity_months", "student_activity_track_months"] as const).map((table) =>
          service.from(table).select("completed_days, completed_lessons").eq("user_id", student.id),
        ),
      );
      return rows.flatMap(({ data }) => data!.flatMap((row) => [row.completed_days, ...row.completed_lessons])).filter((n) => n !== 0);
    };
    expect(await passes()).not.toEqual([]);

    await publish(false);
    expect(await days()).toEqual([[3, 1, 1, 0, 0]]);
    expect(await passes()).toEqual([]);
    // A pass taken back while the lesson is a draft leaves the rollup alone, and is gone when it is published again.
    await service.from("lesson_progress").update({ completed_at: null }).eq("user_id", student.id).eq("lesson_id", draft);
    expect(await passes()).toEqual([]);
    await publish(true);
    expect(await days()).toEqual([[5, 1, 1, 0, 0], [3, 1, 1, 0, 0]]);
    rollupStudents.push(student.id);
  });
});

// Last: rebuild_student_activity() rewrites the whole rollup.
describe("rebuilding the rollup (migration 20261127001300)", () => {
  it("gives the same rows as the triggers kept", async () => {
    const students = [id.A, id.B, id.C, id.D, id.E, ...rollupStudents];
    const rollup = async () => {
      const [lessons, months, tracks] = await Promise.all([
        service.from("student_activity_lessons").select("*").in("user_id", students).order("user_id").order("day").order("lesson_id"),
        service.from("student_activity_months").select("*").in("user_id", students).order("user_id").order("month"),
        service.from("student_activity_track_months").select("*").in("user_id", students).order("user_id").order("month").order("track"),
      ]);
      for (const { error } of [lessons, months, tracks]) expect(error).toBeNull();
      return { lessons: lessons.data, months: months.data, tracks: tracks.data };
    };
    const kept = await rollup();
    expect(kept.tracks!.length).toBeGreaterThan(0);
    expect((await service.rpc("rebuild_student_activity")).error).toBeNull();
    expect(await rollup()).toEqual(kept);
  });
});
