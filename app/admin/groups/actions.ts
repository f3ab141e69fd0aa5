"use server";

import { defineAction, ok } from "@/lib/actions";
import * as groups from "@/lib/mutations/groups";
import { bulkGrantSchema, grantRefSchema, grantSchema, groupNameSchema, memberEmailsSchema, memberSchema, undoBulkGrantSchema } from "@/lib/validation/groups";
import { curatorEmailSchema, curatorSchema } from "@/lib/validation/reviews";
import { membersAddedMessage } from "@/lib/domain/access-source";

/** The cohorts' actions: groups, members by e-mail, curators, dated grants. */

// No revalidatePath: the admin pages render per request, and each form refreshes or navigates.

/** Creates a group (the form then opens it) or renames one. */
export const saveGroup = defineAction({ role: "admin", schema: groupNameSchema }, async ({ data, supabase }) => {
  if (!data.id) return ok({ id: await groups.createGroup(supabase, data.name) }, "Группа создана");
  await groups.renameGroup(supabase, data.id, data.name);
  return ok({ id: data.id });
});

export const deleteGroup = defineAction({ role: "admin", schema: memberSchema.shape.groupId }, async ({ data: groupId, supabase }) => {
  await groups.deleteGroup(supabase, groupId);
  return ok(undefined, "Группа удалена");
});

/** Adds students by e-mail, all or none: unknown addresses come back and nothing is added. */
export const addMembers = defineAction({ role: "admin", schema: memberEmailsSchema }, async ({ data, supabase }) => {
  const added = await groups.addMembers(supabase, data.groupId, data.emails);
  return ok(undefined, membersAddedMessage(added));
});

export const removeMember = defineAction({ role: "admin", schema: memberSchema }, async ({ data, supabase }) => {
  await groups.removeMember(supabase, data.groupId, data.userId);
  return ok();
});

export const saveGrant = defineAction({ role: "admin", schema: grantSchema }, async ({ data: { groupId, kind, itemId, ...values }, supabase }) => {
  await groups.saveGrants(supabase, groupId, kind, [itemId], values);
  return ok();
});

/** Removes a group's grant for one item, so the item falls back to the defaults for the group. */
export const dropGrant = defineAction({ role: "admin", schema: grantRefSchema }, async ({ data, supabase }) => {
  await groups.dropGrant(supabase, data.groupId, data.kind, data.itemId);
  return ok();
});

/** «Открыть всё» / «Закрыть всё» for a whole list, in one request. */
export const setGroupGrants = defineAction({ role: "admin", schema: bulkGrantSchema }, async ({ data, supabase }) => {
  await groups.saveGrants(supabase, data.groupId, data.kind, data.itemIds, { is_unlocked: data.is_unlocked });
  return ok();
});

/** «Отменить» after «Открыть всё» / «Закрыть всё»: the list as it was before, in one request. */
export const undoGroupGrants = defineAction({ role: "admin", schema: undoBulkGrantSchema }, async ({ data, supabase }) => {
  await Promise.all([
    groups.dropGrants(supabase, data.groupId, data.kind, data.drop),
    data.unlocked.length ? groups.saveGrants(supabase, data.groupId, data.kind, data.unlocked, { is_unlocked: true }) : null,
    data.locked.length ? groups.saveGrants(supabase, data.groupId, data.kind, data.locked, { is_unlocked: false }) : null,
  ]);
  return ok();
});

/** Makes someone who holds the curator role a curator of the group: they review its students' work. */
export const addCurator = defineAction({ role: "admin", schema: curatorEmailSchema }, async ({ data, supabase }) => {
  const added = await groups.addCurator(supabase, data.groupId, data.email);
  return ok(undefined, added ? "Куратор добавлен" : "Уже куратор этой группы");
});

export const removeCurator = defineAction({ role: "admin", schema: curatorSchema }, async ({ data, supabase }) => {
  await groups.removeCurator(supabase, data.groupId, data.userId);
  return ok(undefined, "Куратор убран из группы");
});
