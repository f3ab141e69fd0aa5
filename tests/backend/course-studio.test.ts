import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/database.types";
import type { LocalBackend } from "@/local-backend/server";
import { SEEDED, serviceClient, signedIn, startTestBackend } from "@/local-backend/tests/harness";

/** The course studio's database rules, through supabase-js as the app and a curious student use them. */

let backend: LocalBackend;
let admin: SupabaseClient<Database>;
let student: SupabaseClient<Database>;

const MODULE_1 = "c0000000-0000-4000-8000-000000000001"; // unlocked for the student
const MODULE_2 = "c0000000-0000-4000-8000-000000000002"; // unlocked
const MODULE_3 = "c0000000-0000-4000-8000-000000000003"; // locked (no record)
const MODULE_5 = "c0000000-0000-4000-8000-000000000005"; // no lessons
const DRAFT_MODULE = "c0000000-0000-4000-8000-000000000007";
const DRAFT_TOOL = "70000000-0000-4000-8000-000000000007";
const N8N = "70000000-0000-4000-8000-000000000003";
const LOVABLE = "70000000-0000-4000-8000-000000000001";
const DRAFT_BLOCK = "b0000000-0000-4000-8000-000000000005";
const LOVABLE_BLOCK = "b0000000-0000-4000-8000-000000000001";
const MODULE_1_LESSON = "e0000000-0000-4000-8000-000000000001";
const DRAFT_LESSON = "e0000000-0000-4000-8000-000000000004";
const LOCKED_BY_RECORD = "e0000000-0000-4000-8000-000000000006";
const MODULE_3_LESSON = "e0000000-0000-4000-8000-000000000007";
const DRAFT_TOOL_LESSON = "d0000000-0000-4000-8000-000000000012";
const DRAFT_BLOCK_LESSON = "d0000000-0000-4000-8000-000000000013";

beforeAll(async () => {
  backend = await startTestBackend();
  admin = (await signedIn(backend, SEEDED.admin.email, SEEDED.admin.password)).client;
  student = (await signedIn(backend, SEEDED.student.email, SEEDED.student.password)).client;
});
afterAll(() => backend.close());

const content = async (client: SupabaseClient<Database>, lessonId: string) => (await client.rpc("lesson_content", { _lesson_id: lessonId })).data;
const ids = (rows: { id: string }[] | null) => (rows ?? []).map((row) => row.id);

describe("drafts", () => {
  it("are invisible to students through the tables", async () => {
    expect(ids((await student.from("course_modules").select("id").eq("id", DRAFT_MODULE)).data)).toEqual([]);
    expect(ids((await student.from("tech_tools").select("id").eq("id", DRAFT_TOOL)).data)).toEqual([]);
    expect(ids((await student.from("modules").select("id").eq("id", DRAFT_BLOCK)).data)).toEqual([]);
    const lessons = ids((await student.from("lessons").select("id").in("id", [DRAFT_LESSON, DRAFT_TOOL_LESSON, DRAFT_BLOCK_LESSON])).data);
    expect(lessons).toEqual([]);
    expect(ids((await admin.from("lessons").select("id").in("id", [DRAFT_LESSON, DRAFT_TOOL_LESSON, DRAFT_BLOCK_LESSON])).data)).toHaveLength(3);
  });

  it("are invisible to students through every page function and lesson_content", async () => {
    expect((await student.rpc("tool_page", { _tool_name: "make" })).data).toMatchObject({ tool: null, lessons: [] });
    const n8n = (await student.rpc("tool_page", { _tool_name: "n8n" })).data as { modules: { id: string }[]; lessons: { id: string }[] };
    expect(ids(n8n.modules)).not.toContain(DRAFT_BLOCK);
    expect(ids(n8n.lessons)).not.toContain(DRAFT_BLOCK_LESSON);
    expect((await student.rpc("course_module_page", { _module_id: DRAFT_MODULE })).data).toMatchObject({ module: null, lessons: [] });
    const module1 = (await student.rpc("course_lesson_page", { _module_id: MODULE_1, _lesson_id: DRAFT_LESSON })).data as {
      lessons: { id: string }[];
      content: unknown;
    };
    expect(ids(module1.lessons)).not.toContain(DRAFT_LESSON);
    expect(module1.content).toBeNull();
    for (const lesson of [DRAFT_LESSON, DRAFT_TOOL_LESSON, DRAFT_BLOCK_LESSON]) expect(await content(student, lesson)).toEqual([]);
  });

  it("appear for the student once published", async () => {
    await admin.from("lessons").update({ is_published: true }).eq("id", DRAFT_LESSON);
    expect(await content(student, DRAFT_LESSON)).toHaveLength(1);
    await admin.from("lessons").update({ is_published: false }).eq("id", DRAFT_LESSON);
    expect(await content(student, DRAFT_LESSON)).toEqual([]);
  });
});

