import { afterAll, beforeAll, expect, it } from "vitest";
import type { LocalBackend } from "@/local-backend/server";
import { serviceClient, signedIn, startTestBackend, uniqueEmail } from "@/local-backend/tests/harness";
import { lockCauses, lockText, type StudentVerdict } from "@/lib/domain/access-reasons";
import { groupLessons, type LessonVerdict } from "@/lib/domain/lessons";

/**
 * Issue 43: a locked lesson says every cause that holds it, from what the database decides
 * (the access rule's verdicts in lesson_list: why, the groups and dates, and which stop-lesson holds it),
 * and never promises a date a stop-lesson may not keep.
 */

const LOVABLE = "70000000-0000-4000-8000-000000000001";
const [FIRST, STOP, AFTER] = ["d0000000-0000-4000-8000-000000000001", "d0000000-0000-4000-8000-000000000002", "d0000000-0000-4000-8000-000000000003"];
const LESSONS = [FIRST, STOP, AFTER];
const DAY = 24 * 60 * 60 * 1000;

let backend: LocalBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.close());

interface List {
  lessons: { id: string; module_id: string | null; title: string; order_index: number }[];
  verdicts: LessonVerdict[];
}

it("names the group and its date, the stop-lesson, the student's own record, and each only as far as it holds", async () => {
  const service = serviceClient(backend);
  const email = uniqueEmail("reasons");
  const { data } = await service.auth.admin.createUser({ email, password: "password123", email_confirm: true });
  const userId = data.user!.id;
  await service.from("tool_access").insert({ user_id: userId, tool_id: LOVABLE, is_unlocked: true });
  const { data: group } = await service.from("groups").insert({ name: `Поток ${Date.now()}` }).select("id, name").single();
  await service.from("group_members").insert({ group_id: group!.id, user_id: userId });
  const opensAt = new Date(Date.now() + DAY).toISOString();
  const student = (await signedIn(backend, email, "password123")).client;
  const stopTitle = (await service.from("lessons").select("title").eq("id", STOP).single()).data!.title;
  const list = async () => (await student.rpc("lesson_list", { _parent_id: LOVABLE, _lesson_ids: LESSONS, _user_id: userId })).data as unknown as List;
  const verdictOf = async (id: string) => (await list()).verdicts.find((row) => row.item_id === id);
  const textOf = async (id: string) => {
    const page = await list();
    const lesson = groupLessons([], page.lessons, page.verdicts).sequence.find((item) => item.id === id)!;
    return lesson.locked ? lockText(lesson.causes) : null;
  };
  const dated = (text: string | null) => text?.replace(/\d\d\.\d\d(\.\d{4})? в \d\d:\d\d МСК/, "<дата>") ?? null;

  try {
    // A group date alone: the date is a promise, with the group named.
    await service.from("group_lesson_access").insert({ group_id: group!.id, lesson_id: AFTER, is_unlocked: true, unlock_at: opensAt });
    const scheduled = await verdictOf(AFTER);
    expect(scheduled).toMatchObject({ is_open: false, why: "scheduled", group_names: [group!.name], held_by: null });
    expect(new Date(scheduled!.opens_at!).getTime()).toBe(new Date(opensAt).getTime());
    expect(dated(await textOf(AFTER))).toBe(`Откроется <дата> (группа «${group!.name}»)`);

    // And an unaccepted stop-lesson before it: both causes, the date no longer a promise.
    const { data: task } = await service.from("assignments").insert({ lesson_id: STOP, is_stop_lesson: true }).select("id").single();
    expect(await verdictOf(AFTER)).toMatchObject({ why: "scheduled", held_by: STOP, held_by_quiz: false });
    expect(dated(await textOf(AFTER))).toBe(`Откроется не раньше <дата> (группа «${group!.name}») и после принятия задания урока «${stopTitle}»`);

    // The group's grant ends: only the stop-lesson is left.
    await service.from("group_lesson_access").delete().eq("group_id", group!.id).eq("lesson_id", AFTER);
    expect(await textOf(AFTER)).toBe(`Откроется после принятия задания урока «${stopTitle}»`);

    // The student's own record closes it too: whom to ask, and the homework.
    await service.from("lesson_access").insert({ user_id: userId, lesson_id: AFTER, is_unlocked: false });
    expect(await verdictOf(AFTER)).toMatchObject({ is_open: false, why: "personal", group_names: null, held_by: STOP });
    expect(await textOf(AFTER)).toBe(`Откроется, когда администратор школы откроет доступ и после принятия задания урока «${stopTitle}»`);

    // Accepted: the record alone.
    await service.from("submissions").insert({ assignment_id: task!.id, user_id: userId, attempt: 1, answer_md: "Готово", status: "accepted" });
    expect(await verdictOf(AFTER)).toMatchObject({ why: "personal", held_by: null });
    expect(await textOf(AFTER)).toBe("Откроется, когда администратор школы откроет доступ");
    await service.from("lesson_access").delete().eq("user_id", userId).eq("lesson_id", AFTER);
    expect(await textOf(AFTER)).toBeNull();
    await service.from("assignments").delete().eq("id", task!.id);

    // A tool's card: its group with the date, or its run-out grant.
    await service.from("tool_access").delete().eq("user_id", userId).eq("tool_id", LOVABLE);
    await service.from("group_tool_access").insert({ group_id: group!.id, tool_id: LOVABLE, is_unlocked: true, expires_at: new Date(Date.now() - DAY).toISOString() });
    const tools = (await student.rpc("tools_page", {})).data as unknown as { access: StudentVerdict[] };
    const lovable = tools.access.find((row) => row.item_id === LOVABLE)!;
    expect(lovable).toMatchObject({ is_open: false, why: "expired", group_names: [group!.name] });
    expect(lockText(lockCauses(lovable))).toBe(`Откроется, когда группе «${group!.name}» продлят доступ`);
  } finally {
    await service.from("groups").delete().eq("id", group!.id);
    await service.auth.admin.deleteUser(userId);
  }
});
