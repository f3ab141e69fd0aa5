import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeThrown } from "@/lib/actions/errors";
import type { Database } from "@/lib/database.types";
import { HOMEWORK_BUCKET } from "@/lib/domain/submissions";
import * as homework from "@/lib/mutations/homework";
import * as settings from "@/lib/mutations/settings";
import type { LocalBackend } from "@/local-backend/server";
import { SEEDED, serviceClient, signedIn, startTestBackend, uniqueEmail } from "@/local-backend/tests/harness";

/**
 * What /settings relies on, through supabase-js and the app's writes layer: a person writes their
 * own name, notification choices and Telegram link under row level security and nobody else's;
 * the last admin keeps their account; deleting an account leaves no row of that person in any
 * public table and none of their homework files in Storage, and nothing of anyone else goes.
 */

type Client = SupabaseClient<Database>;
type Person = { id: string; email: string; client: Client };

const CURSOR = "70000000-0000-4000-8000-000000000002";
const STOP_LESSON = "d0000000-0000-4000-8000-000000000006";
const PDF = new TextEncoder().encode("%PDF-1.7\nинтервью\n");

let backend: LocalBackend;
let service: Client;
let admin: Person;

async function newPerson(label: string, role?: "admin" | "curator"): Promise<Person> {
  const email = uniqueEmail(label);
  const { data, error } = await service.auth.admin.createUser({ email, password: "password123", email_confirm: true, user_metadata: { full_name: "Анна Тестова" } });
  if (error) throw error;
  if (role) await service.from("user_roles").insert({ user_id: data.user.id, role });
  await service.from("tool_access").insert({ user_id: data.user.id, tool_id: CURSOR, is_unlocked: true });
  return { id: data.user.id, email, client: (await signedIn(backend, email, "password123")).client };
}

/** The Russian answer the action layer gives for what a write threw. */
async function refusal(write: Promise<unknown>): Promise<string> {
  try {
    await write;
  } catch (thrown) {
    return describeThrown(thrown, "сбой").error;
  }
  throw new Error("the write was not refused");
}

async function upload(person: Person, assignmentId: string) {
  const prepared = await homework.prepareUpload(person.client, person.id, { assignmentId, fileName: "Интервью.pdf", size: PDF.length });
  const response = await fetch(prepared.uploadUrl, { method: "PUT", headers: { "content-type": prepared.mime, "x-upsert": "false" }, body: PDF });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  await homework.checkUpload(person.client, service, person.id, { assignmentId, path: prepared.path, fileName: "Интервью.pdf" });
  return prepared.path;
}

beforeAll(async () => {
  backend = await startTestBackend();
  service = serviceClient(backend);
  const seeded = await signedIn(backend, SEEDED.admin.email, SEEDED.admin.password);
  admin = { id: seeded.user.id, email: SEEDED.admin.email, client: seeded.client };
});
afterAll(() => backend.close());

describe("the name", () => {
  it("a person renames themselves, and only themselves", async () => {
    const [anna, boris] = await Promise.all([newPerson("rename-anna"), newPerson("rename-boris")]);
    await settings.renameSelf(anna.client, anna.id, "Анна Петрова");
    expect(await refusal(settings.renameSelf(boris.client, anna.id, "Взломщик"))).toBe("Профиль не найден");
    const { data } = await service.from("profiles").select("full_name").eq("id", anna.id).single();
    expect(data?.full_name).toBe("Анна Петрова");
  });

  it("nothing else of the profile is theirs to write", async () => {
    const anna = await newPerson("profile-rest");
    await anna.client.from("profiles").update({ email: "someone@example.com", role: "admin" }).eq("id", anna.id);
    const { data } = await service.from("profiles").select("email, role").eq("id", anna.id).single();
    expect(data).toEqual({ email: anna.email, role: "student" });
  });
});

