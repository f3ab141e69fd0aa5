import { createClient } from "@supabase/supabase-js";
import type { Database } from "../../lib/database.types";
import type { AccessFlags, AccessKind } from "../../lib/domain/access";
import { ACCESS_TABLES, upsertAccess } from "../../lib/mutations/access";
import { SERVICE_ROLE_KEY } from "../../local-backend/keys";
import { E2E_BACKEND_URL } from "./ports";

/** Test setup through the service role, as a course owner's script would do it. */
export const service = createClient<Database>(E2E_BACKEND_URL, SERVICE_ROLE_KEY, {
  auth: { persistSession: false, autoRefreshToken: false },
});

export { DEMO_ACCOUNTS as SEEDED } from "../../local-backend/demo-accounts";

let counter = 0;
export const unique = (label: string) => `${label}-${process.pid}-${Date.now().toString(36)}-${counter++}`;

/** Digits as Latin letters (0 → a … 9 → j), keeping their order: a person's name holds letters only (the name rule, in the database too). */
export const lettersOf = (text: string) => text.replace(/\d/g, (digit) => String.fromCharCode(97 + Number(digit)));

/** `unique` for a person's name. */
export const uniqueName = (label: string) => lettersOf(unique(label));

export interface TestUser {
  id: string;
  email: string;
  password: string;
  fullName: string;
}

export async function createStudent(fullName = "Тестовый Студент", password = "password123"): Promise<TestUser> {
  const email = `${unique("student")}@example.com`;
  const { data, error } = await service.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { full_name: fullName },
  });
  if (error) throw error;
  return { id: data.user!.id, email, password, fullName };
}

export async function deleteUser(id: string) {
  await service.auth.admin.deleteUser(id);
}

/** A student, a curator and an admin (the admin without the student role): roles before the first sign-in, as the access token names the highest. */
export async function createPeople(names = { student: "Тестовый Студент", curator: "Тестовый Куратор", admin: "Тестовый Админ" }) {
  const [student, curator, admin] = await Promise.all([createStudent(names.student), createStudent(names.curator), createStudent(names.admin)]);
  await service.from("user_roles").insert([
    { user_id: curator.id, role: "curator" },
    { user_id: admin.id, role: "admin" },
  ]);
  await service.from("user_roles").delete().eq("user_id", admin.id).eq("role", "student");
  return { student, curator, admin, remove: () => Promise.all([student, curator, admin].map((person) => deleteUser(person.id))) };
}

/** Each read's rows as sorted JSON lines, to compare a database before and after. */
export async function readRows(reads: Record<string, PromiseLike<{ data: unknown[] | null; error: { message: string } | null }>>) {
  const rows: Record<string, string[]> = {};
  for (const [table, read] of Object.entries(reads)) {
    const { data, error } = await read;
    if (error) throw new Error(`${table}: ${error.message}`);
    rows[table] = (data ?? []).map((row) => JSON.stringify(row)).sort();
  }
  return rows;
}

/**
 * The rows a refused or hostile write could reach, read with the service role: the given people's
 * own rows, a tool and everything under it, a course module, a group, and anything whose name
 * carries the run's marker.
 */
export function schoolRows(scope: {
  users: string[];
  toolId: string;
  moduleId: string;
  groupId: string;
  marker: string;
  lessonIds?: string[];
  deliveryIds?: number[];
}) {
  const { users, toolId, moduleId, groupId, marker, lessonIds = [], deliveryIds = [] } = scope;
  return readRows({
    profiles: service.from("profiles").select("id, email, full_name, role").in("id", users),
    user_roles: service.from("user_roles").select("user_id, role").in("user_id", users),
    tech_tools: service.from("tech_tools").select("*").eq("id", toolId),
    tool_former_names: service.from("tool_former_names").select("*").eq("tool_id", toolId),
    modules: service.from("modules").select("*").eq("tool_id", toolId),
    lessons: service.from("lessons").select("*").or(`tool_id.eq.${toolId},course_module_id.eq.${moduleId}`),
    lesson_attachments: service.from("lesson_attachments").select("*").in("lesson_id", lessonIds),
    marked_attachments: service.from("lesson_attachments").select("id").ilike("file_name", `%${marker}%`),
    course_modules: service.from("course_modules").select("*").eq("id", moduleId),
    groups: service.from("groups").select("*").eq("id", groupId),
    group_members: service.from("group_members").select("*").or(`group_id.eq.${groupId},user_id.in.(${users})`),
    group_tool_access: service.from("group_tool_access").select("*").eq("group_id", groupId),
    group_module_access: service.from("group_module_access").select("*").eq("group_id", groupId),
    group_lesson_access: service.from("group_lesson_access").select("*").eq("group_id", groupId),
    tool_access: service.from("tool_access").select("*").in("user_id", users),
    module_access: service.from("module_access").select("*").in("user_id", users),
    lesson_access: service.from("lesson_access").select("*").in("user_id", users),
    lesson_progress: service.from("lesson_progress").select("*").in("user_id", users),
    privacy_consents: service.from("privacy_consents").select("user_id, policy_version").in("user_id", users),
    marked_tools: service.from("tech_tools").select("id").ilike("name", `%${marker}%`),
    marked_modules: service.from("course_modules").select("id").ilike("title", `%${marker}%`),
    marked_blocks: service.from("modules").select("id").ilike("name", `%${marker}%`),
    marked_lessons: service.from("lessons").select("id").ilike("title", `%${marker}%`),
    marked_groups: service.from("groups").select("id").ilike("name", `%${marker}%`),
    marked_profiles: service.from("profiles").select("id").ilike("email", `%${marker}%`),
    assignments: service.from("assignments").select("*").in("lesson_id", lessonIds),
    marked_assignments: service.from("assignments").select("id").ilike("instructions_md", `%${marker}%`),
    submissions: service.from("submissions").select("*").in("user_id", users),
    marked_submissions: service.from("submissions").select("id").ilike("answer_md", `%${marker}%`),
    marked_comments: service.from("submission_comments").select("id").ilike("body_md", `%${marker}%`),
    group_curators: service.from("group_curators").select("*").or(`group_id.eq.${groupId},user_id.in.(${users})`),
    // Every admin hears of each sale («Новая продажа»), made by specs running beside: not a write of the test's own.
    notifications: service.from("notifications").select("id, user_id, read_at").in("user_id", users).neq("kind", "new_sale").order("id"),
    orders: service.from("orders").select("id, status, refunded_kopecks").in("user_id", users),
    marked_offers: service.from("offers").select("id").ilike("title", `%${marker}%`),
    marked_promo_codes: service.from("promo_codes").select("id").ilike("code", `%${marker}%`),
    notification_preferences: service.from("notification_preferences").select("*").in("user_id", users),
    telegram_links: service.from("telegram_links").select("*").in("user_id", users),
    failed_deliveries: service.from("notification_deliveries").select("id, status, attempts").in("id", deliveryIds),
    certificates: service.from("certificates").select("*").in("user_id", users),
    quizzes: service.from("quizzes").select("*").in("lesson_id", lessonIds),
    quiz_attempts: service.from("quiz_attempts").select("*").in("user_id", users),
    marked_quiz_questions: service.from("quiz_questions").select("id").ilike("prompt_md", `%${marker}%`),
    track_settings: service.from("track_settings").select("*").order("track"),
  });
}

