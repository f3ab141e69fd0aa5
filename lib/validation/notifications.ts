import { z } from "./zod";

/** A notification's id (a bigint identity, well inside JavaScript's safe integers). */
export const notificationIdSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** «Отметить все прочитанными»: everything that came up to the moment the page was drawn. */
export const markAllReadSchema = z.object({ before: z.iso.datetime({ offset: true }) });
