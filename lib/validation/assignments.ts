import { z } from "./zod";

/** A lesson's assignment in the studio: the form's fields, and what its actions take. */

/** As assignments_instructions_length in the database. */
export const ASSIGNMENT_INSTRUCTIONS_MAX = 20_000;
export const NOTHING_ACCEPTED = "Выберите, что принимает задание: текст, ссылки или файлы";

export const assignmentSchema = z
  .object({
    lesson_id: z.uuid(),
    // Markdown, kept as typed (indentation is meaningful); may be empty when the lesson's text sets the task.
    instructions_md: z.string().max(ASSIGNMENT_INSTRUCTIONS_MAX, "Задание — не длиннее 20 000 символов"),
    accepts_text: z.boolean(),
    accepts_links: z.boolean(),
    accepts_files: z.boolean(),
    is_stop_lesson: z.boolean(),
  })
  // On the first box, so the form shows it under the group of three.
  .refine((task) => task.accepts_text || task.accepts_links || task.accepts_files, { message: NOTHING_ACCEPTED, path: ["accepts_text"] });

export type AssignmentInput = z.infer<typeof assignmentSchema>;
export type AssignmentForm = z.input<typeof assignmentSchema>;

export const assignmentIdSchema = z.object({ id: z.uuid() });
