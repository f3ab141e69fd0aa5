import { describe, expect, it } from "vitest";
import { answersFromFields, attemptsLeft, choicesFromText, choicesToText, keyFields, parseNumber, questionKey, scorePercent, seemsConfusing, type QuestionFields, type QuestionKey, type QuizKind } from "./quizzes";

describe("answersFromFields", () => {
  it.each([
    [{}, {}],
    [{ "a:q1": "2" }, { q1: "2" }],
    [{ "a:q1": " mvp " }, { q1: " mvp " }],
    [{ "m:q2:1": "on", "m:q2:3": "on" }, { q2: ["1", "3"] }],
    [{ quiz_id: "x", back: "/y", "a:q1": "1", "m:q2:2": "on" }, { q1: "1", q2: ["2"] }],
    [{ "a:": "x", "m:q3": "on", "z:q4": "1", "a:q5:extra": "1" }, {}],
  ])("%j gives %j", (fields, answers) => {
    expect(answersFromFields(fields)).toEqual(answers);
  });
});

describe("attemptsLeft and scorePercent", () => {
  it.each([
    [null, 5, null],
    [3, 0, 3],
    [3, 2, 1],
    [3, 3, 0],
    [3, 4, 0],
  ])("max %s, used %s: %s left", (max, used, left) => expect(attemptsLeft(max, used)).toBe(left));
  it.each([
    [3, 4, 75],
    [2, 3, 66],
    [0, 4, 0],
    [4, 4, 100],
    [0, 0, 0],
  ])("%s of %s is %s %%", (score, max, percent) => expect(scorePercent(score, max)).toBe(percent));
});

describe("parseNumber", () => {
  it.each([
    ["3,5", 3.5],
    [" 10 ", 10],
    ["-2.25", -2.25],
    ["1 000", 1000],
    [".5", 0.5],
    ["", null],
    ["три", null],
    ["1e3", null],
    ["1,2,3", null],
  ])("%j is %s", (text, value) => expect(parseNumber(text)).toBe(value));
});

describe("choices", () => {
  it("reads one option a line, «+» marking the right ones, and writes them back", () => {
    const parsed = choicesFromText("Выручка\n+ Конверсия в оплату\n\n  +Удержание  \nЛайки");
    expect(parsed).toEqual({
      options: [
        { id: "1", text: "Выручка" },
        { id: "2", text: "Конверсия в оплату" },
        { id: "3", text: "Удержание" },
        { id: "4", text: "Лайки" },
      ],
      correct: ["2", "3"],
    });
    expect(choicesFromText(choicesToText(parsed.options, parsed.correct))).toEqual(parsed);
  });
});

describe("questionKey", () => {
  const fields = (over: Partial<QuestionFields>): QuestionFields => ({ kind: "single", choices: "", accepted: "", value: "", tolerance: "", ...over });
  it.each([
    [fields({ choices: "+ Да\nНет" }), { key: { options: [{ id: "1", text: "Да" }, { id: "2", text: "Нет" }], correct: ["1"] } }],
    [fields({ kind: "multiple", choices: "+ А\n+ Б\nВ" }), { key: { options: [{ id: "1", text: "А" }, { id: "2", text: "Б" }, { id: "3", text: "В" }], correct: ["1", "2"] } }],
    [fields({ kind: "text", accepted: "MVP\n минимальный продукт \n" }), { key: { options: [], correct: ["MVP", "минимальный продукт"] } }],
    [fields({ kind: "number", value: "3,5", tolerance: "0,1" }), { key: { options: [], correct: { value: 3.5, tolerance: 0.1 } } }],
    [fields({ kind: "number", value: "10", tolerance: "" }), { key: { options: [], correct: { value: 10, tolerance: 0 } } }],
  ])("%j is a key", (input, key) => expect(questionKey(input)).toEqual(key));

  it.each([
    [fields({ choices: "+ Да" }), "choices", "Нужно хотя бы два варианта ответа, по одному в строке"],
    [fields({ choices: "Да\nНет" }), "choices", "Отметьте правильный вариант знаком «+» в начале строки"],
    [fields({ choices: "+ Да\n+ Нет" }), "choices", "В вопросе с одним ответом правильный вариант один"],
    [fields({ choices: "+\nНет" }), "choices", "У каждого варианта должен быть текст"],
    [fields({ choices: "+ Да\nда \nНет" }), "choices", "Варианты ответа не должны повторяться"],
    [fields({ kind: "text", accepted: "  \n" }), "accepted", "Впишите хотя бы один правильный ответ"],
    [fields({ kind: "number", value: "много" }), "value", "Впишите правильное число, например 3,5"],
    [fields({ kind: "number", value: "1", tolerance: "-1" }), "tolerance", "Допуск — число не меньше нуля"],
  ])("%j is refused on %s", (input, field, error) => expect(questionKey(input)).toEqual({ field, error }));
});

