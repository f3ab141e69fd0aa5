"use server";

import { defineAction, ok } from "@/lib/actions";
import { renderLessonMarkdown } from "@/lib/domain/markdown";
import * as content from "@/lib/mutations/content";
import {
  blockSchema,
  contentRefSchema,
  courseModuleSchema,
  lessonBodyPreviewSchema,
  lessonSchema,
  reorderSchema,
  toolSchema,
} from "@/lib/validation/content";

/** The course studio's actions: each answers the saved item's id. */

export const saveCourseModule = defineAction({ role: "admin", schema: courseModuleSchema }, async ({ data, supabase }) =>
  ok({ id: await content.saveCourseModule(supabase, data) }),
);

export const saveTool = defineAction({ role: "admin", schema: toolSchema }, async ({ data, supabase }) =>
  ok({ id: await content.saveTool(supabase, data) }),
);

export const saveBlock = defineAction({ role: "admin", schema: blockSchema }, async ({ data, supabase }) =>
  ok({ id: await content.saveBlock(supabase, data) }),
);

export const saveLesson = defineAction({ role: "admin", schema: lessonSchema }, async ({ data, supabase }) =>
  ok({ id: await content.saveLesson(supabase, data) }),
);

export const deleteContent = defineAction({ role: "admin", schema: contentRefSchema }, async ({ data, supabase }) =>
  ok({ id: await content.deleteContent(supabase, data.kind, data.id) }),
);

/** A list's whole order, in one transaction. */
export const reorderContent = defineAction({ role: "admin", schema: reorderSchema, failure: "Не удалось изменить порядок" }, async ({ data, supabase }) => {
  await content.reorderContent(supabase, data.kind, data.ids);
  return ok();
});

/** What a delete would take with it, for the confirmation dialog. */
export const getDeletionImpact = defineAction(
  { role: "admin", schema: contentRefSchema, write: false, failure: "Не удалось посчитать, что удалится вместе с ним" },
  async ({ data, supabase }) => ok(await content.deletionImpact(supabase, data.kind, data.id)),
);

/** A lesson body as the student will see it: rendered here, so the form's script carries no Markdown parser. */
export const previewLessonBody = defineAction(
  { role: "admin", schema: lessonBodyPreviewSchema, write: false, failure: "Не удалось показать предпросмотр" },
  async ({ data }) => ok({ html: renderLessonMarkdown(data.body_md) }),
);