describe("notification choices", () => {
  const read = async (client: Client, userId: string) =>
    (await client.from("notification_preferences").select("kind, channel, enabled").eq("user_id", userId).order("kind")).data;

  it("a person switches a kind off and on again: one row, upserted under their own policies", async () => {
    const anna = await newPerson("preferences");
    await settings.setPreference(anna.client, anna.id, { kind: "homework_returned", channel: "email", enabled: false });
    expect(await read(anna.client, anna.id)).toEqual([{ kind: "homework_returned", channel: "email", enabled: false }]);
    await settings.setPreference(anna.client, anna.id, { kind: "homework_returned", channel: "email", enabled: true });
    await settings.setPreference(anna.client, anna.id, { kind: "access_opened", channel: "telegram", enabled: false });
    expect(await read(anna.client, anna.id)).toEqual([
      { kind: "homework_returned", channel: "email", enabled: true },
      { kind: "access_opened", channel: "telegram", enabled: false },
    ]);
    // The outbox reads the same rows: off for Telegram, on by e-mail (Telegram needs a link first anyway).
    const wanted = (kind: "homework_returned" | "access_opened", channel: "email" | "telegram") =>
      service.rpc("channel_wanted", { _user_id: anna.id, _kind: kind, _channel: channel }).then(({ data }) => data);
    expect(await wanted("homework_returned", "email")).toBe(true);
    expect(await wanted("access_opened", "telegram")).toBe(false);
  });

  it("nobody writes or reads another person's choices", async () => {
    const [anna, boris] = await Promise.all([newPerson("preferences-owner"), newPerson("preferences-other")]);
    await settings.setPreference(anna.client, anna.id, { kind: "homework_accepted", channel: "email", enabled: false });
    expect(await refusal(settings.setPreference(boris.client, anna.id, { kind: "homework_accepted", channel: "email", enabled: true }))).toBe("Недостаточно прав");
    expect(await read(boris.client, anna.id)).toEqual([]);
    expect(await read(admin.client, anna.id)).toEqual([]);
    expect(await read(service, anna.id)).toEqual([{ kind: "homework_accepted", channel: "email", enabled: false }]);
  });
});

describe("Telegram", () => {
  const linkOf = async (userId: string) => (await service.from("telegram_links").select("username").eq("user_id", userId).maybeSingle()).data;

  it("a link token from the settings links the chat through the webhook's function", async () => {
    const anna = await newPerson("telegram-link");
    const token = await settings.createTelegramLinkToken(anna.client);
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect((await service.rpc("link_telegram", { _token: token, _chat_id: 4242, _username: "anna_t" })).data).toBe(anna.id);
    expect(await linkOf(anna.id)).toEqual({ username: "anna_t" });
    expect((await anna.client.from("telegram_links").select("username").eq("user_id", anna.id).single()).data).toEqual({ username: "anna_t" });
  });

  it("only its owner unlinks it", async () => {
    const [anna, boris] = await Promise.all([newPerson("telegram-owner"), newPerson("telegram-other")]);
    await service.rpc("link_telegram", { _token: await settings.createTelegramLinkToken(anna.client), _chat_id: 4343, _username: "anna_owner" });
    expect(await refusal(settings.unlinkTelegram(boris.client, anna.id))).toBe("Подключение Telegram не найдено");
    expect(await refusal(settings.unlinkTelegram(admin.client, anna.id))).toBe("Подключение Telegram не найдено");
    expect(await linkOf(anna.id)).toEqual({ username: "anna_owner" });
    await settings.unlinkTelegram(anna.client, anna.id);
    expect(await linkOf(anna.id)).toBeNull();
    expect(await refusal(settings.unlinkTelegram(anna.client, anna.id))).toBe("Подключение Telegram не найдено");
  });
});

describe("the last admin", () => {
  it("keeps their account until there is another admin; nobody else is held", async () => {
    const student = await newPerson("not-admin");
    expect(await refusal(settings.refuseLastAdmin(admin.client, admin.id))).toBe(settings.LAST_ADMIN);
    await settings.refuseLastAdmin(student.client, student.id);
    const second = await newPerson("second-admin", "admin");
    await settings.refuseLastAdmin(admin.client, admin.id);
    await settings.refuseLastAdmin(second.client, second.id);
    await settings.deleteAccount(service, second.id);
    expect(await refusal(settings.refuseLastAdmin(admin.client, admin.id))).toBe(settings.LAST_ADMIN);
  });

  it("is refused by the database before anything of theirs is removed, when the app's check was raced past", async () => {
    // As the later of two admins deleting themselves at once reaches it: past refuseLastAdmin.
    expect(await refusal(settings.deleteAccount(service, admin.id))).toBe(settings.LAST_ADMIN);
    const { rows } = await backend.db.query<{ role: string }>(`select role from public.profiles where id = $1`, [admin.id]);
    expect(rows).toEqual([{ role: "admin" }]);
  });
});

