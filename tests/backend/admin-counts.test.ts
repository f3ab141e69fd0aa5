import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/database.types";
import type { LocalBackend } from "@/local-backend/server";
import { anonClient, SEEDED, signedIn, startTestBackend } from "@/local-backend/tests/harness";

/**
 * The counts the admin sees are counted by Postgres: PostgREST caps a select at max_rows (1,000),
 * so counting a select's rows in the app is silently wrong past a thousand. Each case builds more
 * than a thousand rows and shows the plain select is capped while the count is whole; the lesson
 * lists of the admin panel, the group page and the review filters come whole too (lesson_outline).
 */

const MEMBERS = 1_100;
const LESSONS = 1_050;
let backend: LocalBackend;
let admin: SupabaseClient<Database>;

beforeAll(async () => {
  backend = await startTestBackend();
  admin = (await signedIn(backend, SEEDED.admin.email, SEEDED.admin.password)).client;
});

afterAll(() => backend.close());

describe("counts past max_rows", () => {
  it("groups_overview counts every member of a group", async () => {
    const { data: group } = await admin.from("groups").insert({ name: "Большой поток" }).select("id").single();
    await backend.db.exec(`
      insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at)
      select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', format('many-%s@example.com', n), '', now()
      from generate_series(1, ${MEMBERS}) n;
      insert into public.group_members (group_id, user_id)
      select '${group!.id}', id from auth.users where email like 'many-%@example.com';`);

    const capped = await admin.from("group_members").select("group_id").eq("group_id", group!.id);
    expect(capped.data).toHaveLength(1000);
    const { data, error } = await admin.rpc("groups_overview");
    expect(error).toBeNull();
    expect(data!.find((row) => row.id === group!.id)).toMatchObject({ name: "Большой поток", member_count: MEMBERS });
  });

  it("content_lesson_counts counts every lesson of a tool", async () => {
    const { data: tool } = await admin.from("tech_tools").insert({ name: "Очень длинный курс" }).select("id").single();
    await backend.db.exec(`
      insert into public.lessons (tool_id, title, order_index)
      select '${tool!.id}', format('Урок %s', n), n from generate_series(1, ${LESSONS}) n;`);

    const capped = await admin.from("lessons").select("id").eq("tool_id", tool!.id);
    expect(capped.data).toHaveLength(1000);
    const { data, error } = await admin.rpc("content_lesson_counts");
    expect(error).toBeNull();
    expect(data!.find((row) => row.parent_id === tool!.id)?.lesson_count).toBe(LESSONS);

    const { data: outline, error: outlineError } = await admin.rpc("lesson_outline");
    expect(outlineError).toBeNull();
    const lessons = outline as { title: string; tool_id: string | null; order_index: number; has_assignment: boolean }[];
    const ofTool = lessons.filter((lesson) => lesson.tool_id === tool!.id);
    expect(ofTool).toHaveLength(LESSONS);
    expect(ofTool.at(-1)).toMatchObject({ title: `Урок ${LESSONS}`, order_index: LESSONS, has_assignment: false });
    expect(lessons.map((lesson) => lesson.order_index)).toEqual(lessons.map((lesson) => lesson.order_index).sort((a, b) => a - b));
  });

  it("the lesson outline holds what row level security lets its reader see, and nothing for a visitor", async () => {
    const student = (await signedIn(backend, SEEDED.student.email, SEEDED.student.password)).client;
    const pages = await Promise.all([0, 1000, 2000].map((from) => student.from("lessons").select("id").order("id").range(from, from + 999)));
    const published = pages.flatMap((page) => page.data!).map((lesson) => lesson.id).sort();
    const outline = ((await student.rpc("lesson_outline")).data as { id: string }[]).map((lesson) => lesson.id).sort();
    expect(outline).toEqual(published);
    const { data: adminOutline } = await admin.rpc("lesson_outline");
    expect((adminOutline as unknown[]).length).toBeGreaterThan(outline.length);
    expect((await anonClient(backend).rpc("lesson_outline")).error).toMatchObject({ code: "42501" });
  });

  it("a student cannot count other students through groups_overview", async () => {
    const student = (await signedIn(backend, SEEDED.student.email, SEEDED.student.password)).client;
    const { data } = await student.rpc("groups_overview");
    expect(data!.every((row) => row.member_count <= 1)).toBe(true);
  });
});
