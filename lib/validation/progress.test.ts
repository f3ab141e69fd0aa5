import { describe, expect, it } from "vitest";
import { lessonCompletionSchema } from "./progress";

const LESSON = "c0000000-0000-4000-8000-000000000001";

describe("lessonCompletionSchema", () => {
  it.each([
    ["true", true],
    ["false", false],
  ])("reads the mark %s", (mark, completed) => {
    expect(lessonCompletionSchema.parse({ lessonId: LESSON, completed: mark })).toEqual({ lessonId: LESSON, completed });
  });

  it.each([
    { lessonId: LESSON, completed: "on" },
    { lessonId: LESSON, completed: true },
    { lessonId: LESSON },
    { lessonId: "урок", completed: "true" },
    { completed: "true" },
  ])("refuses %j", (fields) => {
    expect(lessonCompletionSchema.safeParse(fields).success).toBe(false);
  });
});