describe("deleting an account", () => {
  /** Every public table with a user_id column, as the database lists them: a new one is checked without a change here. */
  async function rowsOf(userId: string): Promise<Record<string, number>> {
    const { rows: tables } = await backend.db.query<{ table_name: string }>(
      `select c.table_name from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
       where c.table_schema = 'public' and c.column_name = 'user_id' and t.table_type = 'BASE TABLE'
       order by c.table_name`,
    );
    const counts: Record<string, number> = {};
    for (const { table_name } of tables) {
      const { rows } = await backend.db.query<{ n: number }>(`select count(*)::int as n from public."${table_name}" where user_id = $1`, [userId]);
      counts[table_name] = rows[0].n;
    }
    const profile = await backend.db.query<{ n: number }>(`select count(*)::int as n from public.profiles where id = $1`, [userId]);
    return { ...counts, profiles: profile.rows[0].n };
  }

  const storedFiles = async (userId: string) =>
    (await backend.db.query<{ name: string }>(`select name from storage.objects where bucket_id = $1 and name like $2 || '/%'`, [HOMEWORK_BUCKET, userId])).rows;

  it("removes the person's rows everywhere and their homework files, keeps a reviewer's comment without its author, and touches nobody else", async () => {
    const [student, classmate, reviewer] = await Promise.all([newPerson("deleted-student"), newPerson("kept-classmate"), newPerson("deleted-reviewer", "admin")]);
    const { data: assignment } = await admin.client
      .from("assignments")
      .insert({ lesson_id: STOP_LESSON, instructions_md: "Опишите гипотезу", accepts_text: true, accepts_links: false, accepts_files: true, is_stop_lesson: false })
      .select("id")
      .single();
    const assignmentId = assignment!.id;

    // A work handed in with a file, a file not handed in, and a classmate's file.
    const handedIn = await upload(student, assignmentId);
    const { id: submissionId } = await homework.submit(student.client, service, student.id, { assignmentId, answer: "Гипотеза", links: [], files: [{ path: handedIn, fileName: "Интервью.pdf" }] });
    await upload(student, assignmentId);
    const classmateFile = await upload(classmate, assignmentId);
    expect((await reviewer.client.rpc("review_submission", { _submission_id: submissionId, _decision: "return", _comment: "Добавьте цифры" })).error).toBeNull();

    // Everything else a student leaves behind.
    const { data: group } = await admin.client.from("groups").insert({ name: `Поток удаления ${student.id}` }).select("id").single();
    await admin.client.from("group_members").insert({ group_id: group!.id, user_id: student.id });
    await student.client.rpc("record_lesson_opened", { _lesson_id: STOP_LESSON });
    await settings.setPreference(student.client, student.id, { kind: "homework_returned", channel: "email", enabled: false });
    await service.rpc("link_telegram", { _token: await settings.createTelegramLinkToken(student.client), _chat_id: 4444, _username: "leaving" });
    await settings.createTelegramLinkToken(student.client);
    await service.rpc("email_unsubscribe_token", { _user_id: student.id });

    const before = await rowsOf(student.id);
    for (const table of ["profiles", "user_roles", "tool_access", "group_members", "lesson_progress", "submissions", "notifications", "notification_preferences", "telegram_links", "telegram_link_tokens", "email_unsubscribe_tokens"]) {
      expect(before[table], table).toBeGreaterThan(0);
    }
    expect(await storedFiles(student.id)).toHaveLength(2);
    expect(await settings.homeworkFilesOf(service, student.id)).toHaveLength(2);

    // The reviewer goes first: their comment stays, without its author.
    await settings.deleteAccount(service, reviewer.id);
    expect(Object.values(await rowsOf(reviewer.id)).every((count) => count === 0)).toBe(true);
    const { data: comments } = await service.from("submission_comments").select("author_id, body_md").eq("submission_id", submissionId);
    expect(comments).toEqual([{ author_id: null, body_md: "Добавьте цифры" }]);

    await settings.deleteAccount(service, student.id);
    const after = await rowsOf(student.id);
    expect(Object.entries(after).filter(([, count]) => count > 0)).toEqual([]);
    expect(await storedFiles(student.id)).toEqual([]);
    expect((await service.from("submission_files").select("id").eq("submission_id", submissionId)).data).toEqual([]);
    expect((await service.from("submission_comments").select("id").eq("submission_id", submissionId)).data).toEqual([]);
    expect((await service.auth.admin.getUserById(student.id)).data.user).toBeNull();

    // Nobody else's rows or files went with it.
    expect((await storedFiles(classmate.id)).map((file) => file.name)).toEqual([classmateFile]);
    expect((await rowsOf(classmate.id)).profiles).toBe(1);
    expect((await service.from("groups").select("id").eq("id", group!.id)).data).toHaveLength(1);
  });

  it("an account without homework is deleted too", async () => {
    const anna = await newPerson("no-homework");
    await settings.deleteAccount(service, anna.id);
    expect((await rowsOf(anna.id)).profiles).toBe(0);
  });
});
