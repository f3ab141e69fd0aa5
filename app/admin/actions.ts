"use server";

import { defineAction, ok } from "@/lib/actions";
import { ACCESS_KINDS } from "@/lib/domain/access";
import * as access from "@/lib/mutations/access";
import { openPreview } from "@/lib/preview";
import { setAccessSchema, setAllAccessSchema } from "@/lib/validation/access";
import { z } from "@/lib/validation/zod";

/** The admin panel's actions: a student's access to items, and «Смотреть как студент». */

const ACCESS_FAILED = "Не удалось изменить доступ";

export const setAccess = defineAction({ role: "admin", schema: setAccessSchema, failure: ACCESS_FAILED }, async ({ data, supabase }) => {
  await access.setAccessFlag(supabase, data.kind, data.studentId, [data.itemId], { ...data.shown, [data.field]: data.value });
  return ok();
});

/** «Открыть всё» / «Закрыть всё» for one student's list, in one request. */
export const setAllAccess = defineAction({ role: "admin", schema: setAllAccessSchema, failure: ACCESS_FAILED }, async ({ data, supabase }) => {
  await access.setAccessFlag(supabase, data.kind, data.studentId, data.itemIds, { [data.field]: data.value });
  return ok();
});

const dropAccessSchema = z.object({ kind: z.enum(ACCESS_KINDS), studentId: z.uuid(), itemId: z.uuid() });

/** Drops a student's own record for an item, so their groups (or the defaults) decide again. */
export const dropAccess = defineAction({ role: "admin", schema: dropAccessSchema, failure: ACCESS_FAILED }, async ({ data, supabase }) => {
  await access.dropAccess(supabase, data.kind, data.studentId, data.itemId);
  return ok();
});

/** «Смотреть как студент»: the student pages with this student's access, until the banner's exit (the button then opens them). */
export const startPreview = defineAction(
  { role: "admin", schema: z.uuid(), failure: "Не удалось открыть просмотр глазами студента, попробуйте ещё раз" },
  async ({ data: studentId, supabase }) => {
    await openPreview(supabase, studentId);
    return ok();
  },
);
