/**
 * Quizzes as forms carry them (issue 46): a student's answers from a posted form, a question's key
 * from the studio's fields, and the counts a result shows. Grading itself is the database's
 * (public.grade_quiz_answer); nothing here decides whether an answer is right.
 */

export type QuizKind = "single" | "multiple" | "text" | "number";

/** The kinds as the studio names them. */
export const KIND_LABELS: Record<QuizKind, string> = {
  single: "Один верный вариант",
  multiple: "Несколько верных вариантов",
  text: "Ответ текстом",
  number: "Ответ числом",
};

/** The field of a question answered by one value: an option's id, or the text typed. */
export const answerField = (questionId: string) => `a:${questionId}`;
/** The field of one option of a «multiple» question, present when it is ticked. */
export const choiceField = (questionId: string, optionId: string) => `m:${questionId}:${optionId}`;

/** The answers to send to submit_quiz, by question id: a string, or the ticked options' ids. */
export function answersFromFields(fields: Record<string, string>): Record<string, string | string[]> {
  const answers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(fields)) {
    const [prefix, questionId, ...rest] = name.split(":");
    if (!questionId) continue;
    if (prefix === "a" && rest.length === 0) answers[questionId] = value;
    else if (prefix === "m" && rest.length > 0) {
      const ticked = answers[questionId];
      const optionId = rest.join(":");
      if (Array.isArray(ticked)) ticked.push(optionId);
      else answers[questionId] = [optionId];
    }
  }
  return answers;
}

/** «1 балл», «3 балла», «5 баллов» (pluralRu). */
export const POINTS = { one: "балл", few: "балла", many: "баллов" };
/** «из 1 балла», «из 2 баллов», «из 21 балла»: after «из». */
export const OF_POINTS = { one: "балла", few: "баллов", many: "баллов" };

/** How many attempts are left: null when the quiz sets no limit. */
export const attemptsLeft = (maxAttempts: number | null, used: number): number | null =>
  maxAttempts === null ? null : Math.max(0, maxAttempts - used);

/** A score as a whole percentage of the maximum, rounded down so it never claims a pass it did not reach. */
export const scorePercent = (score: number, maxScore: number): number => (maxScore > 0 ? Math.floor((score * 100) / maxScore) : 0);

// A type, not an interface: it goes into a jsonb column as it is.
export type QuizOption = { id: string; text: string };

/** What the studio's fields of one question become: its options and its key, as the database keeps them. */
export type QuestionKey = { options: QuizOption[]; correct: string[] | { value: number; tolerance: number } };

const lines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/** A number as a person types it: «3,5», « 10 », «-2.25». */
export function parseNumber(text: string): number | null {
  const typed = text.replace(/\s/g, "").replace(",", ".");
  return /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(typed) ? Number(typed) : null;
}

/**
 * The options of a choice question, one a line, the right ones marked with «+» at the start; their
 * ids are their places (1, 2, …), so an old attempt's answer names the option that stood there.
 */
export function choicesFromText(text: string): { options: QuizOption[]; correct: string[] } {
  const options: QuizOption[] = [];
  const correct: string[] = [];
  lines(text).forEach((line, index) => {
    const id = String(index + 1);
    const right = line.startsWith("+");
    options.push({ id, text: right ? line.slice(1).trim() : line });
    if (right) correct.push(id);
  });
  return { options, correct };
}

/** The studio's text of a choice question's options: the inverse of choicesFromText. */
export const choicesToText = (options: QuizOption[], correct: readonly string[]) =>
  options.map((option) => `${correct.includes(option.id) ? "+ " : ""}${option.text}`).join("\n");

export interface QuestionFields {
  kind: QuizKind;
  choices: string;
  accepted: string;
  value: string;
  tolerance: string;
}

