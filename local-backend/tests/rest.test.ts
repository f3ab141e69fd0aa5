import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";
import type { LocalBackend } from "@/local-backend/server";
import { anonClient, SEEDED, serviceClient, signedIn, startTestBackend, uniqueEmail } from "./harness";

type Client = SupabaseClient<Database>;

let backend: LocalBackend;
let service: Client;
let admin: Client;
let student: Client;

const LOVABLE = "70000000-0000-4000-8000-000000000001";
const CURSOR = "70000000-0000-4000-8000-000000000002";
const OPEN_LESSON = "d0000000-0000-4000-8000-000000000002";
const LOCKED_LESSON = "d0000000-0000-4000-8000-000000000004";
const LESSON_OF_LOCKED_TOOL = "d0000000-0000-4000-8000-000000000006";
const MODULE_3 = "c0000000-0000-4000-8000-000000000003";

beforeAll(async () => {
  backend = await startTestBackend();
  service = serviceClient(backend);
  admin = (await signedIn(backend, SEEDED.admin.email, SEEDED.admin.password)).client;
  student = (await signedIn(backend, SEEDED.student.email, SEEDED.student.password)).client;
});
afterAll(() => backend.close());

describe("PostgREST reads", () => {
  it("selects columns with filters and order", async () => {
    const { data, error } = await student
      .from("course_modules")
      .select("title, order_index")
      .gte("order_index", 2)
      .lte("order_index", 4)
      .order("order_index", { ascending: false });
    expect(error).toBeNull();
    expect(data!.map((row) => row.order_index)).toEqual([4, 3, 2]);
  });

  it("supports in, neq, ilike, is, limit and range with an exact count", async () => {
    const tools = await student.from("tech_tools").select("name").in("id", [LOVABLE, CURSOR]).order("name");
    expect(tools.data).toEqual([{ name: "Cursor" }, { name: "Lovable" }]);
    const ilike = await student.from("tech_tools").select("name").ilike("name", "LOVA%");
    expect(ilike.data).toEqual([{ name: "Lovable" }]);
    const neq = await student.from("tech_tools").select("id").neq("name", "Lovable");
    expect(neq.data).toHaveLength(5);
    const loose = await student.from("lessons").select("id").is("module_id", null).eq("tool_id", LOVABLE);
    expect(loose.data).toHaveLength(2);
    const page = await student.from("course_modules").select("id", { count: "exact" }).order("order_index").range(1, 2);
    expect(page.status).toBe(206);
    // Six published modules, one of them hidden from the student.
    expect(page.count).toBe(5);
    expect(page.data).toHaveLength(2);
    const aliased = await student.from("module_access").select("itemId:module_id, is_unlocked").eq("module_id", "c0000000-0000-4000-8000-000000000001");
    expect(aliased.data).toEqual([{ itemId: "c0000000-0000-4000-8000-000000000001", is_unlocked: true }]);
    const limited = await student.from("course_modules").select("id").limit(1);
    expect(limited.data).toHaveLength(1);
  });

  it("answers single and maybeSingle like PostgREST", async () => {
    const one = await student.from("tech_tools").select("name").eq("id", LOVABLE).single();
    expect(one.data).toEqual({ name: "Lovable" });
    const none = await student.from("tech_tools").select("name").eq("name", "Nothing").single();
    expect(none.status).toBe(406);
    expect(none.error?.code).toBe("PGRST116");
    const maybe = await student.from("tech_tools").select("name").eq("name", "Nothing").maybeSingle();
    expect(maybe).toMatchObject({ data: null, error: null });
  });

  it("reports bad input in PostgREST's shapes without changing anything", async () => {
    const table = await student.from("no_such_table" as "tech_tools").select("id");
    expect([table.status, table.error?.code]).toEqual([404, "PGRST205"]);
    const column = await student.from("tech_tools").select("nope" as "id");
    expect([column.status, column.error?.code]).toEqual([400, "42703"]);
    const uuid = await student.from("tech_tools").select("id").eq("id", "not-a-uuid");
    expect([uuid.status, uuid.error?.code]).toEqual([400, "22P02"]);
    const tools = (await service.from("tech_tools").select("id")).data;
    const injection = await student.from("tech_tools").select("id").eq("name", "x'; drop table tech_tools; --");
    expect(injection.data).toEqual([]);
    expect((await service.from("tech_tools").select("id")).data).toEqual(tools);
    expect(tools!.length).toBeGreaterThan(0);
  });

  it("calls has_role and returns a bare boolean", async () => {
    const yes = await admin.rpc("has_role", { _user_id: SEEDED.admin.id, _role: "admin" });
    expect(yes).toMatchObject({ data: true, error: null });
    const no = await student.rpc("has_role", { _user_id: SEEDED.student.id, _role: "admin" });
    expect(no.data).toBe(false);
    const unknown = await student.rpc("no_such_function" as "has_role", { _user_id: SEEDED.student.id, _role: "admin" });
    expect(unknown.error?.code).toBe("PGRST202");
  });
});

