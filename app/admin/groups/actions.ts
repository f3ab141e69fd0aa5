"use server";

import type { z } from "zod";
import { currentUserIsAdmin } from "@/lib/auth";
import { GROUP_GRANT_TABLES, upsertGrants } from "@/lib/mutations/groups";
import { createClient } from "@/lib/supabase/server";
import {
  bulkGrantSchema,
  grantRefSchema,
  grantSchema,
  groupNameSchema,
  memberEmailsSchema,
  memberSchema,
  unknownEmailsMessage,
} from "@/lib/validation/groups";

export type GroupResult = { ok: true; message?: string; id?: string } | { ok: false; error: string; field?: string };

const NO_RIGHTS: GroupResult = { ok: false, error: "Недостаточно прав" };
const FAILED: GroupResult = { ok: false, error: "Не удалось сохранить изменения" };

async function adminClient() {
  return (await currentUserIsAdmin()) ? createClient() : null;
}

function done(error: { code?: string; message: string } | null, where: string, message?: string): GroupResult {
  if (error) {
    console.error(`cohorts: ${where} failed:`, error.code, error.message);
    return error.code === "23505" ? { ok: false, error: "Группа с таким названием уже есть", field: "name" } : FAILED;
  }
  // No revalidatePath: the admin pages render per request, and each form refreshes or navigates.
  return { ok: true, message };
}

/** A schema's message where a person typed the value; anything else (ids) is not theirs to fix. */
function invalid(error: z.ZodError, fields: readonly string[]): GroupResult {
  const issue = error.issues.find((candidate) => fields.includes(String(candidate.path[0])));
  return issue ? { ok: false, error: issue.message, field: String(issue.path[0]) } : FAILED;
}

/** Creates a group (the form then opens it) or renames one. */
export async function saveGroup(input: unknown): Promise<GroupResult> {
  const supabase = await adminClient();
  if (!supabase) return NO_RIGHTS;
  const parsed = groupNameSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error, ["name"]);
  const { id, name } = parsed.data;
  if (id) return done((await supabase.from("groups").update({ name }).eq("id", id)).error, "rename");
  const { data, error } = await supabase.from("groups").insert({ name }).select("id").single();
  if (error) return done(error, "create");
  return { ok: true, message: "Группа создана", id: data.id };
}

export async function deleteGroup(groupId: unknown): Promise<GroupResult> {
  const supabase = await adminClient();
  if (!supabase) return NO_RIGHTS;
  const parsed = memberSchema.shape.groupId.safeParse(groupId);
  if (!parsed.success) return FAILED;
  return done((await supabase.from("groups").delete().eq("id", parsed.data)).error, "delete", "Группа удалена");
}

/** Adds students by e-mail, all or none: unknown addresses come back and nothing is added. */
export async function addMembers(input: unknown): Promise<GroupResult> {
  const supabase = await adminClient();
  if (!supabase) return NO_RIGHTS;
  const parsed = memberEmailsSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error, ["emails"]);
  const { data, error } = await supabase.rpc("add_group_members", { _group_id: parsed.data.groupId, _emails: parsed.data.emails });
  if (error) return done(error, "add members");
  const answer = data as { added: number; unknown: string[] };
  if (answer.unknown.length) {
    return { ok: false, error: unknownEmailsMessage(answer.unknown), field: "emails" };
  }
  return done(null, "add members", answer.added ? `Добавлено в группу: ${answer.added}` : "Все уже в группе");
}

export async function removeMember(input: unknown): Promise<GroupResult> {
  const supabase = await adminClient();
  if (!supabase) return NO_RIGHTS;
  const parsed = memberSchema.safeParse(input);
  if (!parsed.success) return FAILED;
  const { groupId, userId } = parsed.data;
  return done((await supabase.from("group_members").delete().eq("group_id", groupId).eq("user_id", userId)).error, "remove member");
}

export async function saveGrant(input: unknown): Promise<GroupResult> {
  const supabase = await adminClient();
  if (!supabase) return NO_RIGHTS;
  const parsed = grantSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error, ["unlock_at", "expires_at"]);
  const { groupId, kind, itemId, ...values } = parsed.data;
  return done((await upsertGrants(supabase, groupId, kind, [itemId], values)).error, "grant");
}

/** Removes a group's grant for one item, so the item falls back to the defaults for the group. */
export async function dropGrant(input: unknown): Promise<GroupResult> {
  const supabase = await adminClient();
  if (!supabase) return NO_RIGHTS;
  const parsed = grantRefSchema.safeParse(input);
  if (!parsed.success) return FAILED;
  const { groupId, kind, itemId } = parsed.data;
  const { table, column } = GROUP_GRANT_TABLES[kind];
  return done((await supabase.from(table).delete().match({ group_id: groupId, [column]: itemId })).error, "drop grant");
}

/** «Открыть всё» / «Закрыть всё» for a whole list, in one request. */
export async function setGroupGrants(input: unknown): Promise<GroupResult> {
  const supabase = await adminClient();
  if (!supabase) return NO_RIGHTS;
  const parsed = bulkGrantSchema.safeParse(input);
  if (!parsed.success) return FAILED;
  const { groupId, kind, itemIds, is_unlocked } = parsed.data;
  return done((await upsertGrants(supabase, groupId, kind, [...new Set(itemIds)], { is_unlocked })).error, "bulk grant");
}
