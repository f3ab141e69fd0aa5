import * as z from "./zod-api";
import { pluralRu } from "@/lib/domain/plural";

/**
 * zod with Russian messages for every issue a schema does not name itself (a number where text is
 * expected, a missing field, an unknown option). Every schema in lib/validation imports `z` from
 * here, so the messages are set wherever a schema runs: in a server action and in a form's script.
 * zod's own `ru` locale is not enough: it names types in English («ожидалось string»).
 */

const EXPECTED: Record<string, string> = {
  string: "Нужен текст",
  number: "Нужно число",
  int: "Нужно целое число",
  boolean: "Нужно значение «да» или «нет»",
  array: "Нужен список",
  object: "Нужен набор полей",
};

// After «не длиннее», «не больше»: «1 символа», «3 символов»; after «хотя бы»: «1 элемент», «3 элемента».
const SYMBOLS = { one: "символа", few: "символов", many: "символов" };
const ELEMENTS = { one: "элемента", few: "элементов", many: "элементов" };
const ELEMENTS_AT_LEAST = { one: "элемент", few: "элемента", many: "элементов" };

const FORMATS: Record<string, string> = {
  email: "Неверный формат email",
  uuid: "Неверный идентификатор",
  guid: "Неверный идентификатор",
  url: "Неверная ссылка",
};

/** The message of an issue; it never repeats the input or a key of it, which may be anything. */
export function russianIssue(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined) return "Заполните обязательное поле";
      return EXPECTED[issue.expected] ?? "Неверный тип значения";
    case "invalid_value":
      return "Выберите одно из допустимых значений";
    case "too_big": {
      const max = Number(issue.maximum);
      if (issue.origin === "string") return `Не длиннее ${pluralRu(max, SYMBOLS)}`;
      if (issue.origin === "array" || issue.origin === "set") return `Не больше ${pluralRu(max, ELEMENTS)}`;
      if (issue.origin === "number" || issue.origin === "int" || issue.origin === "bigint") return `Не больше ${max}`;
      return "Слишком большое значение";
    }
    case "too_small": {
      const min = Number(issue.minimum);
      if (issue.origin === "string") return min <= 1 ? "Заполните поле" : `Не короче ${pluralRu(min, SYMBOLS)}`;
      if (issue.origin === "array" || issue.origin === "set") return `Выберите хотя бы ${pluralRu(min, ELEMENTS_AT_LEAST)}`;
      if (issue.origin === "number" || issue.origin === "int" || issue.origin === "bigint") return `Не меньше ${min}`;
      return "Слишком маленькое значение";
    }
    case "invalid_format":
      return FORMATS[issue.format] ?? "Неверный формат";
    case "unrecognized_keys":
      return "Лишние поля в данных";
    default:
      return "Неверное значение";
  }
}

// In the browser, without zod's compiled parsers: its probe for them (`new Function`) is refused by
// the pages' Content-Security-Policy (no 'unsafe-eval') and reported as a violation even though
// zod catches it. The server keeps them.
z.config({ customError: russianIssue, jitless: typeof window !== "undefined" });

export { z };
