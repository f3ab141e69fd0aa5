import { fileNameProblem, MATERIAL_MAX_BYTES } from "@/lib/domain/materials";
import { z } from "./zod";

/** A lesson's materials in the studio: what the browser sends before and after an upload, and the edits. */

const fileName = z.string().superRefine((name, context) => {
  const problem = fileNameProblem(name);
  if (problem) context.addIssue({ code: "custom", message: problem });
});

export const prepareUploadSchema = z.object({
  lessonId: z.uuid(),
  fileName,
  /** The browser's count, checked before anything is sent; Storage's bucket limit is the one that holds. */
  size: z.number().int().min(1, "Файл пустой").max(MATERIAL_MAX_BYTES, "Файл больше 50 МБ — такой не прикрепить"),
  purpose: z.enum(["material", "image"]),
});
export type PrepareUploadInput = z.infer<typeof prepareUploadSchema>;

export const finishUploadSchema = z.object({
  lessonId: z.uuid(),
  path: z.string().max(200),
  fileName,
});
export type FinishUploadInput = z.infer<typeof finishUploadSchema>;

export const renameMaterialSchema = z.object({ id: z.uuid(), fileName });

export const reorderMaterialsSchema = z.object({
  lessonId: z.uuid(),
  ids: z.array(z.uuid()).min(1).max(200),
});

export const materialIdSchema = z.object({ id: z.uuid() });