describe("writes", () => {
  it("upserts on the conflict key twice without a duplicate, and the database stamps unlocked_at", async () => {
    const row = { user_id: SEEDED.student.id, module_id: MODULE_3, is_unlocked: true };
    const first = await admin.from("module_access").upsert(row, { onConflict: "user_id,module_id" });
    expect(first.error).toBeNull();
    const second = await admin.from("module_access").upsert(row, { onConflict: "user_id,module_id" });
    expect(second.error).toBeNull();
    const rows = await service.from("module_access").select("is_unlocked, is_visible, unlocked_at").eq("module_id", MODULE_3).eq("user_id", SEEDED.student.id);
    expect(rows.data).toHaveLength(1);
    expect(rows.data![0]).toMatchObject({ is_unlocked: true, is_visible: true });
    const stamped = rows.data![0].unlocked_at;
    expect(stamped).toBeTruthy();

    await admin.from("module_access").upsert({ user_id: SEEDED.student.id, module_id: MODULE_3, is_visible: false }, { onConflict: "user_id,module_id" });
    const hidden = await service.from("module_access").select("is_unlocked, is_visible, unlocked_at").eq("module_id", MODULE_3).eq("user_id", SEEDED.student.id).single();
    expect(hidden.data).toEqual({ is_unlocked: true, is_visible: false, unlocked_at: stamped });

    await admin.from("module_access").upsert({ user_id: SEEDED.student.id, module_id: MODULE_3, is_unlocked: false }, { onConflict: "user_id,module_id" });
    const closed = await service.from("module_access").select("unlocked_at").eq("module_id", MODULE_3).eq("user_id", SEEDED.student.id).single();
    expect(closed.data).toEqual({ unlocked_at: null });
  });

  it("inserts, updates and deletes with return=representation", async () => {
    const inserted = await service.from("tech_tools").insert({ name: "Временный", order_index: 99 }).select("id, name, description").single();
    expect(inserted.data).toMatchObject({ name: "Временный", description: null });
    const updated = await service.from("tech_tools").update({ description: "Описание" }).eq("id", inserted.data!.id).select("description");
    expect(updated.data).toEqual([{ description: "Описание" }]);
    const removed = await service.from("tech_tools").delete().eq("id", inserted.data!.id).select("id");
    expect(removed.data).toEqual([{ id: inserted.data!.id }]);
    const unfiltered = await service.from("tech_tools").delete();
    expect(unfiltered.error?.code).toBe("21000");
  });
});

