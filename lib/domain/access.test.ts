import { describe, expect, it } from "vitest";
import { accessChangeMessage, shownItems, withAccess, withChange } from "./access";

const items = [
  { id: "c", order_index: 3 },
  { id: "a", order_index: 1 },
  { id: "b", order_index: 2 },
];

describe("withAccess", () => {
  it("orders by order_index and gives an item without a record a new record's flags", () => {
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

describe("shownItems", () => {
  const verdict = (item_id: string, is_visible: boolean) =>
    ({ item_id, is_open: false, is_visible, why: "default", opens_at: null, group_names: null }) as const;

  it("shows in order the items the rule shows, each with its verdict, and none it hides or says nothing about", () => {
    const shown = shownItems(items, [verdict("c", true), verdict("a", false), verdict("zzz", true)]);
    expect(shown.map((item) => item.id)).toEqual(["c"]);
    expect(shown[0].verdict).toEqual(verdict("c", true));
  });

  it("keeps the list's order, ties broken by id", () => {
    const tied = [{ id: "y", order_index: 1 }, { id: "x", order_index: 1 }, ...items];
    const shown = shownItems(tied, ["a", "b", "c", "x", "y"].map((id) => verdict(id, true)));
    expect(shown.map((item) => item.id)).toEqual(["a", "x", "y", "b", "c"]);
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
