import { describe, expect, it } from "vitest";
import { accessChangeMessage, canOpenLesson, canOpenSection, visibleOnly, withAccess, withChange } from "./access";

const items = [
  { id: "c", order_index: 3 },
  { id: "a", order_index: 1 },
  { id: "b", order_index: 2 },
];

describe("withAccess", () => {
  it("orders by order_index and defaults to locked and visible without a record", () => {
    const merged = withAccess(items, [{ itemId: "b", is_unlocked: true, is_visible: false }]);
    expect(merged.map((item) => item.id)).toEqual(["a", "b", "c"]);
    expect(merged[0]).toMatchObject({ is_unlocked: false, is_visible: true, hasRecord: false });
    expect(merged[1]).toMatchObject({ is_unlocked: true, is_visible: false, hasRecord: true });
  });

  it("ignores records of other items", () => {
    const merged = withAccess(items, [{ itemId: "zzz", is_unlocked: true, is_visible: true }]);
    expect(merged.every((item) => !item.is_unlocked && item.is_visible)).toBe(true);
  });

  it("breaks order_index ties by id so the order is stable", () => {
    const tied = withAccess([{ id: "y", order_index: 1 }, { id: "x", order_index: 1 }], []);
    expect(tied.map((item) => item.id)).toEqual(["x", "y"]);
  });
});

describe("visibleOnly", () => {
  it("hides invisible items and keeps locked visible ones", () => {
    const merged = withAccess(items, [
      { itemId: "a", is_unlocked: false, is_visible: false },
      { itemId: "b", is_unlocked: false, is_visible: true },
    ]);
    expect(visibleOnly(merged).map((item) => item.id)).toEqual(["b", "c"]);
  });
});

describe("canOpenLesson", () => {
  it.each([
    [undefined, true],
    [{ is_unlocked: true, is_visible: true }, true],
    [{ is_unlocked: false, is_visible: true }, false],
    [{ is_unlocked: true, is_visible: false }, false],
    [{ is_unlocked: false, is_visible: false }, false],
  ])("record %j → %s", (record, expected) => {
    expect(canOpenLesson(record)).toBe(expected);
  });
});

describe("canOpenSection", () => {
  it.each([
    [null, false],
    [{ is_unlocked: true, is_visible: true }, true],
    [{ is_unlocked: false, is_visible: true }, false],
    [{ is_unlocked: true, is_visible: false }, false],
  ])("record %j → %s", (record, expected) => {
    expect(canOpenSection(record)).toBe(expected);
  });
});

describe("withChange", () => {
  it("changes the named records and creates missing ones from the defaults", () => {
    const records = [
      { itemId: "a", is_unlocked: false, is_visible: false },
      { itemId: "b", is_unlocked: true, is_visible: true },
    ];
    expect(withChange(records, ["a", "c"], { is_unlocked: true })).toEqual([
      { itemId: "a", is_unlocked: true, is_visible: false },
      { itemId: "b", is_unlocked: true, is_visible: true },
      { itemId: "c", is_unlocked: true, is_visible: true },
    ]);
  });
});

describe("accessChangeMessage", () => {
  it.each([
    ["module", "is_unlocked", true, "Доступ открыт"],
    ["tool", "is_unlocked", false, "Доступ закрыт"],
    ["module", "is_visible", true, "Модуль показан"],
    ["module", "is_visible", false, "Модуль скрыт"],
    ["tool", "is_visible", true, "Инструмент показан"],
    ["tool", "is_visible", false, "Инструмент скрыт"],
    ["lesson", "is_visible", true, "Урок показан"],
    ["lesson", "is_visible", false, "Урок скрыт"],
  ] as const)("%s %s %s → %s", (kind, field, value, message) => {
    expect(accessChangeMessage(kind, field, value)).toBe(message);
  });
});