describe("row level security", () => {
  it("shows a student only its own profile, roles and access rows", async () => {
    const profiles = await student.from("profiles").select("id, role");
    expect(profiles.data).toEqual([{ id: SEEDED.student.id, role: "student" }]);
    const roles = await student.from("user_roles").select("user_id");
    expect(roles.data!.every((row) => row.user_id === SEEDED.student.id)).toBe(true);
    for (const table of ["module_access", "tool_access", "lesson_access"] as const) {
      const rows = await student.from(table).select("user_id");
      expect(rows.data!.length).toBeGreaterThan(0);
      expect(rows.data!.every((row) => row.user_id === SEEDED.student.id)).toBe(true);
    }
  });

  it("lets admins read every profile and access row", async () => {
    const students = await admin.from("profiles").select("email").eq("role", "student").order("email");
    expect(students.data!.map((row) => row.email)).toContain(SEEDED.student.email);
    const access = await admin.from("tool_access").select("user_id").eq("user_id", SEEDED.student.id);
    expect(access.data!.length).toBeGreaterThan(0);
  });

  it("refuses a student's writes to access rows, roles, profiles and content", async () => {
    const access = await student.from("tool_access").upsert({ user_id: SEEDED.student.id, tool_id: CURSOR, is_unlocked: true }, { onConflict: "user_id,tool_id" });
    expect([access.status, access.error?.code]).toEqual([403, "42501"]);
    const role = await student.from("user_roles").insert({ user_id: SEEDED.student.id, role: "admin" });
    expect(role.error?.code).toBe("42501");
    await student.from("profiles").update({ role: "admin" }).eq("id", SEEDED.student.id);
    await student.from("tech_tools").update({ name: "Взломано" }).eq("id", LOVABLE);
    expect((await service.from("profiles").select("role").eq("id", SEEDED.student.id).single()).data).toEqual({ role: "student" });
    expect((await service.from("tech_tools").select("name").eq("id", LOVABLE).single()).data).toEqual({ name: "Lovable" });
    expect((await student.rpc("has_role", { _user_id: SEEDED.student.id, _role: "admin" })).data).toBe(false);
  });

  it("shows anonymous visitors no content: anon holds no grant on a table (PostgREST answers 401)", async () => {
    const anon = anonClient(backend);
    for (const table of ["course_modules", "profiles"] as const) {
      const read = await anon.from(table).select("id");
      expect([read.status, read.error?.code, read.data]).toEqual([401, "42501", null]);
    }
    expect((await anon.rpc("lesson_content", { _lesson_id: OPEN_LESSON })).error?.code).toBe("42501");
  });

  it("never gives a student the content of a lesson that is locked, hidden or in a locked tool", async () => {
    const direct = await student.from("lessons").select("id, description, video_url").eq("id", LOCKED_LESSON);
    expect([direct.status, direct.error?.code]).toEqual([403, "42501"]);
    const star = await student.from("lessons").select("*");
    expect(star.error?.code).toBe("42501");
    const outline = await student.from("lessons").select("id, title").eq("id", LOCKED_LESSON);
    expect(outline.data).toHaveLength(1);

    const open = await student.rpc("lesson_content", { _lesson_id: OPEN_LESSON });
    expect(open.data).toHaveLength(1);
    expect(open.data![0].video_url).toContain("youtube.com");
    expect((await student.rpc("lesson_content", { _lesson_id: LOCKED_LESSON })).data).toEqual([]);
    expect((await student.rpc("lesson_content", { _lesson_id: LESSON_OF_LOCKED_TOOL })).data).toEqual([]);

    await admin.from("lesson_access").upsert({ user_id: SEEDED.student.id, lesson_id: OPEN_LESSON, is_unlocked: true, is_visible: false }, { onConflict: "user_id,lesson_id" });
    expect((await student.rpc("lesson_content", { _lesson_id: OPEN_LESSON })).data).toEqual([]);
    await admin.from("lesson_access").upsert({ user_id: SEEDED.student.id, lesson_id: OPEN_LESSON, is_visible: true }, { onConflict: "user_id,lesson_id" });
    expect((await student.rpc("lesson_content", { _lesson_id: OPEN_LESSON })).data).toHaveLength(1);

    const page = await student.rpc("lesson_page", { _tool_name: "CURSOR", _lesson_id: LESSON_OF_LOCKED_TOOL });
    expect(page.data).toMatchObject({ tool: { name: "Cursor" }, access: { is_open: false, is_visible: true, why: "default" }, content: null });
  });

  it("keeps profiles.role in step with user_roles", async () => {
    const email = uniqueEmail("promoted");
    const created = await service.auth.admin.createUser({ email, password: "password123", email_confirm: true });
    const id = created.data.user!.id;
    expect((await service.from("profiles").select("role").eq("id", id).single()).data).toEqual({ role: "student" });
    await service.from("user_roles").update({ role: "admin" }).eq("user_id", id);
    expect((await service.from("profiles").select("role").eq("id", id).single()).data).toEqual({ role: "admin" });
    await service.from("profiles").update({ role: "student" }).eq("id", id);
    expect((await service.from("profiles").select("role").eq("id", id).single()).data).toEqual({ role: "admin" });
    await service.auth.admin.deleteUser(id);
  });
});
