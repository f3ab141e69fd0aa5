import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/database.types";
import type { LocalBackend } from "@/local-backend/server";
import { SEEDED, signedIn, startTestBackend } from "@/local-backend/tests/harness";

/**
 * The counts the admin sees are counted by Postgres: PostgREST caps a select at max_rows (1,000),
 * so counting a select's rows in the app is silently wrong past a thousand. Each case builds more
 * than a thousand rows and shows the plain select is capped while the count is whole.
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
  });

  it("a student cannot count other students through groups_overview", async () => {
    const student = (await signedIn(backend, SEEDED.student.email, SEEDED.student.password)).client;
    const { data } = await student.rpc("groups_overview");
    expect(data!.every((row) => row.member_count <= 1)).toBe(true);
  });
});
