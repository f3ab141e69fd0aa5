import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/database.types";
import type { LocalBackend } from "@/local-backend/server";
import { serviceClient, signedIn, startTestBackend, uniqueEmail } from "@/local-backend/tests/harness";

/**
 * The effective-access rules, table-driven, against the real migrations: the student's own
 * record first, then their groups (open if any group opens, hidden only if all hide), dates in
 * the database's clock; and the lesson protection following them.
 */

let backend: LocalBackend;
let service: SupabaseClient<Database>;
let studentId: string;
let student: SupabaseClient<Database>;

const HOUR = 60 * 60 * 1000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

interface Grant {
  is_unlocked?: boolean;
  is_visible?: boolean;
  unlock_at?: string;
  expires_at?: string;
}

interface Case {
  name: string;
  personal?: Grant;
  groups?: Grant[];
  /** A group grant for a group the student is not in. */
  strangerGroup?: Grant;
  expect: { is_unlocked: boolean; is_visible: boolean; source: string | null; opens?: boolean; expired?: boolean };
}

const CASES: Case[] = [
  { name: "no record anywhere: locked and visible", expect: { is_unlocked: false, is_visible: true, source: null } },
  { name: "own record opens", personal: { is_unlocked: true }, expect: { is_unlocked: true, is_visible: true, source: "personal" } },
  { name: "a group opens", groups: [{ is_unlocked: true }], expect: { is_unlocked: true, is_visible: true, source: "group" } },
  { name: "own «закрыто» beats a group that opens", personal: { is_unlocked: false }, groups: [{ is_unlocked: true }], expect: { is_unlocked: false, is_visible: true, source: "personal" } },
  { name: "groups disagree: any group opens it", groups: [{ is_unlocked: false }, { is_unlocked: true }], expect: { is_unlocked: true, is_visible: true, source: "group" } },
  { name: "hidden only if every group hides it", groups: [{ is_unlocked: true, is_visible: false }, { is_visible: true }], expect: { is_unlocked: true, is_visible: true, source: "group" } },
  { name: "every group hides it", groups: [{ is_visible: false }, { is_unlocked: true, is_visible: false }], expect: { is_unlocked: true, is_visible: false, source: "group" } },
  { name: "opening date passed", groups: [{ is_unlocked: true, unlock_at: at(-HOUR) }], expect: { is_unlocked: true, is_visible: true, source: "group" } },
  { name: "opening date ahead", groups: [{ is_unlocked: true, unlock_at: at(24 * HOUR) }], expect: { is_unlocked: false, is_visible: true, source: "group", opens: true } },
  { name: "expiry passed", groups: [{ is_unlocked: true, expires_at: at(-HOUR) }], expect: { is_unlocked: false, is_visible: true, source: "group", expired: true } },
  { name: "expiry ahead", groups: [{ is_unlocked: true, unlock_at: at(-2 * HOUR), expires_at: at(HOUR) }], expect: { is_unlocked: true, is_visible: true, source: "group" } },
  { name: "own record expired", personal: { is_unlocked: true, expires_at: at(-HOUR) }, groups: [{ is_unlocked: true }], expect: { is_unlocked: false, is_visible: true, source: "personal", expired: true } },
  { name: "another group's grant does not count", strangerGroup: { is_unlocked: true }, expect: { is_unlocked: false, is_visible: true, source: null } },
];

let counter = 0;
async function group(members: string[]) {
  const { data } = await service.from("groups").insert({ name: `Поток ${counter++}-${Date.now()}` }).select("id").single();
  if (members.length) await service.from("group_members").insert(members.map((user_id) => ({ group_id: data!.id, user_id })));
  return data!.id;
}

async function toolWithLesson() {
  const name = `Инструмент ${counter++}-${Date.now()}`;
  const { data: tool } = await service.from("tech_tools").insert({ name }).select("id").single();
  const { data: lesson } = await service.from("lessons").insert({ tool_id: tool!.id, title: "Урок", description: "Секрет" }).select("id").single();
  return { toolId: tool!.id, lessonId: lesson!.id, name };
}

