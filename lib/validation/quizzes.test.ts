import { describe, expect, it } from "vitest";
import { quizAnswersSchema } from "./quizzes";

/** The lesson page's quiz form as its action reads it. */

const QUIZ = "0b2f5c1e-8f9a-4c3b-9d2e-1a2b3c4d5e6f";

describe("quizAnswersSchema", () => {
  it("reads each question's answer and every ticked option", () => {
    const parsed = quizAnswersSchema.parse({ quiz_id: QUIZ, back: "/tech-founder/x/y", "a:q1": "b", "m:q2:a": "on", "m:q2:c": "on" });
    expect(parsed).toEqual({ quizId: QUIZ, back: "/tech-founder/x/y", answers: { q1: "b", q2: ["a", "c"] } });
  });

  it("refuses a form with more fields than any quiz has, in Russian", () => {
    const fields = Object.fromEntries(Array.from({ length: 2001 }, (_, index) => [`m:q:${index}`, "on"]));
    const parsed = quizAnswersSchema.safeParse({ quiz_id: QUIZ, back: "/", ...fields });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0].message).toBe("В форме слишком много ответов");
  });
});
