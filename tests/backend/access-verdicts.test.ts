import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/database.types";
import type { LocalBackend } from "@/local-backend/server";
import { SEEDED, serviceClient, signedIn, startTestBackend, uniqueEmail } from "@/local-backend/tests/harness";

/**
 * public.access_verdicts states the access rule once (issue 44): for a person and every item, the
 * verdict and the first reason that decides it. A table of cases walks one tool and its lessons
 * through every reason; after each, the lesson protection (decide_can_open_lesson, which row level
 * security asks) answers the same as the verdict for every lesson of the school.
 */

const HOUR = 60 * 60 * 1000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

let backend: LocalBackend;
let service: SupabaseClient<Database>;
let userId: string;
let student: SupabaseClient<Database>;
let tool: string;
let first: string;
let stop: string;
let after: string;
let groupId: string;
let groupName: string;

interface Verdict {
  item_id: string;
  item_unlocked: boolean;
  is_visible: boolean;
  is_open: boolean;
  opens_at: string | null;
  why: string;
  group_names: string[] | null;
  grounds: unknown;
  held_by: string | null;
  held_by_quiz: boolean | null;
}

async function verdicts(kind: "tool" | "lesson", client: SupabaseClient<Database> = student): Promise<Map<string, Verdict>> {
  const { data, error } = await client.rpc("access_verdicts", { _user_id: userId, _kind: kind });
  expect(error).toBeNull();
  // Every item has a verdict, and its grounds are a list (empty where no group decides).
  expect((data as Verdict[]).filter((row) => !Array.isArray(row.grounds))).toEqual([]);
  return new Map((data as Verdict[]).map((row) => [row.item_id, row]));
}

/** Every lesson of the school: the verdict and the lesson protection agree. */
async function expectProtectionAgrees() {
  const { rows } = await backend.db.query<{ id: string; verdict: boolean; protection: boolean }>(
    `select v.item_id as id, v.is_open as verdict, public.decide_can_open_lesson($1, v.item_id) as protection
     from public.access_verdicts($1, 'lesson') v`,
    [userId],
  );
  expect(rows.length).toBeGreaterThan(3);
  expect(rows.filter((row) => row.verdict !== row.protection)).toEqual([]);
}

beforeAll(async () => {
  backend = await startTestBackend();
  service = serviceClient(backend);
  const email = uniqueEmail("verdict");
  const { data } = await service.auth.admin.createUser({ email, password: "password123", email_confirm: true });
  userId = data.user!.id;
  student = (await signedIn(backend, email, "password123")).client;
  tool = (await service.from("tech_tools").insert({ name: `Вердикт ${Date.now()}` }).select("id").single()).data!.id;
  const lesson = async (title: string, order_index: number) =>
    (await service.from("lessons").insert({ tool_id: tool, title, description: "Текст", order_index }).select("id").single()).data!.id;
  [first, stop, after] = [await lesson("Первый", 1), await lesson("Стоп", 2), await lesson("После", 3)];
  const group = (await service.from("groups").insert({ name: `Поток вердикта ${Date.now()}` }).select("id, name").single()).data!;
  [groupId, groupName] = [group.id, group.name];
});
afterAll(() => backend.close());