describe("lessons of Product Founder modules", () => {
  it("open with the module, close with it or with the lesson's own record", async () => {
    expect(await content(student, MODULE_1_LESSON)).toEqual([expect.objectContaining({ video_url: expect.stringContaining("rutube.ru") })]);
    expect(await content(student, MODULE_3_LESSON)).toEqual([]);
    expect(await content(student, LOCKED_BY_RECORD)).toEqual([]);
    const page = (await student.rpc("course_module_page", { _module_id: MODULE_2 })).data as {
      module: { number: number };
      access: unknown;
      verdicts: { item_id: string; is_open: boolean }[];
    };
    expect(page).toMatchObject({ module: { number: 2 }, access: { is_open: true, is_visible: true, why: "personal" } });
    // The access rule's verdict on each lesson, with why a closed one is closed: the student's own record.
    expect(page.verdicts.find((verdict) => verdict.item_id === LOCKED_BY_RECORD)).toEqual({
      item_id: LOCKED_BY_RECORD, is_open: false, is_visible: true, why: "personal", opens_at: null, group_names: null, held_by: null, held_by_quiz: null,
    });
    expect(page.verdicts.filter((verdict) => verdict.item_id !== LOCKED_BY_RECORD).every((verdict) => verdict.is_open)).toBe(true);
  });

  it("keep their text and video out of the table for students", async () => {
    const { error } = await student.from("lessons").select("id, description").eq("id", MODULE_1_LESSON);
    expect(error?.code).toBe("42501");
  });

  it("belong to exactly one parent, and a block's lessons to the block's tool", async () => {
    const both = await admin.from("lessons").insert({ title: "Два родителя", tool_id: LOVABLE, course_module_id: MODULE_1 });
    expect(both.error?.code).toBe("23514");
    const none = await admin.from("lessons").insert({ title: "Без родителя" });
    expect(none.error?.code).toBe("23514");
    const foreignBlock = await admin.from("lessons").insert({ title: "Чужой блок", tool_id: N8N, module_id: LOVABLE_BLOCK });
    expect(foreignBlock.error?.code).toBe("23503");
  });
});