beforeAll(async () => {
  backend = await startTestBackend();
  service = serviceClient(backend);
  const email = uniqueEmail("cohort");
  const { data } = await service.auth.admin.createUser({ email, password: "password123", email_confirm: true });
  studentId = data.user!.id;
  student = (await signedIn(backend, email, "password123")).client;
});
afterAll(() => backend.close());

describe("effective access to a tool", () => {
  for (const scenario of CASES) {
    it(scenario.name, async () => {
      const { toolId, lessonId, name } = await toolWithLesson();
      if (scenario.personal) await service.from("tool_access").insert({ user_id: studentId, tool_id: toolId, ...scenario.personal });
      for (const grant of scenario.groups ?? []) await service.from("group_tool_access").insert({ group_id: await group([studentId]), tool_id: toolId, ...grant });
      if (scenario.strangerGroup) await service.from("group_tool_access").insert({ group_id: await group([]), tool_id: toolId, ...scenario.strangerGroup });

      const rows = (await student.rpc("student_access", {})).data!.filter((row) => row.item_id === toolId);
      const { expect: wanted } = scenario;
      if (wanted.source === null) expect(rows).toEqual([]);
      else {
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ is_unlocked: wanted.is_unlocked, is_visible: wanted.is_visible, source: wanted.source, expired: Boolean(wanted.expired) });
        expect(rows[0].opens_at !== null).toBe(Boolean(wanted.opens));
      }

      // The lesson's content and the tool's title follow the effective access.
      const content = (await student.rpc("lesson_content", { _lesson_id: lessonId })).data;
      expect(content).toHaveLength(wanted.is_unlocked && wanted.is_visible ? 1 : 0);
      const title = (await student.from("tech_tools").select("id").eq("id", toolId)).data;
      expect(title).toHaveLength(wanted.is_visible ? 1 : 0);
      // A hidden tool's page learns only that it is hidden (to redirect), not its row.
      const page = (await student.rpc("tool_page", { _tool_name: name })).data as { tool: unknown; hidden: boolean };
      expect([page.tool !== null, page.hidden]).toEqual([wanted.is_visible, !wanted.is_visible]);
    });
  }
});

describe("groups and their members", () => {
  it("adds members by e-mail all or nothing, reporting unknown addresses", async () => {
    const admin = (await signedIn(backend, "admin@example.com", "admin12345")).client;
    const groupId = await group([]);
    const { data: profile } = await service.from("profiles").select("email").eq("id", studentId).single();
    const refused = await admin.rpc("add_group_members", { _group_id: groupId, _emails: [profile!.email.toUpperCase(), "nobody@example.com"] });
    expect(refused.data).toEqual({ added: 0, unknown: ["nobody@example.com"] });
    expect((await service.from("group_members").select("user_id").eq("group_id", groupId)).data).toEqual([]);
    const added = await admin.rpc("add_group_members", { _group_id: groupId, _emails: [` ${profile!.email} `, profile!.email] });
    expect(added.data).toEqual({ added: 1, unknown: [] });
  });

  it("lets a student see only their own memberships and write nothing", async () => {
    const mine = await group([studentId]);
    await group([]);
    expect((await student.from("group_members").select("group_id")).data!.every((row) => row.group_id !== undefined)).toBe(true);
    const memberships = (await student.from("group_members").select("user_id")).data!;
    expect(memberships.length).toBeGreaterThan(0);
    expect(memberships.every((row) => row.user_id === studentId)).toBe(true);
    const groups = (await student.from("groups").select("id")).data!.map((row) => row.id);
    expect(groups).toContain(mine);
    expect((await student.from("group_tool_access").select("tool_id")).data).toEqual([]);
    const join = await student.from("group_members").insert({ group_id: mine, user_id: studentId });
    expect(join.error).not.toBeNull();
    const grant = await student.from("group_tool_access").insert({ group_id: mine, tool_id: (await toolWithLesson()).toolId, is_unlocked: true });
    expect(grant.error?.code).toBe("42501");
  });
});
