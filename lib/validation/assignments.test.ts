import { describe, expect, it } from "vitest";
import { ASSIGNMENT_INSTRUCTIONS_MAX, assignmentIdSchema, assignmentSchema, NOTHING_ACCEPTED } from "./assignments";

const task = {
  lesson_id: "d0000000-0000-4000-8000-000000000001",
  instructions_md: "## Что сделать\n\n1. Поговорите с пятью клиентами",
  accepts_text: true,
  accepts_links: false,
  accepts_files: false,
  is_stop_lesson: false,
};

const firstIssue = (input: unknown) => assignmentSchema.safeParse(input).error?.issues[0];

describe("assignmentSchema", () => {
  it.each([
    ["text only", {}],
    ["links only", { accepts_text: false, accepts_links: true }],
    ["files only", { accepts_text: false, accepts_files: true }],
    ["everything, a stop-lesson", { accepts_links: true, accepts_files: true, is_stop_lesson: true }],
    ["instructions at the limit", { instructions_md: "я".repeat(ASSIGNMENT_INSTRUCTIONS_MAX) }],
    ["no instructions (the lesson's text sets the task)", { instructions_md: "" }],
  ])("takes %s", (_, change) => {
    expect(assignmentSchema.parse({ ...task, ...change })).toEqual({ ...task, ...change });
  });

  it("keeps the instructions as typed", () => {
    const typed = "  отступ\n\n    код\n";
    expect(assignmentSchema.parse({ ...task, instructions_md: typed }).instructions_md).toBe(typed);
  });

  it("refuses an assignment that takes nothing, in Russian, under the boxes", () => {
    expect(firstIssue({ ...task, accepts_text: false })).toMatchObject({ path: ["accepts_text"], message: NOTHING_ACCEPTED });
  });

  it.each([
    ["a".repeat(ASSIGNMENT_INSTRUCTIONS_MAX + 1), "Задание — не длиннее 20 000 символов"],
    [42, "Нужен текст"],
  ])("refuses the instructions %#", (instructions, message) => {
    expect(firstIssue({ ...task, instructions_md: instructions })).toMatchObject({ path: ["instructions_md"], message });
  });

  it.each([
    [{ lesson_id: "урок" }, ["lesson_id"], "Неверный идентификатор"],
    [{ lesson_id: undefined }, ["lesson_id"], "Заполните обязательное поле"],
    [{ is_stop_lesson: "да" }, ["is_stop_lesson"], "Нужно значение «да» или «нет»"],
    [{ accepts_files: null }, ["accepts_files"], "Нужно значение «да» или «нет»"],
  ])("refuses %j", (change, path, message) => {
    expect(firstIssue({ ...task, ...change })).toMatchObject({ path, message });
  });
});

describe("assignmentIdSchema", () => {
  it("takes an id and nothing else that is not one", () => {
    expect(assignmentIdSchema.parse({ id: task.lesson_id })).toEqual({ id: task.lesson_id });
    expect(assignmentIdSchema.safeParse({ id: "1" }).error?.issues[0].message).toBe("Неверный идентификатор");
    expect(assignmentIdSchema.safeParse({}).error?.issues[0].message).toBe("Заполните обязательное поле");
  });
});
