import { describe, expect, it } from "vitest";
import { setAccessSchema } from "./access";

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
    // With what the switches showed: a new record keeps the other flag in effect.
    expect(setAccessSchema.safeParse({ ...valid, shown: { is_unlocked: true, is_visible: true } }).success).toBe(true);
  });

  it.each([
    { kind: "course" },
    { studentId: "1 or 1=1" },
    { itemId: "not-a-uuid" },
    { field: "unlocked_at" },
    { value: "true" },
    { shown: { is_unlocked: true } },
    { shown: { is_unlocked: "yes", is_visible: true } },
  ])("refuses %j", (change) => {
    expect(setAccessSchema.safeParse({ ...valid, ...change }).success).toBe(false);
  });
});
