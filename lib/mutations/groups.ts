import type { SupabaseClient } from "@supabase/supabase-js";
import { Refusal } from "@/lib/actions/errors";
import type { Database } from "@/lib/database.types";
import type { AccessKind } from "@/lib/domain/access";
import { unknownEmailsMessage } from "@/lib/validation/groups";
import { changed, written } from "./rows";

/** The cohorts' writes: groups, their members and their grants. */

type Client = SupabaseClient<Database>;

/** Where each kind of group grant lives: shared by the cohort admin's actions and the tests. */
export const GROUP_GRANT_TABLES = {
  module: { table: "group_module_access", column: "module_id" },
  tool: { table: "group_tool_access", column: "tool_id" },
  lesson: { table: "group_lesson_access", column: "lesson_id" },
} as const satisfies Record<AccessKind, { table: keyof Database["public"]["Tables"]; column: string }>;

const GROUP_NOT_FOUND = "Группа не найдена";

export interface GrantValues {
  is_unlocked: boolean;
  is_visible?: boolean;
  unlock_at?: string | null;
  expires_at?: string | null;
}

/** Upserts a group's grants on the group + item key; one branch per table keeps rows typed. */
export function upsertGrants(client: Client, groupId: string, kind: AccessKind, itemIds: string[], values: GrantValues) {
  const onConflict = `group_id,${GROUP_GRANT_TABLES[kind].column}`;
  switch (kind) {
    case "module":
      return client.from("group_module_access").upsert(itemIds.map((module_id) => ({ group_id: groupId, module_id, ...values })), { onConflict });
    case "tool":
      return client.from("group_tool_access").upsert(itemIds.map((tool_id) => ({ group_id: groupId, tool_id, ...values })), { onConflict });
    case "lesson":
      return client.from("group_lesson_access").upsert(itemIds.map((lesson_id) => ({ group_id: groupId, lesson_id, ...values })), { onConflict });
  }
}

/** Creates a group; answers its id. */
export async function createGroup(client: Client, name: string): Promise<string> {
  const group = await written<{ id: string }>(client.from("groups").insert({ name }).select("id").single());
  return group!.id;
}

export async function renameGroup(client: Client, id: string, name: string) {
  await changed(client.from("groups").update({ name }).eq("id", id).select("id"), GROUP_NOT_FOUND);
}

export async function deleteGroup(client: Client, id: string) {
  await changed(client.from("groups").delete().eq("id", id).select("id"), GROUP_NOT_FOUND);
}

/** Adds students by e-mail, all or none: unknown addresses are refused and nobody is added. Answers how many joined. */
export async function addMembers(client: Client, groupId: string, emails: string[]): Promise<number> {
  const group = await written(client.from("groups").select("id").eq("id", groupId).maybeSingle());
  if (!group) throw new Refusal(GROUP_NOT_FOUND);
  const answer = (await written(client.rpc("add_group_members", { _group_id: groupId, _emails: emails }))) as { added: number; unknown: string[] };
  if (answer.unknown.length) throw new Refusal(unknownEmailsMessage(answer.unknown), { emails: unknownEmailsMessage(answer.unknown) });
  return answer.added;
}

/** Removes the membership an admin added; what an order or a promo code gave stays (it ends with them). */
export async function removeMember(client: Client, groupId: string, userId: string) {
  const removed = await written(client.from("group_members").delete().eq("group_id", groupId).eq("user_id", userId).eq("source", "manual").select("id"));
  if (removed?.length) return;
  const { count } = await client.from("group_members").select("id", { count: "exact", head: true }).eq("group_id", groupId).eq("user_id", userId);
  throw new Refusal(count ? "Этого студента в группу привёл заказ или промокод: участие заканчивается с возвратом заказа или отменой промокода" : "Студент не найден в группе");
}

export async function saveGrants(client: Client, groupId: string, kind: AccessKind, itemIds: string[], values: GrantValues) {
  await written(upsertGrants(client, groupId, kind, [...new Set(itemIds)], values));
}

/** Removes a group's grants for some items (an undone «Открыть всё» that created them). */
export async function dropGrants(client: Client, groupId: string, kind: AccessKind, itemIds: string[]) {
  if (itemIds.length === 0) return;
  const { table, column } = GROUP_GRANT_TABLES[kind];
  await written(client.from(table).delete().eq("group_id", groupId).in(column, itemIds));
}

/** Removes a group's grant for one item, so the item falls back to the defaults for the group. */
export async function dropGrant(client: Client, groupId: string, kind: AccessKind, itemId: string) {
  const { table, column } = GROUP_GRANT_TABLES[kind];
  await changed(
    client.from(table).delete().match({ group_id: groupId, [column]: itemId }).select("group_id"),
    "Настройка группы не найдена — возможно, её уже сняли",
  );
}

/**
 * Makes a person a curator of the group, by the e-mail they signed up with; someone who is neither
 * a curator nor an admin gets the curator role too. Answers whether they were added now (false:
 * already a curator of the group).
 */
export async function addCurator(client: Client, groupId: string, email: string): Promise<boolean> {
  // The staff are few: their roles come in the same wave as the person, before their id is known.
  const [group, person, curators, staff] = await Promise.all([
    written<{ id: string }>(client.from("groups").select("id").eq("id", groupId).maybeSingle()),
    written<{ id: string }>(client.from("profiles").select("id").eq("email", email).maybeSingle()),
    written<{ user_id: string }[]>(client.from("group_curators").select("user_id").eq("group_id", groupId)),
    written<{ user_id: string }[]>(client.from("user_roles").select("user_id").in("role", ["curator", "admin"])),
  ]);
  if (!group) throw new Refusal(GROUP_NOT_FOUND);
  if (!person) throw new Refusal("Пользователь с таким адресом не найден: сначала он должен зарегистрироваться", { email: "Пользователь с таким адресом не найден" });
  if (curators?.some((curator) => curator.user_id === person.id)) return false;
  // Anyone else becomes a curator: the role takes effect with their next sign-in or token refresh.
  if (!staff?.some((role) => role.user_id === person.id)) await written(client.from("user_roles").insert({ user_id: person.id, role: "curator" }));
  await written(client.from("group_curators").insert({ group_id: groupId, user_id: person.id }));
  return true;
}

export async function removeCurator(client: Client, groupId: string, userId: string) {
  await changed(client.from("group_curators").delete().eq("group_id", groupId).eq("user_id", userId).select("user_id"), "Куратор не найден в группе");
}