/** A question's key from the studio's fields, or a refusal in Russian naming the field to fix. */
export function questionKey(fields: QuestionFields): { key: QuestionKey } | { field: keyof QuestionFields; error: string } {
  if (fields.kind === "single" || fields.kind === "multiple") {
    const { options, correct } = choicesFromText(fields.choices);
    if (options.length < 2) return { field: "choices", error: "Нужно хотя бы два варианта ответа, по одному в строке" };
    if (options.length > 20) return { field: "choices", error: "Не больше 20 вариантов ответа" };
    if (options.some((option) => !option.text)) return { field: "choices", error: "У каждого варианта должен быть текст" };
    if (options.some((option) => option.text.length > 1000)) return { field: "choices", error: "Вариант ответа — не длиннее 1000 символов" };
    const texts = options.map((option) => option.text.trim().toLocaleLowerCase("ru"));
    if (new Set(texts).size < texts.length) return { field: "choices", error: "Варианты ответа не должны повторяться" };
    if (correct.length === 0) return { field: "choices", error: "Отметьте правильный вариант знаком «+» в начале строки" };
    if (fields.kind === "single" && correct.length > 1) return { field: "choices", error: "В вопросе с одним ответом правильный вариант один" };
    return { key: { options, correct } };
  }
  if (fields.kind === "text") {
    const accepted = lines(fields.accepted);
    if (accepted.length === 0) return { field: "accepted", error: "Впишите хотя бы один правильный ответ" };
    if (accepted.length > 20) return { field: "accepted", error: "Не больше 20 правильных ответов" };
    if (accepted.some((answer) => answer.length > 500)) return { field: "accepted", error: "Ответ — не длиннее 500 символов" };
    return { key: { options: [], correct: accepted } };
  }
  const value = parseNumber(fields.value);
  if (value === null) return { field: "value", error: "Впишите правильное число, например 3,5" };
  const tolerance = fields.tolerance.trim() === "" ? 0 : parseNumber(fields.tolerance);
  if (tolerance === null || tolerance < 0) return { field: "tolerance", error: "Допуск — число не меньше нуля" };
  return { key: { options: [], correct: { value, tolerance } } };
}

/**
 * A number as the studio's fields take it back (parseNumber): digits and a comma, never the exponent
 * String() gives below 1e-6 and from 1e21 («1e-7»). The shortest digits that name the number, the
 * point moved by the exponent, so the number read back is the same one.
 */
function decimal(value: number) {
  const [mantissa, exponent = "0"] = String(Math.abs(value)).split("e");
  const [whole, fraction = ""] = mantissa.split(".");
  const digits = whole + fraction;
  const point = whole.length + Number(exponent);
  const plain =
    point <= 0
      ? `0.${"0".repeat(-point)}${digits}`
      : point >= digits.length
        ? digits + "0".repeat(point - digits.length)
        : `${digits.slice(0, point)}.${digits.slice(point)}`;
  return `${value < 0 ? "-" : ""}${plain}`.replace(".", ",");
}

/**
 * A kept key as the studio shows it: the fields that edit it (the inverse of questionKey) and the
 * «Верный ответ» line of the question list. No question gives empty fields.
 */
export function keyFields(question: ({ kind: QuizKind } & QuestionKey) | null): Omit<QuestionFields, "kind"> & { summary: string } {
  const none = { choices: "", accepted: "", value: "", tolerance: "", summary: "" };
  if (!question) return none;
  const { correct } = question;
  if (!Array.isArray(correct)) {
    const value = decimal(correct.value);
    const tolerance = decimal(correct.tolerance);
    return { ...none, value, tolerance, summary: correct.tolerance ? `${value} ± ${tolerance}` : value };
  }
  if (question.kind === "text") return { ...none, accepted: correct.join("\n"), summary: correct.join(" · ") };
  const right = question.options.filter((option) => correct.includes(option.id)).map((option) => option.text);
  return { ...none, choices: choicesToText(question.options, correct), summary: right.join(" · ") };
}

/** A question fewer than half answered right, out of at least three answers: the analytics flag it as one that may confuse. */
export const seemsConfusing = (right: number, answered: number): boolean => answered >= 3 && right * 2 < answered;