describe("access_verdicts", () => {
  it("walks one tool and its lessons through every reason, and the lesson protection agrees each time", async () => {
    // Nothing decides: the tool is closed and visible by default; its lessons wait for it.
    let tools = await verdicts("tool");
    let lessons = await verdicts("lesson");
    expect(tools.get(tool)).toMatchObject({ item_unlocked: false, is_visible: true, is_open: false, why: "default" });
    expect(lessons.get(first)).toMatchObject({ item_unlocked: true, is_open: false, why: "parent" });
    await expectProtectionAgrees();

    // The student's own record opens the tool: its lessons open by default.
    await service.from("tool_access").insert({ user_id: userId, tool_id: tool, is_unlocked: true });
    tools = await verdicts("tool");
    lessons = await verdicts("lesson");
    expect(tools.get(tool)).toMatchObject({ is_open: true, why: "personal" });
    expect([...[first, stop, after].map((id) => lessons.get(id)!.why)]).toEqual(["default", "default", "default"]);
    await expectProtectionAgrees();

    // An unaccepted stop-lesson holds what follows it, and says which.
    await service.from("assignments").insert({ lesson_id: stop, is_stop_lesson: true });
    lessons = await verdicts("lesson");
    expect(lessons.get(stop)).toMatchObject({ is_open: true, why: "default" });
    expect(lessons.get(after)).toMatchObject({ is_open: false, why: "held", held_by: stop, held_by_quiz: false });
    await expectProtectionAgrees();

    // A group's dated grant on the held lesson: the date is the first reason it is closed.
    await service.from("group_members").insert({ group_id: groupId, user_id: userId });
    await service.from("group_lesson_access").insert({ group_id: groupId, lesson_id: after, is_unlocked: true, unlock_at: at(24 * HOUR) });
    lessons = await verdicts("lesson");
    expect(lessons.get(after)).toMatchObject({ is_open: false, why: "scheduled", group_names: [groupName] });
    expect(lessons.get(after)!.opens_at).not.toBeNull();
    await expectProtectionAgrees();

    // The grant ran out.
    await service.from("group_lesson_access").update({ unlock_at: at(-2 * HOUR), expires_at: at(-HOUR) }).eq("group_id", groupId).eq("lesson_id", after);
    expect((await verdicts("lesson")).get(after)).toMatchObject({ is_open: false, why: "expired" });
    await expectProtectionAgrees();

    // The student's own record closes the first lesson; a draft lesson is closed as unpublished.
    await service.from("lesson_access").insert({ user_id: userId, lesson_id: first, is_unlocked: false });
    await service.from("lessons").update({ is_published: false }).eq("id", stop);
    lessons = await verdicts("lesson");
    expect(lessons.get(first)).toMatchObject({ item_unlocked: false, is_open: false, why: "personal" });
    expect(lessons.get(stop)).toMatchObject({ is_open: false, why: "unpublished" });
    await expectProtectionAgrees();

    // An order's membership opens the tool through the group, and the verdict names the order.
    await service.from("tool_access").delete().eq("user_id", userId).eq("tool_id", tool);
    await service.from("group_tool_access").insert({ group_id: groupId, tool_id: tool, is_unlocked: true });
    await service.rpc("grant_membership", { _group_id: groupId, _user_id: userId, _source: "order", _ref: "2001", _expires_at: at(HOUR) });
    const bought = (await verdicts("tool")).get(tool)!;
    expect(bought).toMatchObject({ is_open: true, why: "group", group_names: [groupName] });
    expect(bought.grounds).toEqual([
      { group: groupName, source: "manual", ref: null, ends_at: null },
      { group: groupName, source: "order", ref: "2001", ends_at: expect.any(String) },
    ]);
    await expectProtectionAgrees();
  });

  it("an admin opens everything; nobody else reads another person's verdicts", async () => {
    const admin = (await signedIn(backend, SEEDED.admin.email, SEEDED.admin.password)).client;
    const own = await admin.rpc("access_verdicts", { _user_id: SEEDED.admin.id, _kind: "lesson" });
    expect((own.data as Verdict[]).every((row) => row.is_open && row.why === "admin")).toBe(true);
    // An admin asking about the student reads the student's verdicts.
    expect((await verdicts("tool", admin)).get(tool)).toBeDefined();

    const email = uniqueEmail("stranger");
    await service.auth.admin.createUser({ email, password: "password123", email_confirm: true });
    const stranger = (await signedIn(backend, email, "password123")).client;
    const peeked = await stranger.rpc("access_verdicts", { _user_id: userId, _kind: "tool" });
    expect(peeked.data).toEqual([]);
  });
});