describe("writing content", () => {
  it("places new items last and a moved lesson last in its new list", async () => {
    const first = await admin.from("lessons").insert({ title: "Первый урок", course_module_id: MODULE_5 }).select("id, order_index").single();
    const second = await admin.from("lessons").insert({ title: "Второй урок", course_module_id: MODULE_5 }).select("id, order_index").single();
    expect([first.data!.order_index, second.data!.order_index]).toEqual([1, 2]);
    const moved = await admin.from("lessons").update({ course_module_id: MODULE_3 }).eq("id", first.data!.id).select("order_index").single();
    expect(moved.data!.order_index).toBe(2);
    const renamed = await admin.from("lessons").update({ title: "Переименован", course_module_id: MODULE_3 }).eq("id", first.data!.id).select("order_index").single();
    expect(renamed.data!.order_index).toBe(2);
    await admin.from("lessons").delete().in("id", [first.data!.id, second.data!.id]);
  });

  it("reorders a whole list in one call, refusing a partial or mixed list and students", async () => {
    const { data } = await admin.from("course_modules").select("id").order("order_index");
    const reversed = ids(data).reverse();
    expect((await admin.rpc("reorder_content", { _kind: "course_module", _ids: reversed })).error).toBeNull();
    expect(ids((await admin.from("course_modules").select("id").order("order_index")).data)).toEqual(reversed);

    const partial = await admin.rpc("reorder_content", { _kind: "course_module", _ids: reversed.slice(1) });
    expect([partial.status, partial.error?.hint]).toEqual([400, "stale_list"]);
    const mixed = await admin.rpc("reorder_content", { _kind: "lesson", _ids: [MODULE_1_LESSON, MODULE_3_LESSON] });
    expect(mixed.error?.hint).toBe("stale_list");
    const byStudent = await student.rpc("reorder_content", { _kind: "course_module", _ids: ids(data) });
    expect(byStudent.error).not.toBeNull();
    expect(ids((await admin.from("course_modules").select("id").order("order_index")).data)).toEqual(reversed);
    await admin.rpc("reorder_content", { _kind: "course_module", _ids: ids(data) });
  });

  it("keeps tool names unique regardless of case, and an old name leads to the renamed tool", async () => {
    const clash = await admin.from("tech_tools").insert({ name: "LOVABLE" });
    expect(clash.error?.code).toBe("23505");
    await admin.from("tech_tools").update({ name: "n8n Cloud" }).eq("id", N8N);
    expect((await student.rpc("tool_page", { _tool_name: "N8N" })).data).toMatchObject({ tool: null, renamed_to: "n8n Cloud" });
    expect((await student.rpc("tool_page", { _tool_name: "n8n cloud" })).data).toMatchObject({ tool: { id: N8N }, renamed_to: null });
    await admin.from("tech_tools").update({ name: "n8n" }).eq("id", N8N);
    expect((await student.rpc("tool_page", { _tool_name: "n8n" })).data).toMatchObject({ tool: { id: N8N }, renamed_to: null });
  });

  it("counts what a delete takes with it, and the delete takes exactly that", async () => {
    const service = serviceClient(backend);
    const impact = (await admin.rpc("deletion_impact", { _kind: "tool", _id: LOVABLE })).data;
    const lessons = (await service.from("lessons").select("id").eq("tool_id", LOVABLE)).data!;
    const records =
      ((await service.from("lesson_access").select("id").in("lesson_id", ids(lessons))).data?.length ?? 0) +
      ((await service.from("tool_access").select("id").eq("tool_id", LOVABLE)).data?.length ?? 0);
    expect(impact).toEqual({ lessons: lessons.length, blocks: 3, access_records: records });
    expect(records).toBeGreaterThan(0);

    expect((await student.from("tech_tools").delete().eq("id", LOVABLE).select("id")).data).toEqual([]);
    expect((await admin.from("tech_tools").delete().eq("id", LOVABLE).select("id")).data).toEqual([{ id: LOVABLE }]);
    expect((await service.from("lessons").select("id").eq("tool_id", LOVABLE)).data).toEqual([]);
    expect((await service.from("lesson_access").select("id").in("lesson_id", ids(lessons))).data).toEqual([]);
  });
});

describe("preview as a student", () => {
  it("lets an admin see a student's access and content, and no one else", async () => {
    const asStudent = (await admin.rpc("course_lesson_page", { _module_id: MODULE_2, _lesson_id: LOCKED_BY_RECORD, _student_id: SEEDED.student.id })).data;
    expect(asStudent).toMatchObject({ access: { is_open: true }, content: null });
    expect(asStudent).toHaveProperty("verdicts", expect.arrayContaining([expect.objectContaining({ item_id: LOCKED_BY_RECORD, is_open: false, why: "personal" })]));
    const asAdmin = (await admin.rpc("course_lesson_page", { _module_id: MODULE_2, _lesson_id: LOCKED_BY_RECORD })).data;
    expect(asAdmin).toMatchObject({ content: { description: expect.any(String) } });
    expect(asAdmin).toHaveProperty("verdicts", expect.arrayContaining([expect.objectContaining({ item_id: LOCKED_BY_RECORD, is_open: true, why: "admin" })]));

    // A student naming someone else learns nothing: no records, no content.
    const probe = (await student.rpc("course_lesson_page", { _module_id: MODULE_3, _lesson_id: MODULE_3_LESSON, _student_id: SEEDED.admin.id })).data;
    expect(probe).toMatchObject({ access: null, verdicts: [], content: null });
    expect((await student.rpc("lesson_content_for", { _user_id: SEEDED.admin.id, _lesson_id: MODULE_3_LESSON })).data).toEqual([]);
  });
});
