import { describe, expect, it } from "vitest";
import { filledLinks } from "@/lib/domain/submissions";
import {
  checkHomeworkUploadSchema,
  EMPTY_ANSWER,
  NOT_A_LINK,
  homeworkFormSchema,
  prepareHomeworkUploadSchema,
  submitHomeworkSchema,
  WRONG_FILE_TYPE,
} from "./submissions";

const TASK = "22222222-2222-4222-8222-222222222222";
const PATH = `11111111-1111-4111-8111-111111111111/${TASK}/0e0e0e0e-0000-4000-8000-000000000000.pdf`;
const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe("the form", () => {
  it("takes an answer and links, leaving empty link fields out", () => {
    const values = { answer: "Моя гипотеза", links: [{ url: " https://example.com/a " }, { url: "" }, { url: "   " }] };
    expect(homeworkFormSchema.safeParse(values).success).toBe(true);
    expect(filledLinks(values.links)).toEqual(["https://example.com/a"]);
  });

  it.each([
    ["a link without a scheme", { answer: "", links: [{ url: "example.com" }] }, NOT_A_LINK],
    ["a script link", { answer: "", links: [{ url: "javascript:alert(1)" }] }, NOT_A_LINK],
    ["a link with a space", { answer: "", links: [{ url: "https://exa mple.com" }] }, NOT_A_LINK],
    ["a long link", { answer: "", links: [{ url: `https://example.com/${"a".repeat(2000)}` }] }, "Ссылка — не длиннее 2000 символов"],
    ["eleven links", { answer: "", links: Array.from({ length: 11 }, () => ({ url: "" })) }, "Не больше 10 ссылок в одной работе"],
    ["a long answer", { answer: "я".repeat(50_001), links: [] }, "Ответ — не длиннее 50 000 символов"],
  ])("refuses %s", (_case, values, message) => {
    expect(firstMessage(homeworkFormSchema.safeParse(values))).toBe(message);
  });

  it("names the link field that is wrong", () => {
    const result = homeworkFormSchema.safeParse({ answer: "", links: [{ url: "https://ok.ru" }, { url: "плохо" }] });
    expect(result.error?.issues[0]?.path).toEqual(["links", 1, "url"]);
  });
});

describe("handing in", () => {
  const work = { assignmentId: TASK, answer: "", links: [] as string[], files: [] as { path: string; fileName: string }[] };

  it.each([
    ["text", { answer: "Ответ" }],
    ["a link", { links: ["https://example.com"] }],
    ["a file", { files: [{ path: PATH, fileName: "Отчёт.pdf" }] }],
  ])("takes %s alone", (_case, part) => {
    expect(submitHomeworkSchema.safeParse({ ...work, ...part }).success).toBe(true);
  });

  it("trims links", () => {
    expect(submitHomeworkSchema.parse({ ...work, links: [" https://example.com "] }).links).toEqual(["https://example.com"]);
  });

  it.each([
    ["nothing", {}, EMPTY_ANSWER],
    ["only spaces", { answer: "   \n" }, EMPTY_ANSWER],
    ["an empty link", { links: [""] }, NOT_A_LINK],
    ["an id that is not one", { assignmentId: "42", answer: "x" }, "Неверный идентификатор"],
    ["eleven files", { files: Array.from({ length: 11 }, (_, index) => ({ path: `${PATH}${index}`, fileName: "a.pdf" })) }, "Не больше 10 файлов в одной работе"],
    ["one file twice", { files: [{ path: PATH, fileName: "a.pdf" }, { path: PATH, fileName: "b.pdf" }] }, "Этот файл уже прикреплён"],
    ["a file named with a slash", { files: [{ path: PATH, fileName: "../a.pdf" }] }, "Имя файла не должно содержать слеши, управляющие и невидимые символы"],
    ["a program", { files: [{ path: PATH, fileName: "setup.exe" }] }, WRONG_FILE_TYPE],
    ["a long path", { files: [{ path: "a".repeat(201), fileName: "a.pdf" }] }, "Не длиннее 200 символов"],
  ])("refuses %s", (_case, part, message) => {
    expect(firstMessage(submitHomeworkSchema.safeParse({ ...work, ...part }))).toBe(message);
  });

  it("refuses what is not a work at all", () => {
    for (const value of [null, undefined, "текст", 42, [], { assignmentId: TASK }]) expect(submitHomeworkSchema.safeParse(value).success).toBe(false);
  });
});

describe("an upload", () => {
  it("takes a document up to 20 MB", () => {
    expect(prepareHomeworkUploadSchema.safeParse({ assignmentId: TASK, fileName: "Прототип.pdf", size: 20 * 1024 * 1024 }).success).toBe(true);
  });

  it.each([
    ["a file over 20 MB", { size: 20 * 1024 * 1024 + 1 }, "Файл больше 20 МБ — такой не прикрепить"],
    ["an empty file", { size: 0 }, "Файл пустой"],
    ["a program", { fileName: "virus.exe" }, WRONG_FILE_TYPE],
    ["a name without an extension", { fileName: "README" }, WRONG_FILE_TYPE],
    ["a bidi trick", { fileName: "счёт\u202Efdp.exe" }, "Имя файла не должно содержать слеши, управляющие и невидимые символы"],
  ])("refuses %s", (_case, part, message) => {
    expect(firstMessage(prepareHomeworkUploadSchema.safeParse({ assignmentId: TASK, fileName: "a.pdf", size: 10, ...part }))).toBe(message);
  });

  it("is checked by its path and name", () => {
    expect(checkHomeworkUploadSchema.safeParse({ assignmentId: TASK, path: PATH, fileName: "a.pdf" }).success).toBe(true);
    expect(checkHomeworkUploadSchema.safeParse({ assignmentId: TASK, path: PATH }).success).toBe(false);
  });
});
