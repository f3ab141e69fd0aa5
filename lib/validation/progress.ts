import { z } from "./zod";

/**
 * «Отметить пройденным» and its undo as the form posts them: the lesson, and the mark it should carry
 * as the text the form's hidden field holds ("true" or "false").
 */
export const lessonCompletionSchema = z.object({
  lessonId: z.uuid(),
  completed: z.enum(["true", "false"]).transform((mark) => mark === "true"),
});
