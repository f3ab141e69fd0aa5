import { describe, expect, it } from "vitest";
import { listSome, shorten } from "./excerpt";

describe("shorten", () => {
  it.each([
    ["", 5, ""],
    ["Анна", 4, "Анна"],
    ["Анна Петрова", 5, "Анна…"],
    ["Анна Петрова", 6, "Анна…"],
    ["Анна Петрова", 7, "Анна П…"],
    // A surrogate pair (2 units) is kept whole or dropped whole.
    ["ab😀cd", 4, "ab…"],
    ["ab😀cd", 5, "ab😀…"],
    // A letter and its combining accent stay together.
    ["Анна".normalize("NFD") + "й".normalize("NFD") + "x", 6, "Анна…"],
    ["ёёёё".normalize("NFD"), 4, "ё…".normalize("NFD")],
    // One character longer than the room: cut at a code point.
    [`a${"\u0301".repeat(500)}`, 4, `a${"\u0301".repeat(2)}…`],
  ])("%j to %i → %j", (text, max, expected) => {
    expect(shorten(text, max)).toBe(expected);
  });

  it("never exceeds the bound nor leaves half a character", () => {
    for (const text of ["я".repeat(1000), "😀".repeat(1000), "👩‍👩‍👧‍👦".repeat(100), `x${"\u0301".repeat(10_000)}`, "a ".repeat(500)]) {
      for (const max of [1, 2, 3, 10, 99, 100, 101]) {
        const short = shorten(text, max);
        expect(short.length).toBeLessThanOrEqual(max);
        expect(short.isWellFormed()).toBe(true);
        expect(() => encodeURIComponent(short)).not.toThrow();
      }
    }
  });
});

describe("listSome", () => {
  const emails = (count: number) => Array.from({ length: count }, (_, index) => `s${index + 1}@example.com`);

  it.each([
    [0, ""],
    [1, "s1@example.com"],
    [5, "s1@example.com, s2@example.com, s3@example.com, s4@example.com, s5@example.com"],
    [6, "s1@example.com, s2@example.com, s3@example.com, s4@example.com, s5@example.com и ещё 1"],
    [42, "s1@example.com, s2@example.com, s3@example.com, s4@example.com, s5@example.com и ещё 37"],
  ])("names %i items as %j", (count, text) => {
    expect(listSome(emails(count))).toBe(text);
  });

  it("stays short whatever it is given", () => {
    const huge = Array.from({ length: 10_000 }, (_, index) => `${"x".repeat(100_000)}${index}@example.com`);
    const text = listSome(huge);
    expect(text.length).toBeLessThan(400);
    expect(text).toMatch(/ и ещё 9995$/);
  });
});
