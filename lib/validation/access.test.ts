import { describe, expect, it } from "vitest";
import { accessChangeMessage, setAccessSchema } from "./access";

describe("accessChangeMessage", () => {
  it.each([
    ["module", "is_unlocked", true, "Доступ открыт"],
    ["tool", "is_unlocked", false, "Доступ закрыт"],
    ["module", "is_visible", true, "Модуль видимый"],
    ["module", "is_visible", false, "Модуль скрытый"],
    ["tool", "is_visible", true, "Инструмент видимый"],
    ["tool", "is_visible", false, "Инструмент скрытый"],
    ["lesson", "is_visible", true, "Урок видимый"],
    ["lesson", "is_visible", false, "Урок скрытый"],
  ] as const)("%s %s %s → %s", (kind, field, value, message) => {
    expect(accessChangeMessage(kind, field, value)).toBe(message);
  });
});

describe("setAccessSchema", () => {
  const valid = {
    kind: "lesson",
    studentId: "a0000000-0000-4000-8000-000000000002",
    itemId: "d0000000-0000-4000-8000-000000000001",
    field: "is_visible",
    value: false,
  };

  it("accepts a well-formed change", () => {
    expect(setAccessSchema.safeParse(valid).success).toBe(true);
  });

  it.each([
    { kind: "course" },
    { studentId: "1 or 1=1" },
    { itemId: "not-a-uuid" },
    { field: "unlocked_at" },
    { value: "true" },
  ])("refuses %j", (change) => {
    expect(setAccessSchema.safeParse({ ...valid, ...change }).success).toBe(false);
  });
});
