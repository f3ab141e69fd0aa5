import { describe, expect, it } from "vitest";
import { PREVIEW_NAME_MAX, previewValue, readPreview } from "./preview";

const id = "a0000000-0000-4000-8000-000000000002";
const email = "student@example.com";
// What a browser keeps of one cookie (name and value); Next writes the value URL-encoded.
const COOKIE_BYTES = 4096;

const preview = (full_name: string | null, profileEmail = email) => readPreview(previewValue({ id, email: profileEmail, full_name }) ?? undefined);

describe("the «Смотреть как студент» cookie", () => {
  it("keeps a name as it is when it fits", () => {
    expect(preview("Анна Петрова")).toEqual({ id, name: "Анна Петрова" });
    expect(preview("  Анна  ")).toEqual({ id, name: "Анна" });
    expect(preview("я".repeat(PREVIEW_NAME_MAX))).toEqual({ id, name: "я".repeat(PREVIEW_NAME_MAX) });
  });

  it("names the student by e-mail when the profile has no name", () => {
    expect(preview(null)).toEqual({ id, name: email });
    expect(preview("   ")).toEqual({ id, name: email });
    expect(preview(null, "")).toEqual({ id, name: "Без имени" });
  });

  it.each([
    ["250 Cyrillic letters", "Я".repeat(250)],
    ["250 letters in words", "Александра ".repeat(23)],
    ["a megabyte", "ы".repeat(1_000_000)],
    ["emoji", "😀".repeat(300)],
    ["a family emoji", "👩‍👩‍👧‍👦".repeat(100)],
    ["a letter under accents", `Z${"\u0301".repeat(5_000)}`],
    ["quotes and control characters", `"\\\u0000\n<>;,=`.repeat(100)],
    ["a lone surrogate", `${"я".repeat(150)}\uD800`],
  ])("works for a name of %s, shortened for the banner and the cookie", (_, name) => {
    const value = previewValue({ id, email, full_name: name });
    expect(value).not.toBeNull();
    const student = readPreview(value!);
    expect(student?.id).toBe(id);
    expect(student!.name.length).toBeLessThanOrEqual(PREVIEW_NAME_MAX);
    expect(student!.name.length).toBeGreaterThan(0);
    expect(`preview_student=${encodeURIComponent(value!)}`.length).toBeLessThan(COOKIE_BYTES);
  });

  it("marks a shortened name with «…»", () => {
    expect(preview("Я".repeat(250))).toEqual({ id, name: `${"Я".repeat(PREVIEW_NAME_MAX - 1)}…` });
  });

  it("refuses a profile it could not read back", () => {
    expect(previewValue({ id: "not-a-uuid", email, full_name: "Анна" })).toBeNull();
  });

  it.each([undefined, "", "{", "null", "[]", '{"id":"x","name":"Анна"}', `{"id":"${id}","name":""}`, `{"id":"${id}","name":"${"я".repeat(201)}"}`])(
    "reads no student from %j",
    (value) => {
      expect(readPreview(value)).toBeNull();
    },
  );

  it("still reads a cookie written before names were shortened (up to 200 characters)", () => {
    expect(readPreview(JSON.stringify({ id, name: "я".repeat(200) }))).toEqual({ id, name: "я".repeat(200) });
  });
});
