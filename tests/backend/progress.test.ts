import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/database.types";
import type { LocalBackend } from "@/local-backend/server";
import { SEEDED, serviceClient, signedIn, startTestBackend, uniqueEmail } from "@/local-backend/tests/harness";

/** Progress rules in the database, through supabase-js: what a student may record and what counts. */

let backend: LocalBackend;
let service: SupabaseClient<Database>;
let student: SupabaseClient<Database>;
let studentId: string;

const LOVABLE = "70000000-0000-4000-8000-000000000001";
const MODULE_1 = "c0000000-0000-4000-8000-000000000001";
const LOVABLE_LESSONS = ["d0000000-0000-4000-8000-000000000001", "d0000000-0000-4000-8000-000000000002", "d0000000-0000-4000-8000-000000000003"];
const MODULE_1_LESSON = "e0000000-0000-4000-8000-000000000001";
const LOCKED_MODULE_LESSON = "e0000000-0000-4000-8000-000000000007";

const summary = async (client: SupabaseClient<Database>, id?: string) =>
  (await client.rpc("progress_summary", { _student_id: id })).data as {
    tools: { id: string; total: number; completed: number }[];
    course_modules: { id: string; total: number; completed: number }[];
  };
const dashboard = async (client: SupabaseClient<Database>) =>
  (await client.rpc("dashboard_page", {})).data as { tech_founder: { total: number; completed: number }; continue: { id: string } | null };

beforeAll(async () => {
  backend = await startTestBackend();
  service = serviceClient(backend);
  // A fresh student with Lovable and module 1 open, and nothing done yet.
  const email = uniqueEmail("progress");
  const { data } = await service.auth.admin.createUser({ email, password: "password123", email_confirm: true });
  studentId = data.user!.id;
  await service.from("tool_access").insert({ user_id: studentId, tool_id: LOVABLE, is_unlocked: true });
  await service.from("module_access").insert({ user_id: studentId, module_id: MODULE_1, is_unlocked: true });
  student = (await signedIn(backend, email, "password123")).client;
});
afterAll(() => backend.close());

describe("recording progress", () => {
  it("marks and unmarks an open lesson, stamping the database's time", async () => {
    expect((await student.rpc("set_lesson_completed", { _lesson_id: LOVABLE_LESSONS[0], _completed: true })).data).toBe(true);
    const marked = (await student.from("lesson_progress").select("completed_at").eq("lesson_id", LOVABLE_LESSONS[0]).single()).data!;
    expect(Date.parse(marked.completed_at!)).toBeGreaterThan(Date.now() - 60_000);
    expect((await student.rpc("set_lesson_completed", { _lesson_id: LOVABLE_LESSONS[0], _completed: false })).data).toBe(true);
    expect((await student.from("lesson_progress").select("completed_at").eq("lesson_id", LOVABLE_LESSONS[0]).single()).data).toEqual({ completed_at: null });
  });

  it("refuses a lesson the student may not open, and writing for someone else", async () => {
    expect((await student.rpc("set_lesson_completed", { _lesson_id: LOCKED_MODULE_LESSON, _completed: true })).data).toBe(false);
    await student.rpc("record_lesson_opened", { _lesson_id: LOCKED_MODULE_LESSON });
    const direct = await student.from("lesson_progress").insert({ user_id: studentId, lesson_id: LOCKED_MODULE_LESSON, completed_at: new Date().toISOString() });
    expect(direct.error?.code).toBe("42501");
    const forOther = await student.from("lesson_progress").insert({ user_id: SEEDED.student.id, lesson_id: LOVABLE_LESSONS[1] });
    expect(forOther.error?.code).toBe("42501");
    expect((await service.from("lesson_progress").select("lesson_id").eq("user_id", studentId).eq("lesson_id", LOCKED_MODULE_LESSON)).data).toEqual([]);
  });

  it("keeps the student's last activity for the admin", async () => {
    await student.rpc("record_lesson_opened", { _lesson_id: MODULE_1_LESSON });
    const profile = (await service.from("profiles").select("last_activity_at").eq("id", studentId).single()).data!;
    expect(Date.parse(profile.last_activity_at!)).toBeGreaterThan(Date.now() - 60_000);
    expect((await student.from("lesson_progress").select("user_id")).data!.every((row) => row.user_id === studentId)).toBe(true);
  });
});

