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

export interface TestUser {
  id: string;
  email: string;
  password: string;
  fullName: string;
}

export async function createStudent(fullName = "Тестовый Студент"): Promise<TestUser> {
  const email = `${unique("student")}@example.com`;
  const password = "password123";
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
}

/** The newest mail to the recipient in the local mailbox, waiting for it briefly. */
export async function latestMail(recipient: string): Promise<Mail> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const mails = (await (await fetch(`${E2E_BACKEND_URL}/mailbox?format=json`)).json()) as Mail[];
    const mail = mails.find((item) => item.recipient === recipient);
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no mail for ${recipient}`);
}

export const latestMailLink = async (recipient: string) => (await latestMail(recipient)).link;
