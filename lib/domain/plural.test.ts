import { describe, expect, it } from "vitest";
import { pluralForm, pluralRu } from "./plural";

const modules = { one: "модуль", few: "модуля", many: "модулей" };

describe("pluralRu", () => {
  it("picks the Russian form for the count", () => {
    expect(pluralRu(1, modules)).toBe("1 модуль");
    expect(pluralRu(21, modules)).toBe("21 модуль");
    expect(pluralRu(3, modules)).toBe("3 модуля");
    expect(pluralRu(5, modules)).toBe("5 модулей");
    expect(pluralRu(11, modules)).toBe("11 модулей");
    expect(pluralRu(0, modules)).toBe("0 модулей");
  });
});

describe("pluralForm", () => {
  it("declines a verb or a phrase that stands apart from the number", () => {
    const left = { one: "ушёл", few: "ушли", many: "ушли" };
    expect(`${pluralForm(1, left)} ${pluralRu(1, { one: "студент", few: "студента", many: "студентов" })}`).toBe("ушёл 1 студент");
    expect(`${pluralForm(2, left)} ${pluralRu(2, { one: "студент", few: "студента", many: "студентов" })}`).toBe("ушли 2 студента");
    expect(`${pluralForm(5, left)} ${pluralRu(5, { one: "студент", few: "студента", many: "студентов" })}`).toBe("ушли 5 студентов");
    expect(pluralForm(21, left)).toBe("ушёл");
    expect(pluralForm(11, left)).toBe("ушли");
  });
});
