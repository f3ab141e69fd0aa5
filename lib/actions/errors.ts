/**
 * The action layer's words: its own refusals, and every database or PostgREST error in Russian,
 * in one table. The raw error goes to the server log only.
 */

export const MESSAGES = {
  signIn: "Войдите, чтобы продолжить",
  noRights: "Недостаточно прав",
  sessionEnded: "Сессия завершена. Войдите снова",
  unavailable: "Сервер временно недоступен. Попробуйте ещё раз",
  malformed: "Некорректные данные запроса",
  invalid: "Проверьте введённые данные",
  failed: "Не удалось сохранить изменения",
  lastAdmin: "Вы единственный администратор школы. Сначала назначьте другого администратора: без него школой некому будет управлять",
} as const;

/** A refusal in words a person reads, thrown below a handler (a write that found nothing, a check). */
export class Refusal extends Error {
  constructor(
    message: string,
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
    this.name = "Refusal";
  }
}

/** A Postgres or PostgREST error as supabase-js returns it. */
export interface DatabaseFailure {
  code?: string;
  message: string;
  details?: string | null;
  hint?: string | null;
}

/** A database refusal thrown by the writes layer (lib/mutations), for the action layer to put in Russian. */
export class DatabaseError extends Error {
  constructor(readonly failure: DatabaseFailure) {
    super(`${failure.code ?? "no code"}: ${failure.message}`);
    this.name = "DatabaseError";
  }
}

interface Described {
  error: string;
  field?: string;
}

const NOT_FOUND = "Не найдено — возможно, запись уже удалили. Обновите страницу";
const PARENT_GONE = "Раздел, к которому относится элемент, удалён — обновите страницу";
const STUDENT_GONE = "Студент не найден";
const GROUP_GONE = "Группа не найдена";
const DATES = { error: "Доступ должен закрываться позже, чем открывается", field: "expires_at" };

/** Errors a constraint names: what is not unique, what no longer exists, which rule a value broke. */
const BY_CONSTRAINT: Record<string, Described> = {
  tech_tools_name_key: { error: "Инструмент с таким названием уже есть", field: "name" },
  groups_name_key: { error: "Группа с таким названием уже есть", field: "name" },
  groups_name_check: { error: "Название группы — от 1 до 100 символов", field: "name" },
  tool_access_user_id_fkey: { error: STUDENT_GONE },
  module_access_user_id_fkey: { error: STUDENT_GONE },
  lesson_access_user_id_fkey: { error: STUDENT_GONE },
  group_members_user_id_fkey: { error: STUDENT_GONE },
  tool_access_tool_id_fkey: { error: "Инструмент не найден" },
  group_tool_access_tool_id_fkey: { error: "Инструмент не найден" },
  module_access_module_id_fkey: { error: "Модуль не найден" },
  group_module_access_module_id_fkey: { error: "Модуль не найден" },
  lesson_access_lesson_id_fkey: { error: "Урок не найден" },
  group_lesson_access_lesson_id_fkey: { error: "Урок не найден" },
  lesson_progress_lesson_id_fkey: { error: "Урок не найден" },
  group_members_group_id_fkey: { error: GROUP_GONE },
  group_tool_access_group_id_fkey: { error: GROUP_GONE },
  group_module_access_group_id_fkey: { error: GROUP_GONE },
  group_lesson_access_group_id_fkey: { error: GROUP_GONE },
  offers_group_id_fkey: { error: "Эту группу продаёт предложение: сначала удалите его или выберите ему другую группу" },
  orders_offer_id_fkey: { error: "У предложения есть заказы: снимите его с продажи вместо удаления" },
  promo_codes_code_key: { error: "Такой промокод уже есть", field: "code" },
  offers_slug_key: { error: "Такой адрес уже занят другим предложением", field: "slug" },
  offers_slug_form: { error: "Адрес — латинские строчные буквы, цифры и дефисы между ними, не длиннее 80 символов", field: "slug" },
  offers_title_length: { error: "Название — от 1 до 200 символов", field: "title" },
  offers_price_range: { error: "Цена — от 0 до 1 000 000 ₽", field: "price" },
  offers_access_days_range: { error: "Дни доступа — целое число от 1 до 3650, или оставьте пустым", field: "access_days" },
  offers_description_length: { error: "Описание — не длиннее 20 000 символов", field: "description_md" },
  lessons_tool_id_fkey: { error: PARENT_GONE },
  lessons_course_module_id_fkey: { error: PARENT_GONE },
  lessons_module_id_fkey: { error: PARENT_GONE },
  lessons_block_of_own_tool: { error: PARENT_GONE },
  modules_tool_id_fkey: { error: PARENT_GONE },
  lessons_one_parent: { error: "Выберите, где будет урок", field: "parent" },
  lessons_block_needs_tool: { error: "Выберите, где будет урок", field: "parent" },
  lesson_attachments_file_name_clean: { error: "Имя файла не должно содержать слеши, управляющие и невидимые символы", field: "fileName" },
  lesson_attachments_lesson_id_fkey: { error: "Урок не найден" },
  assignments_accepts_something: { error: "Выберите, что принимает задание: текст, ссылки или файлы" },
  assignments_instructions_length: { error: "Задание — не длиннее 20 000 символов", field: "instructions_md" },
  assignments_lesson_id_fkey: { error: "Урок не найден" },
  quizzes_lesson_id_fkey: { error: "Урок не найден" },
  quiz_questions_quiz_id_fkey: { error: "Тест не найден — возможно, его уже удалили" },
  quiz_questions_key_fits_kind: { error: "Варианты и правильный ответ не подходят к виду вопроса" },
  submissions_answer_length: { error: "Ответ — не длиннее 50 000 символов", field: "answer_md" },
  submissions_links_count: { error: "Не больше 10 ссылок в одной работе", field: "links" },
  submission_files_file_name_clean: { error: "Имя файла не должно содержать слеши, управляющие и невидимые символы" },
  submission_comments_body_length: { error: "Комментарий — не длиннее 20 000 символов", field: "comment" },
  group_curators_user_id_fkey: { error: "Пользователь не найден" },
  group_curators_group_id_fkey: { error: "Группа не найдена" },
  tool_access_dates: DATES,
  module_access_dates: DATES,
  lesson_access_dates: DATES,
  group_tool_access_dates: DATES,
  group_module_access_dates: DATES,
  group_lesson_access_dates: DATES,
};