describe("what counts", () => {
  it("counts visible lessons only: hiding or unpublishing a finished lesson removes it from both sides", async () => {
    for (const lesson of LOVABLE_LESSONS) await student.rpc("set_lesson_completed", { _lesson_id: lesson, _completed: true });
    const lovable = () => summary(student).then((result) => result.tools.find((row) => row.id === LOVABLE)!);
    const before = await lovable();
    expect(before.completed).toBe(3);

    await service.from("lesson_access").insert({ user_id: studentId, lesson_id: LOVABLE_LESSONS[0], is_visible: false });
    expect(await lovable()).toEqual({ id: LOVABLE, total: before.total - 1, completed: 2 });
    await service.from("lessons").update({ is_published: false }).eq("id", LOVABLE_LESSONS[1]);
    expect(await lovable()).toEqual({ id: LOVABLE, total: before.total - 2, completed: 1 });
    await service.from("lessons").update({ is_published: true }).eq("id", LOVABLE_LESSONS[1]);

    // A locked but visible lesson stays in the total.
    await service.from("lesson_access").update({ is_visible: true, is_unlocked: false }).eq("user_id", studentId).eq("lesson_id", LOVABLE_LESSONS[0]);
    expect((await lovable()).total).toBe(before.total);
  });

  it("lets an admin read a student's summary, and a student only their own", async () => {
    const admin = (await signedIn(backend, SEEDED.admin.email, SEEDED.admin.password)).client;
    const asAdmin = await summary(admin, studentId);
    expect(asAdmin.tools.find((row) => row.id === LOVABLE)!.completed).toBeGreaterThan(0);
    const probe = await summary(student, SEEDED.student.id);
    expect(probe.tools.every((row) => row.completed === 0)).toBe(true);
  });

  it("offers to continue the last opened lesson the student may still open", async () => {
    await student.rpc("record_lesson_opened", { _lesson_id: LOVABLE_LESSONS[2] });
    expect((await dashboard(student)).continue).toMatchObject({ id: LOVABLE_LESSONS[2] });
    await service.from("tool_access").update({ is_unlocked: false }).eq("user_id", studentId).eq("tool_id", LOVABLE);
    const after = await dashboard(student);
    expect(after.continue).toMatchObject({ id: MODULE_1_LESSON });
    expect(after.tech_founder).toEqual({ total: 0, completed: 0 });
  });
});

describe("the page functions' completed lessons", () => {
  const completedOf = (answer: { data: unknown }) => (answer.data as { completed: string[] }).completed;

  it("name the lessons of their own list the viewer completed, and nothing else", async () => {
    await student.rpc("set_lesson_completed", { _lesson_id: LOVABLE_LESSONS[0], _completed: true });
    await student.rpc("set_lesson_completed", { _lesson_id: MODULE_1_LESSON, _completed: true });
    await service.from("tool_access").update({ is_unlocked: true }).eq("user_id", studentId).eq("tool_id", LOVABLE);

    expect(completedOf(await student.rpc("tool_page", { _tool_name: "lovable" }))).toContain(LOVABLE_LESSONS[0]);
    expect(completedOf(await student.rpc("tool_page", { _tool_name: "lovable" }))).not.toContain(MODULE_1_LESSON);
    expect(completedOf(await student.rpc("lesson_page", { _tool_name: "lovable", _lesson_id: LOVABLE_LESSONS[1] }))).toContain(LOVABLE_LESSONS[0]);
    expect(completedOf(await student.rpc("course_module_page", { _module_id: MODULE_1 }))).toEqual([MODULE_1_LESSON]);

    await student.rpc("set_lesson_completed", { _lesson_id: MODULE_1_LESSON, _completed: false });
    expect(completedOf(await student.rpc("course_lesson_page", { _module_id: MODULE_1, _lesson_id: MODULE_1_LESSON }))).toEqual([]);
  });

  it("show an admin's preview the student's progress, never the admin's own", async () => {
    const admin = (await signedIn(backend, SEEDED.admin.email, SEEDED.admin.password)).client;
    expect(completedOf(await admin.rpc("tool_page", { _tool_name: "lovable", _student_id: studentId }))).toContain(LOVABLE_LESSONS[0]);
    expect(completedOf(await admin.rpc("tool_page", { _tool_name: "lovable" }))).toEqual([]);
  });
});