export async function findUserId(email: string): Promise<string | null> {
  const { data } = await service.from("profiles").select("id").eq("email", email).maybeSingle();
  return data?.id ?? null;
}

function check<T>(result: { data: T | null; error: { message: string } | null }): T {
  if (result.error) throw new Error(result.error.message);
  return result.data as T;
}

export interface TestLesson {
  title: string;
  order_index: number;
  module?: number;
  description?: string;
  video_url?: string;
}

/** A tool with module blocks and lessons; deleting the tool cascades to all of them. */
export async function createTool(options: { name?: string; blocks?: string[]; lessons?: TestLesson[]; order_index?: number } = {}) {
  const name = options.name ?? unique("Tool");
  const tool = check<{ id: string; name: string }>(
    await service
      .from("tech_tools")
      .insert({ name, description: `Описание инструмента ${name}`, order_index: options.order_index ?? 100 })
      .select("id, name")
      .single(),
  );
  const blocks = options.blocks?.length
    ? check<{ id: string; name: string; order_index: number }[]>(
        await service
          .from("modules")
          .insert(options.blocks.map((block, index) => ({ tool_id: tool.id, name: block, order_index: index + 1 })))
          .select("id, name, order_index"),
      ).sort((a, b) => a.order_index - b.order_index)
    : [];
  const lessons = options.lessons?.length
    ? check<{ id: string; title: string }[]>(
        await service
          .from("lessons")
          .insert(
            options.lessons.map((lesson) => ({
              tool_id: tool.id,
              module_id: lesson.module === undefined ? null : blocks[lesson.module].id,
              title: lesson.title,
              order_index: lesson.order_index,
              description: lesson.description ?? null,
              video_url: lesson.video_url ?? null,
            })),
          )
          .select("id, title"),
      )
    : [];
  const lessonId = (title: string) => lessons.find((lesson) => lesson.title === title)!.id;
  return { ...tool, blocks, lessons, lessonId, remove: () => service.from("tech_tools").delete().eq("id", tool.id) };
}

export async function setAccess(kind: AccessKind, userId: string, itemId: string, flags: Partial<AccessFlags>) {
  check(await upsertAccess(service, kind, [{ userId, itemId, flags }]));
}

export async function getAccess(kind: AccessKind, userId: string, itemId: string) {
  const { table, column } = ACCESS_TABLES[kind];
  const { data } = await service
    .from(table)
    .select("is_unlocked, is_visible, unlocked_at")
    .match({ user_id: userId, [column]: itemId })
    .maybeSingle();
  return data as { is_unlocked: boolean; is_visible: boolean; unlocked_at: string | null } | null;
}

export interface Mail {
  recipient: string;
  body: string;
  link: string;
  /** `auth`: sent by Supabase Auth; `smtp`: a notification the app's worker sent to the SMTP catcher. */
  source: "auth" | "smtp";
}

/** The newest Auth mail (recovery, confirmation) to the recipient in the local mailbox, waiting for it briefly. */
export async function latestMail(recipient: string): Promise<Mail> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const mails = (await (await fetch(`${E2E_BACKEND_URL}/mailbox?format=json`)).json()) as Mail[];
    const mail = mails.find((item) => item.recipient === recipient && item.source === "auth");
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no mail for ${recipient}`);
}

export const latestMailLink = async (recipient: string) => (await latestMail(recipient)).link;
