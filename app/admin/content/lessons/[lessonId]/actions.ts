"use server";

import { defineAction, ok } from "@/lib/actions";
import {
  addLessonImage,
  addMaterial,
  deleteMaterial,
  prepareUpload,
  renameMaterial,
  reorderMaterials,
} from "@/lib/mutations/materials";
import {
  finishUploadSchema,
  materialIdSchema,
  prepareUploadSchema,
  renameMaterialSchema,
  reorderMaterialsSchema,
} from "@/lib/validation/materials";

/** A lesson's materials and the pictures of its text: uploads go to Storage, rows through lib/mutations/materials. */

export const prepareMaterialUpload = defineAction({ role: "admin", schema: prepareUploadSchema }, async ({ data, supabase }) =>
  ok(await prepareUpload(supabase, data)),
);

export const attachMaterial = defineAction({ role: "admin", schema: finishUploadSchema }, async ({ data, supabase }) =>
  ok(await addMaterial(supabase, data), "Материал добавлен"),
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
