import { describe, expect, it } from "vitest";
import { firstIssue } from "./auth";
import { curatorEmailSchema, curatorSchema, reviewDecisionSchema, submissionRefSchema } from "./reviews";

const submissionId = "f0000000-0000-4000-8000-000000000001";
const groupId = "e0000000-0000-4000-8000-000000000001";

function problem(schema: { safeParse(input: unknown): { success: true } | { success: false; error: Parameters<typeof firstIssue>[0] } }, input: unknown) {
  const result = schema.safeParse(input);
  return result.success ? null : firstIssue(result.error);
}

describe("reviewDecisionSchema", () => {
  it("accepts with or without a comment, trimmed", () => {
    expect(reviewDecisionSchema.parse({ submissionId, decision: "accept", comment: "" })).toEqual({ submissionId, decision: "accept", comment: "" });
    expect(reviewDecisionSchema.parse({ submissionId, decision: "accept", comment: "  Отлично!  " }).comment).toBe("Отлично!");
  });

  it("returns only with a comment, and says what to write", () => {
    expect(reviewDecisionSchema.parse({ submissionId, decision: "return", comment: "Добавьте цифры" }).comment).toBe("Добавьте цифры");
    for (const comment of ["", "   ", "\n\t"]) {
      const result = reviewDecisionSchema.safeParse({ submissionId, decision: "return", comment });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({ message: "Напишите комментарий: что доработать", path: ["comment"] });
    }
  });

  it.each([
    [{ submissionId, decision: "return", comment: "ы".repeat(20_001) }, "Комментарий — не длиннее 20 000 символов"],
    [{ submissionId: "x", decision: "accept", comment: "" }, "Работа не найдена"],
    [{ submissionId, decision: "delete", comment: "" }, "Выберите одно из допустимых значений"],
    [{ submissionId, decision: "accept" }, "Заполните обязательное поле"],
    [{ submissionId, decision: "accept", comment: 12345 }, "Нужен текст"],
  ])("refuses %o: %s", (input, message) => {
    expect(problem(reviewDecisionSchema, input)).toBe(message);
  });

  it("takes a comment at the limit", () => {
    expect(reviewDecisionSchema.safeParse({ submissionId, decision: "return", comment: "ы".repeat(20_000) }).success).toBe(true);
  });
});

describe("submissionRefSchema", () => {
  it("takes an id and nothing else", () => {
    expect(submissionRefSchema.parse({ submissionId, extra: 1 })).toEqual({ submissionId });
    expect(problem(submissionRefSchema, { submissionId: "1 or 1=1" })).toBe("Работа не найдена");
    expect(problem(submissionRefSchema, null)).not.toBeNull();
  });
});

describe("curatorEmailSchema", () => {
  it("reads the address trimmed and in lower case", () => {
    expect(curatorEmailSchema.parse({ groupId, email: "  Anna@Example.COM " })).toEqual({ groupId, email: "anna@example.com" });
  });

  it.each([
    ["", "Введите адрес электронной почты"],
    ["   ", "Введите адрес электронной почты"],
    ["anna", "Неверный адрес электронной почты"],
    ["anna@", "Неверный адрес электронной почты"],
    [`${"a".repeat(250)}@example.com`, "Адрес слишком длинный"],
  ])("refuses «%s»: %s", (email, message) => {
    expect(problem(curatorEmailSchema, { groupId, email })).toBe(message);
  });

  it("never names a Latin word in its refusals", () => {
    for (const email of ["", "anna", `${"a".repeat(250)}@example.com`]) expect(problem(curatorEmailSchema, { groupId, email })).not.toMatch(/[A-Za-z]/);
  });
});

describe("curatorSchema", () => {
  it("takes a group and a person", () => {
    expect(curatorSchema.safeParse({ groupId, userId: submissionId }).success).toBe(true);
    expect(curatorSchema.safeParse({ groupId, userId: "x" }).success).toBe(false);
  });
});
