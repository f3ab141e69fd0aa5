import { describe, expect, it } from "vitest";
import { panelRows, verdictLabel, type AccessVerdict } from "./access-verdicts";

const NOW = new Date("2027-01-10T07:00:00Z");
const verdict = (overrides: Partial<AccessVerdict>): AccessVerdict => ({
  item_id: "x",
  item_unlocked: false,
  is_visible: true,
  is_open: false,
  opens_at: null,
  why: "default",
  group_names: null,
  grounds: [],
  held_by: null,
  held_by_quiz: null,
  ...overrides,
});

describe("verdictLabel: the access rule's answer in the admin's words", () => {
  it.each([
    ["module", verdict({}), "Сейчас: закрыт, виден · по умолчанию"],
    ["lesson", verdict({ item_unlocked: true, is_open: true }), "Сейчас: открыт, виден · как у инструмента · по умолчанию"],
    ["tool", verdict({ item_unlocked: true, is_open: true, why: "personal" }), "Сейчас: открыт, виден · личная настройка"],
    ["tool", verdict({ is_open: false, why: "unpublished" }), "Сейчас: закрыт, виден · черновик: студенты не видят"],
    ["lesson", verdict({ item_unlocked: true, why: "parent" }), "Сейчас: закрыт, виден · инструмент закрыт для студента"],
    [
      "tool",
      verdict({ why: "scheduled", opens_at: "2027-01-12T07:00:00Z", group_names: ["Поток"], grounds: [{ group: "Поток", source: "manual", ref: null, ends_at: null }] }),
      "Сейчас: закрыт, виден · группа «Поток» · откроется 12.01 в 10:00 МСК",
    ],
    ["tool", verdict({ why: "expired" }), "Сейчас: закрыт, виден · личная настройка · доступ истёк"],
    [
      "tool",
      verdict({ item_unlocked: true, is_open: true, why: "group", group_names: ["Курс"], grounds: [{ group: "Курс", source: "order", ref: "1042", ends_at: null }] }),
      "Сейчас: открыт, виден · оплачено: заказ №1042 (группа «Курс»)",
    ],
  ] as const)("%s: %s", (kind, row, words) => {
    expect(verdictLabel(kind, row, { now: NOW })).toBe(words);
  });

  it("names the stop-lesson holding a lesson, and the course module a lesson follows", () => {
    const held = verdict({ item_unlocked: true, why: "held", held_by: "stop", held_by_quiz: false });
    const lessonTitle = (id: string) => (id === "stop" ? "Проект" : undefined);
    expect(verdictLabel("lesson", held, { lessonTitle })).toBe("Сейчас: закрыт, виден · ждёт принятия задания урока «Проект»");
    expect(verdictLabel("lesson", { ...held, held_by_quiz: true }, { lessonTitle })).toBe("Сейчас: закрыт, виден · ждёт прохождения теста урока «Проект»");
    expect(verdictLabel("lesson", { ...held, held_by_quiz: true })).toBe("Сейчас: закрыт, виден · ждёт прохождения теста стоп-урока");
    expect(verdictLabel("lesson", verdict({ item_unlocked: true, is_open: true }), { parent: "module" })).toBe("Сейчас: открыт, виден · как у модуля · по умолчанию");
  });
});

describe("panelRows", () => {
  it("gives each item the switches' own decision and the verdict's line, naming lessons' parents and holds from the outline", () => {
    const lessons = [
      { id: "l1", title: "Введение", course_module_id: "m1" },
      { id: "l2", title: "Проект", course_module_id: null },
      { id: "l3", title: "После проекта", course_module_id: null },
    ];
    const rows = panelRows(
      "lesson",
      [verdict({ item_id: "l1", item_unlocked: true, is_open: true }), verdict({ item_id: "l3", item_unlocked: true, why: "held", held_by: "l2" })],
      lessons,
      NOW,
    );
    expect(rows).toEqual({
      l1: { is_unlocked: true, is_visible: true, label: "Сейчас: открыт, виден · как у модуля · по умолчанию" },
      l3: { is_unlocked: true, is_visible: true, label: "Сейчас: закрыт, виден · ждёт принятия задания урока «Проект»" },
    });
  });
});
