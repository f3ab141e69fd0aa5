import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/database.types";
import type { LocalBackend } from "@/local-backend/server";
import { Refusal } from "@/lib/actions/errors";
import { removeMember } from "@/lib/mutations/groups";
import { SEEDED, serviceClient, signedIn, startTestBackend, uniqueEmail } from "@/local-backend/tests/harness";

/**
 * A group membership knows why it exists (migration 20261128004100): by hand, an order or a promo
 * code, each with an end. An expired one grants nothing; an admin removes or changes only what an
 * admin added, through the app or straight through the API; taking an order back ends exactly its
 * own memberships.
 */

let backend: LocalBackend;
let service: SupabaseClient<Database>;
let admin: SupabaseClient<Database>;
let student: SupabaseClient<Database>;
let studentId: string;
let counter = 0;

const HOUR = 60 * 60 * 1000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

beforeAll(async () => {
  backend = await startTestBackend();
  service = serviceClient(backend);
  admin = (await signedIn(backend, SEEDED.admin.email, SEEDED.admin.password)).client;
  const email = uniqueEmail("buyer");
  const { data } = await service.auth.admin.createUser({ email, password: "password123", email_confirm: true });
  studentId = data.user!.id;
  student = (await signedIn(backend, email, "password123")).client;
});
afterAll(() => backend.close());

/** A new group that opens a new tool with one lesson; answers both. */
async function groupOpeningATool() {
  const name = `Курс ${counter++}-${Date.now()}`;
  const { data: group } = await service.from("groups").insert({ name: `Поток ${name}` }).select("id, name").single();
  const { data: tool } = await service.from("tech_tools").insert({ name }).select("id").single();
  const { data: lesson } = await service.from("lessons").insert({ tool_id: tool!.id, title: "Урок", description: "Текст" }).select("id").single();
  await service.from("group_tool_access").insert({ group_id: group!.id, tool_id: tool!.id, is_unlocked: true });
  return { groupId: group!.id, groupName: group!.name, toolId: tool!.id, lessonId: lesson!.id };
}

async function grant(groupId: string, source: "order" | "promo", ref: string, expiresAt: string | null = null) {
  const { data, error } = await service.rpc("grant_membership", {
    _group_id: groupId,
    _user_id: studentId,
    _source: source,
    _ref: ref,
    _expires_at: expiresAt as string,
  });
  expect(error).toBeNull();
  return data;
}

async function toolAccess(toolId: string) {
  const rows = (await student.rpc("student_access", {})).data!.filter((row) => row.item_id === toolId);
  const lesson = await student.from("tech_tools").select("id").eq("id", toolId);
  return { rows, visibleTool: lesson.data!.length === 1 };
}

async function canOpen(lessonId: string) {
  return (await student.rpc("lesson_content", { _lesson_id: lessonId })).data!.length === 1;
}

describe("a membership's source", () => {
  it("an order's membership opens the group's items and says which order, with its end", async () => {
    const { groupId, groupName, toolId, lessonId } = await groupOpeningATool();
    const ends = at(30 * 24 * HOUR);
    await grant(groupId, "order", "1042", ends);
    const { rows } = await toolAccess(toolId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ is_unlocked: true, source: "group", group_names: [groupName] });
    expect(rows[0].grounds).toEqual([{ group: groupName, source: "order", ref: "1042", ends_at: expect.any(String) }]);
    expect(Date.parse((rows[0].grounds as { ends_at: string }[])[0].ends_at)).toBe(Date.parse(ends));
    expect(await canOpen(lessonId)).toBe(true);
  });

  it("a membership that ran out grants nothing, and says nothing", async () => {
    const { groupId, toolId, lessonId } = await groupOpeningATool();
    await grant(groupId, "order", "1043", at(-HOUR));
    expect((await toolAccess(toolId)).rows).toEqual([]);
    expect(await canOpen(lessonId)).toBe(false);
    // The same reason granted again moves the end, it does not add a second row.
    await grant(groupId, "order", "1043", at(HOUR));
    expect(await canOpen(lessonId)).toBe(true);
    expect((await service.from("group_members").select("id").eq("group_id", groupId)).data).toHaveLength(1);
  });

  it("two reasons for one group list the member once, and the group page names both", async () => {
    const { groupId, toolId } = await groupOpeningATool();
    const { data: profile } = await service.from("profiles").select("email").eq("id", studentId).single();
    expect((await admin.rpc("add_group_members", { _group_id: groupId, _emails: [profile!.email] })).data).toEqual({ added: 1, unknown: [] });
    await grant(groupId, "promo", "ВЕСНА");
    const { rows } = await toolAccess(toolId);
    expect(rows[0].group_names).toHaveLength(1);
    expect((rows[0].grounds as { source: string }[]).map((ground) => ground.source)).toEqual(["manual", "promo"]);
    const page = (await admin.rpc("group_page", { _group_id: groupId })).data as {
      members: { id: string; memberships: { source: string; ref: string | null; current: boolean }[] }[];
    };
    expect(page.members).toHaveLength(1);
    expect(page.members[0].memberships).toEqual([
      { source: "manual", ref: null, ends_at: null, current: true },
      { source: "promo", ref: "ВЕСНА", ends_at: null, current: true },
    ]);
    const overview = (await admin.rpc("groups_overview")).data!.find((row) => row.id === groupId);
    expect(overview?.member_count).toBe(1);
  });
});

