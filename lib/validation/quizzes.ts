import { answersFromFields, questionKey } from "@/lib/domain/quizzes";
import { z } from "./zod";

/** Quizzes (issue 46): a student's answers, and the studio's quiz and question forms; shared by the forms and their actions. */

/** As quiz_questions_prompt_length and quiz_questions_explanation_length in the database. */
export const QUIZ_TEXT_MAX = 5000;

const wholeNumber = (label: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,3}$/, { message: `${label} — целое число от ${min} до ${max}` })
    .transform(Number)
    .refine((value) => value >= min && value <= max, { message: `${label} — целое число от ${min} до ${max}` });

/** A checkbox of a plain form: present («on») when ticked. */
const ticked = z
  .string()
  .optional()
  .transform((value) => value !== undefined);

const QUIZ_FORM_FIELDS_MAX = 2 + 100 * 20;

/** The lesson page's quiz form: its fields name the questions (lib/domain/quizzes); `back` is the lesson's address. */
export const quizAnswersSchema = z
  .object({ quiz_id: z.uuid({ message: "Тест не найден" }), back: z.string().max(500) })
  .catchall(z.string().max(1000, { message: "Ответ — не длиннее 1000 символов" }))
  // A question's choices are one field each: 100 questions of 20 options, and the two fields above.
  .refine((fields) => Object.keys(fields).length <= QUIZ_FORM_FIELDS_MAX, { message: "В форме слишком много ответов" })
  .transform(({ quiz_id, back, ...fields }) => ({ quizId: quiz_id, back, answers: answersFromFields(fields) }));

/** «Настройки теста» in the studio. */
export const quizSettingsSchema = z.object({
  lesson_id: z.uuid({ message: "Урок не найден" }),
  passing_percent: wholeNumber("Проходной балл", 1, 100),
  max_attempts: z.union([z.literal("").transform(() => null), wholeNumber("Число попыток", 1, 100)]),
  is_stop_lesson: ticked,
  shuffle: ticked,
});
export type QuizSettingsInput = z.output<typeof quizSettingsSchema>;

/** One question in the studio: its kind's fields become its options and key (questionKey). */
export const quizQuestionSchema = z
  .object({
    lesson_id: z.uuid({ message: "Урок не найден" }),
    quiz_id: z.uuid({ message: "Тест не найден" }),
    id: z.union([z.literal(""), z.uuid({ message: "Вопрос не найден" })]).default(""),
    kind: z.enum(["single", "multiple", "text", "number"], { message: "Выберите вид вопроса" }),
    prompt_md: z.string().trim().min(1, { message: "Напишите вопрос" }).max(QUIZ_TEXT_MAX, { message: "Вопрос — не длиннее 5000 символов" }),
    choices: z.string().max(25_000).default(""),
    accepted: z.string().max(12_000).default(""),
    value: z.string().max(40).default(""),
    tolerance: z.string().max(40).default(""),
    points: wholeNumber("Баллы", 1, 100),
    explanation_md: z.string().trim().max(QUIZ_TEXT_MAX, { message: "Пояснение — не длиннее 5000 символов" }).default(""),
  })
  .transform((input, context) => {
    const parsed = questionKey(input);
    if ("error" in parsed) {
      context.addIssue({ code: "custom", path: [parsed.field], message: parsed.error });
      return z.NEVER;
    }
    return {
      lessonId: input.lesson_id,
      id: input.id || null,
      row: {
        quiz_id: input.quiz_id,
        kind: input.kind,
        prompt_md: input.prompt_md,
        points: input.points,
        explanation_md: input.explanation_md,
        ...parsed.key,
      },
    };
  });
export type QuizQuestionInput = z.output<typeof quizQuestionSchema>;

/** A question's «Выше», «Ниже» and «Удалить» (bound to the button's form). */
export const quizQuestionMoveSchema = z.object({ id: z.uuid(), lessonId: z.uuid(), direction: z.enum(["up", "down", "delete"]) });

/** «Опубликовать тест», «Снять с публикации» and «Удалить тест» (bound to the button's form). */
export const quizStateSchema = z.object({ lessonId: z.uuid(), state: z.enum(["published", "draft", "deleted"]) });