describe("keyFields", () => {
  const options = [
    { id: "1", text: "Выручка" },
    { id: "2", text: "Конверсия в оплату" },
    { id: "3", text: "Удержание" },
  ];
  const key = (kind: QuizKind, correct: QuestionKey["correct"]) => ({ kind, options: Array.isArray(correct) && kind !== "text" ? options : [], correct });
  const empty = { choices: "", accepted: "", value: "", tolerance: "" };
  it.each([
    [null, { ...empty, summary: "" }],
    [key("single", ["2"]), { ...empty, choices: "Выручка\n+ Конверсия в оплату\nУдержание", summary: "Конверсия в оплату" }],
    [key("multiple", ["3", "1"]), { ...empty, choices: "+ Выручка\nКонверсия в оплату\n+ Удержание", summary: "Выручка · Удержание" }],
    [key("text", ["MVP", "минимальный продукт"]), { ...empty, accepted: "MVP\nминимальный продукт", summary: "MVP · минимальный продукт" }],
    [key("number", { value: 3.5, tolerance: 0.1 }), { ...empty, value: "3,5", tolerance: "0,1", summary: "3,5 ± 0,1" }],
    [key("number", { value: -10, tolerance: 0 }), { ...empty, value: "-10", tolerance: "0", summary: "-10" }],
    // Never the exponent String() gives, which the fields refuse when saved again.
    [key("number", { value: 1e-7, tolerance: 5e-8 }), { ...empty, value: "0,0000001", tolerance: "0,00000005", summary: "0,0000001 ± 0,00000005" }],
    [key("number", { value: -1.25e-7, tolerance: 0 }), { ...empty, value: "-0,000000125", tolerance: "0", summary: "-0,000000125" }],
    [key("number", { value: 1e21, tolerance: 1.5e22 }), { ...empty, value: "1000000000000000000000", tolerance: "15000000000000000000000", summary: "1000000000000000000000 ± 15000000000000000000000" }],
  ])("%j gives %j", (question, fields) => expect(keyFields(question)).toEqual(fields));

  it.each([
    ["single", "+ Да\nНет"],
    ["multiple", "+ А\n+ Б\nВ"],
    ["text", "MVP\nминимальный продукт"],
    ["number", "3,5"],
    ["number", "0,0000001"],
    ["number", "123456789012345678901234"],
  ] as const)("its fields of a %s question give its key back", (kind, text) => {
    const typed: QuestionFields = { kind, choices: text, accepted: text, value: text, tolerance: "0,25" };
    const made = questionKey(typed);
    if (!("key" in made)) throw new Error(made.error);
    expect(questionKey({ kind, ...keyFields({ kind, ...made.key }) })).toEqual(made);
  });
});

describe("seemsConfusing", () => {
  it.each([
    [0, 0, false],
    [0, 2, false],
    [1, 3, true],
    [2, 4, false],
    [4, 10, true],
    [5, 10, false],
  ])("%s right of %s: %s", (right, answered, confusing) => expect(seemsConfusing(right, answered)).toBe(confusing));
});
