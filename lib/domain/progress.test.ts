import { describe, expect, it } from "vitest";
import { progressLabel, progressOf, progressPercent } from "./progress";

describe("progressOf", () => {
  it("counts completed lessons among the visible ones", () => {
    expect(progressOf(["a", "b", "c", "d"], ["a", "c"])).toEqual({ completed: 2, total: 4 });
  });

  it("ignores completions of hidden, unpublished or deleted lessons, so it never passes 100 %", () => {
    const progress = progressOf(["a", "b"], ["a", "b", "hidden", "deleted", "draft"]);
    expect(progress).toEqual({ completed: 2, total: 2 });
    expect(progressPercent(progress)).toBe(100);
  });

  it("counts locked but visible lessons in the total", () => {
    expect(progressOf(["open", "locked"], ["open"])).toEqual({ completed: 1, total: 2 });
  });

  it("counts each lesson once", () => {
    expect(progressOf(["a", "a", "b"], ["a", "a"])).toEqual({ completed: 1, total: 2 });
  });

  it("is zero for a tool without lessons", () => {
    const empty = progressOf([], ["a"]);
    expect(empty).toEqual({ completed: 0, total: 0 });
    expect(progressPercent(empty)).toBe(0);
  });
});

describe("progressPercent and progressLabel", () => {
  it.each([
    [{ completed: 1, total: 3 }, 33, "1 из 3 уроков"],
    [{ completed: 2, total: 3 }, 67, "2 из 3 уроков"],
    [{ completed: 0, total: 1 }, 0, "0 из 1 урока"],
    [{ completed: 5, total: 21 }, 24, "5 из 21 урока"],
    [{ completed: 11, total: 11 }, 100, "11 из 11 уроков"],
  ])("%j → %i %%, «%s»", (progress, percent, label) => {
    expect(progressPercent(progress)).toBe(percent);
    expect(progressLabel(progress)).toBe(label);
  });
});
