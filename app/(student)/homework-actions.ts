"use server";

import { defineAction, fail, ok } from "@/lib/actions";
import * as homework from "@/lib/mutations/homework";
import { viewerOf } from "@/lib/preview";
import { createServiceClient } from "@/lib/supabase/server";
import { checkHomeworkUploadSchema, prepareHomeworkUploadSchema, submitHomeworkSchema } from "@/lib/validation/submissions";

/** A student's homework: a file's upload (signed, then checked) and the attempt handed in. Writes in lib/mutations/homework.ts. */

// An admin's preview acts as the admin, not as the student it shows: nothing is handed in from it.
const PREVIEW_NO_SUBMIT = "Это просмотр глазами студента: работу отправляет сам студент";

/** An upload URL for one file of the work, in the student's own folder; Storage's policies check the assignment takes files. */
export const prepareHomeworkUpload = defineAction(
  { role: "student", schema: prepareHomeworkUploadSchema, failure: "Не удалось начать загрузку" },
  async ({ data, user, supabase }) => {
    if ((await viewerOf(user)).preview) return fail(PREVIEW_NO_SUBMIT);
    return ok(await homework.prepareUpload(supabase, user.id, data));
  },
);

/**
 * Checks what arrived by its first bytes as soon as it is attached; a mismatch is removed. The
 * service role only records a file that passed (submit_homework takes no other); everything else
 * runs as the student.
 */
export const checkHomeworkUpload = defineAction(
  { role: "student", schema: checkHomeworkUploadSchema, failure: "Не удалось проверить файл" },
  async ({ data, user, supabase }) => {
    if ((await viewerOf(user)).preview) return fail(PREVIEW_NO_SUBMIT);
    return ok(await homework.checkUpload(supabase, createServiceClient(), user.id, data));
  },
);

/** «Отправить на проверку»: a new attempt with the answer, links and files. */
export const submitHomework = defineAction(
  { role: "student", schema: submitHomeworkSchema, failure: "Не удалось отправить работу" },
  async ({ data, user, supabase }) => {
    if ((await viewerOf(user)).preview) return fail(PREVIEW_NO_SUBMIT);
    return ok(await homework.submit(supabase, createServiceClient(), user.id, data), "Работа отправлена");
  },
);