/** Errors a database function names in its hint (`raise … using hint = …`). */
const BY_HINT: Record<string, string> = {
  stale_list: "Список изменился — обновите страницу и попробуйте снова",
  homework_accepted: "Эта работа уже принята",
  homework_waiting: "Работа уже на проверке — дождитесь ответа куратора",
  homework_kind: "Это задание не принимает такой ответ",
  homework_empty: "Добавьте ответ: текст, ссылку или файл",
  homework_link: "Ссылка должна быть полным адресом страницы",
  homework_files: "Не больше 10 файлов в одной работе",
  homework_file_missing: "Файл не загрузился — прикрепите его ещё раз",
  homework_file_unchecked: "Файл не прошёл проверку — прикрепите его ещё раз",
  homework_reviewed: "Эту работу уже проверили",
  homework_claimed: "Эту работу уже проверяет другой куратор",
  homework_own: "Свою работу проверить нельзя — её проверит другой куратор или администратор",
  homework_comment: "Напишите комментарий: что доработать",
  quiz_attempts_spent: "Попытки закончились — этот тест больше нельзя пройти",
  quiz_empty: "В тесте пока нет вопросов",
  quiz_unanswered: "Ответьте хотя бы на один вопрос — пустая отправка не тратит попытку",
  quiz_not_a_number: "В ответе на вопрос с числом должно быть число, например 3,5 — попытка не потрачена",
  full_name_rule: "Имя может содержать только буквы, пробелы и дефисы",
  email_unproven: "Сначала подтвердите адрес e-mail по ссылке из письма школы",
  last_admin: MESSAGES.lastAdmin,
  material_file_unchecked: "Содержимое файла не соответствует его типу — файл не сохранён",
};

/** Errors by SQLSTATE (Postgres) or PGRST code (PostgREST). */
const BY_CODE: Record<string, string> = {
  "23505": "Такая запись уже есть",
  "23503": "Связанная запись не найдена — возможно, её удалили. Обновите страницу",
  "23502": "Не заполнено обязательное значение",
  "23514": "Значение не прошло проверку",
  "22P02": "Неверный формат данных",
  "22001": "Слишком длинное значение",
  "22003": "Число вне допустимого диапазона",
  "22007": "Неверная дата",
  "22008": "Неверная дата",
  "22023": "Неверное значение",
  "42501": MESSAGES.noRights,
  P0002: NOT_FOUND,
  PGRST116: NOT_FOUND,
  PGRST301: MESSAGES.sessionEnded,
  PGRST303: MESSAGES.sessionEnded,
  "57014": "Запрос выполнялся слишком долго. Попробуйте ещё раз",
  "40001": "Данные изменились одновременно с вашим запросом. Попробуйте ещё раз",
  "40P01": "Данные изменились одновременно с вашим запросом. Попробуйте ещё раз",
  PGRST000: MESSAGES.unavailable,
  PGRST001: MESSAGES.unavailable,
  PGRST002: MESSAGES.unavailable,
  PGRST003: MESSAGES.unavailable,
};

const own = <T>(table: Record<string, T>, key: string | null | undefined): T | undefined =>
  key && Object.hasOwn(table, key) ? table[key] : undefined;

/** The constraint a Postgres message names (`… violates unique constraint "groups_name_key"`). */
const constraintOf = (message: string) => /constraint "([^"]+)"/.exec(message)?.[1];

/** An error a constraint or a function's hint names: an answer for the person (a taken name, a row gone), not a fault. */
function named(failure: DatabaseFailure): Described | undefined {
  const hint = own(BY_HINT, failure.hint);
  return hint ? { error: hint } : own(BY_CONSTRAINT, constraintOf(failure.message ?? ""));
}

/** A database error in Russian, with the form field it concerns; `fallback` for what the table does not name. */
export function describeDatabaseError(failure: DatabaseFailure, fallback: string = MESSAGES.failed): Described {
  return named(failure) ?? { error: own(BY_CODE, failure.code) ?? fallback };
}

/**
 * What a failed action answers for anything thrown below its handler, and whether it is worth the
 * server log: a fault is, a refusal or a named constraint (a taken name, a row gone) is not.
 */
export function describeThrown(thrown: unknown, fallback: string): { error: string; fieldErrors?: Record<string, string>; log: boolean } {
  if (thrown instanceof Refusal) return { error: thrown.message, fieldErrors: thrown.fieldErrors, log: false };
  if (thrown instanceof DatabaseError) {
    const { error, field } = describeDatabaseError(thrown.failure, fallback);
    const expected = named(thrown.failure) || thrown.failure.code === "P0002";
    return { error, fieldErrors: field ? { [field]: error } : undefined, log: !expected };
  }
  return { error: fallback, log: true };
}