describe("the track pages' functions", () => {
  const CURSOR = "70000000-0000-4000-8000-000000000002";
  type TrackPage = { items: { id: string }[]; access: { item_id: string; is_open: boolean }[]; progress: { id: string }[] };
  const trackPage = async (client: SupabaseClient<Database>, name: "tools_page" | "course_modules_page", id?: string) =>
    (await client.rpc(name, { _student_id: id })).data as TrackPage;

  /** A tool's or course module's progress counted here from the rows: its published lessons under published blocks the student's records do not hide, and those they passed. */
  const counted = async (parent: "tool_id" | "course_module_id", id: string) => {
    const lessons = (await service.from("lessons").select("id, module_id").eq(parent, id).eq("is_published", true)).data!;
    const blocks = new Set((await service.from("modules").select("id").eq("is_published", true)).data!.map((block) => block.id));
    const hidden = new Set((await service.from("lesson_access").select("lesson_id").eq("user_id", studentId).eq("is_visible", false)).data!.map((row) => row.lesson_id));
    const shown = lessons.filter((lesson) => (lesson.module_id === null || blocks.has(lesson.module_id)) && !hidden.has(lesson.id)).map((lesson) => lesson.id);
    const passed = (await service.from("lesson_progress").select("lesson_id").eq("user_id", studentId).not("completed_at", "is", null).in("lesson_id", shown)).data!;
    return { id, total: shown.length, completed: passed.length };
  };

  it("answer the published items, the access rule's verdict on them and their progress in one call", async () => {
    const tools = await trackPage(student, "tools_page");
    expect(tools.items.map((tool) => tool.id)).toContain(LOVABLE);
    expect(tools.access).toContainEqual(expect.objectContaining({ item_id: LOVABLE, is_open: true, is_visible: true, opens_at: null }));
    expect(tools.progress).toContainEqual(await counted("tool_id", LOVABLE));
    const modules = await trackPage(student, "course_modules_page");
    expect(modules.access).toContainEqual(expect.objectContaining({ item_id: MODULE_1, is_open: true, is_visible: true, opens_at: null }));
    expect(modules.access.every((row) => row.item_id !== LOVABLE)).toBe(true);
    // Each page counts its own track's lessons.
    expect(modules.progress).toContainEqual(await counted("course_module_id", MODULE_1));
    expect(tools.progress.map((row) => row.id)).not.toContain(MODULE_1);
    expect(modules.progress.map((row) => row.id)).toContain(MODULE_1);
    expect(modules.progress.map((row) => row.id)).not.toContain(LOVABLE);
  });

  it("leave out what is hidden from the student, and tell a student nothing about another", async () => {
    await service.from("tool_access").insert({ user_id: studentId, tool_id: CURSOR, is_visible: false });
    expect((await trackPage(student, "tools_page")).items.map((tool) => tool.id)).not.toContain(CURSOR);
    expect((await trackPage(student, "tools_page", SEEDED.student.id)).access).toEqual([]);
    const admin = (await signedIn(backend, SEEDED.admin.email, SEEDED.admin.password)).client;
    expect((await trackPage(admin, "tools_page", studentId)).access).toContainEqual(expect.objectContaining({ item_id: CURSOR, is_open: false, is_visible: false, why: "personal", opens_at: null }));
  });
});