describe("what an admin may take away", () => {
  it("an admin's removal, through the API itself, never takes away what an order gave", async () => {
    const { groupId, lessonId } = await groupOpeningATool();
    await grant(groupId, "order", "1044");
    const removed = await admin.from("group_members").delete().eq("group_id", groupId).eq("user_id", studentId).select("id");
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual([]);
    const changed = await admin.from("group_members").update({ expires_at: at(-HOUR) }).eq("group_id", groupId).select("id");
    expect(changed.data).toEqual([]);
    expect(await canOpen(lessonId)).toBe(true);
  });

  it("the app's removal takes away the membership an admin added and says why an order's stays", async () => {
    const { groupId, lessonId } = await groupOpeningATool();
    await grant(groupId, "order", "1048");
    await admin.from("group_members").insert({ group_id: groupId, user_id: studentId });
    await removeMember(admin, groupId, studentId);
    expect((await service.from("group_members").select("source").eq("group_id", groupId)).data).toEqual([{ source: "order" }]);
    const refused = await removeMember(admin, groupId, studentId).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Refusal);
    expect((refused as Refusal).message).toMatch(/^Этого студента в группу привёл заказ или промокод/);
    expect(await canOpen(lessonId)).toBe(true);
  });

  it("an admin adds only by hand: an order's membership written through the API is refused", async () => {
    const { groupId } = await groupOpeningATool();
    const forged = await admin.from("group_members").insert({ group_id: groupId, user_id: studentId, source: "order", source_ref: "9999" });
    expect(forged.error?.code).toBe("42501");
    const byHand = await admin.from("group_members").insert({ group_id: groupId, user_id: studentId });
    expect(byHand.error).toBeNull();
  });

  it("an admin's reset of the student's own record leaves an order's grant in place", async () => {
    const { groupId, toolId, lessonId } = await groupOpeningATool();
    await grant(groupId, "order", "1045");
    await admin.from("tool_access").upsert({ user_id: studentId, tool_id: toolId, is_unlocked: false, is_visible: true });
    expect(await canOpen(lessonId)).toBe(false);
    await admin.from("tool_access").delete().eq("user_id", studentId).eq("tool_id", toolId);
    expect(await canOpen(lessonId)).toBe(true);
  });

  it("taking an order back ends exactly its memberships: not an admin's, not another order's", async () => {
    const first = await groupOpeningATool();
    const second = await groupOpeningATool();
    await grant(first.groupId, "order", "1046");
    await grant(second.groupId, "order", "1046");
    await grant(second.groupId, "order", "1047");
    await admin.from("group_members").insert({ group_id: first.groupId, user_id: studentId });

    const { data: ended } = await service.rpc("end_memberships", { _source: "order", _ref: "1046" });
    expect(ended).toBe(2);
    const left = (await service.from("group_members").select("group_id, source, source_ref").in("group_id", [first.groupId, second.groupId])).data!;
    expect(left.map((row) => [row.group_id === first.groupId ? "first" : "second", row.source, row.source_ref]).sort()).toEqual([
      ["first", "manual", null],
      ["second", "order", "1047"],
    ]);
    expect(await canOpen(first.lessonId)).toBe(true);
    expect(await canOpen(second.lessonId)).toBe(true);
  });

  it("only the service role grants or ends an order's membership", async () => {
    const { groupId } = await groupOpeningATool();
    const asAdmin = await admin.rpc("grant_membership", { _group_id: groupId, _user_id: studentId, _source: "order", _ref: "1", _expires_at: at(HOUR) });
    expect(asAdmin.error?.code).toBe("42501");
    expect((await admin.rpc("end_memberships", { _source: "order", _ref: "1" })).error?.code).toBe("42501");
    expect((await service.rpc("end_memberships", { _source: "manual", _ref: "x" })).error?.code).toBe("22023");
  });
});
