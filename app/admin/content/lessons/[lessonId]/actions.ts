"use server";

import { defineAction, ok } from "@/lib/actions";
import * as assignments from "@/lib/mutations/assignments";
import {
  addLessonImage,
  addMaterial,
  deleteMaterial,
  prepareUpload,
  renameMaterial,
  reorderMaterials,
} from "@/lib/mutations/materials";
import { createServiceClient } from "@/lib/supabase/server";
import { assignmentIdSchema, assignmentSchema } from "@/lib/validation/assignments";
import {
  finishUploadSchema,
  materialIdSchema,
  prepareUploadSchema,
  renameMaterialSchema,
  reorderMaterialsSchema,
} from "@/lib/validation/materials";

/** A lesson's materials and the pictures of its text (uploads go to Storage, rows through lib/mutations/materials), and its assignment. */

export const prepareMaterialUpload = defineAction({ role: "admin", schema: prepareUploadSchema }, async ({ data, supabase }) =>
  ok(await prepareUpload(supabase, data)),
);

// The service role lists the checked file: the database takes a material row from no admin token
// (issue 41), and defineAction has checked the admin role before this runs.
export const attachMaterial = defineAction({ role: "admin", schema: finishUploadSchema }, async ({ data, supabase }) =>
  ok(await addMaterial(supabase, createServiceClient(), data), "Материал добавлен"),
);

export const attachLessonImage = defineAction({ role: "admin", schema: finishUploadSchema }, async ({ data, supabase }) =>
  ok(await addLessonImage(supabase, data)),
);

export const renameLessonMaterial = defineAction({ role: "admin", schema: renameMaterialSchema }, async ({ data, supabase }) =>
  ok(await renameMaterial(supabase, data.id, data.fileName), "Переименовано"),
);

export const reorderLessonMaterials = defineAction({ role: "admin", schema: reorderMaterialsSchema }, async ({ data, supabase }) => {
  await reorderMaterials(supabase, data.lessonId, data.ids);
  return ok();
});

export const deleteLessonMaterial = defineAction({ role: "admin", schema: materialIdSchema }, async ({ data, supabase }) => {
  await deleteMaterial(supabase, data.id);
  return ok(undefined, "Материал удалён");
});

/** The lesson's assignment: created or updated in place (one per lesson). */
export const saveAssignment = defineAction({ role: "admin", schema: assignmentSchema }, async ({ data, supabase }) =>
  ok({ id: await assignments.saveAssignment(supabase, data) }),
);

/** How many works students handed in, for the confirmation before the assignment goes. */
export const countAssignmentSubmissions = defineAction(
  { role: "admin", schema: assignmentIdSchema, write: false, failure: "Не удалось посчитать работы студентов" },
  async ({ data, supabase }) => ok({ count: await assignments.submissionCount(supabase, data.id) }),
);

export const deleteAssignment = defineAction({ role: "admin", schema: assignmentIdSchema }, async ({ data, supabase }) => {
  await assignments.deleteAssignment(supabase, data.id);
  return ok(undefined, "Задание удалено");
});
