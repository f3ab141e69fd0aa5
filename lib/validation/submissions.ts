import { fileNameProblem, materialTypeOf } from "@/lib/domain/materials";
import {
  HOMEWORK_ANSWER_MAX,
  HOMEWORK_FILES_MAX,
  HOMEWORK_LINK_MAX,
  HOMEWORK_LINKS_MAX,
  HOMEWORK_MAX_BYTES,
} from "@/lib/domain/submissions";
import { z } from "./zod";

/** A student's homework: the form on the lesson page, and what the browser sends around an upload and to hand in. */

export const EMPTY_ANSWER = "Добавьте ответ: текст, ссылку или файл";
export const WRONG_FILE_TYPE = "Такой файл не прикрепить: подойдут документы, таблицы, презентации, архивы, текстовые файлы и картинки";
const FILE_TOO_BIG = "Файл больше 20 МБ — такой не прикрепить";

const answer = z.string().max(HOMEWORK_ANSWER_MAX, "Ответ — не длиннее 50 000 символов");

// The same rule as submit_homework's, so the form says it before the database does.
const LINK_PATTERN = /^https?:\/\/\S+$/;
export const NOT_A_LINK = "Ссылка должна быть полным адресом страницы — скопируйте его из адресной строки браузера";
const linkText = z.string().trim().max(HOMEWORK_LINK_MAX, "Ссылка — не длиннее 2000 символов");
const link = linkText.regex(LINK_PATTERN, NOT_A_LINK);

const fileName = z.string().superRefine((name, context) => {
  const problem = fileNameProblem(name);
  if (problem) context.addIssue({ code: "custom", message: problem });
  else if (!materialTypeOf(name)) context.addIssue({ code: "custom", message: WRONG_FILE_TYPE });
});

/** The form's fields as typed: an empty link field is left out, not refused. */
export const homeworkFormSchema = z.object({
  answer,
  links: z
    .array(z.object({ url: linkText.refine((url) => url === "" || LINK_PATTERN.test(url), NOT_A_LINK) }))
    .max(HOMEWORK_LINKS_MAX, "Не больше 10 ссылок в одной работе"),
});
export type HomeworkFormValues = z.input<typeof homeworkFormSchema>;

export const submitHomeworkSchema = z
  .object({
    assignmentId: z.uuid(),
    answer,
    links: z.array(link).max(HOMEWORK_LINKS_MAX, "Не больше 10 ссылок в одной работе"),
    /** Uploaded beforehand through `prepareHomeworkUpload`. */
    files: z.array(z.object({ path: z.string().max(200), fileName })).max(HOMEWORK_FILES_MAX, "Не больше 10 файлов в одной работе"),
  })
  .refine((work) => work.answer.trim() || work.links.length || work.files.length, EMPTY_ANSWER)
  .refine((work) => new Set(work.files.map((file) => file.path)).size === work.files.length, "Этот файл уже прикреплён");
export type SubmitHomeworkInput = z.infer<typeof submitHomeworkSchema>;

export const prepareHomeworkUploadSchema = z.object({
  assignmentId: z.uuid(),
  fileName,
  /** The browser's count, checked before anything is sent; the bucket's limit is the one that holds. */
  size: z.number().int().min(1, "Файл пустой").max(HOMEWORK_MAX_BYTES, FILE_TOO_BIG),
});
export type PrepareHomeworkUploadInput = z.infer<typeof prepareHomeworkUploadSchema>;

export const checkHomeworkUploadSchema = z.object({ assignmentId: z.uuid(), path: z.string().max(200), fileName });
export type CheckHomeworkUploadInput = z.infer<typeof checkHomeworkUploadSchema>;
