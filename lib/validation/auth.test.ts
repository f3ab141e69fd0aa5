import { describe, expect, it } from "vitest";
import { firstIssue, newPasswordSchema, recoveryCodeSchema, recoverySchema, signInSchema, signUpSchema } from "./auth";

const valid = { fullName: "Анна", email: "anna@example.com", password: "password1", privacyConsent: "on" };

function signUpMessage(input: Partial<Record<keyof typeof valid, unknown>>) {
  const result = signUpSchema.safeParse({ ...valid, ...input });
  return result.success ? null : firstIssue(result.error);
}

const emailOfLength = (length: number) => `${"a".repeat(length - "@example.com".length)}@example.com`;

describe("sign-up schema", () => {
  it("accepts a valid registration and trims the name", () => {
    const result = signUpSchema.parse({ ...valid, fullName: "  Анна  " });
    expect(result.fullName).toBe("Анна");
  });

  it.each([
    ["", "Введите имя"],
    ["   ", "Введите имя"],
    ["a".repeat(101), "Имя слишком длинное"],
    [`  ${"a".repeat(101)}  `, "Имя слишком длинное"],
    ["Анна1", "Имя может содержать только буквы, пробелы и дефисы"],
    ["Анна!", "Имя может содержать только буквы, пробелы и дефисы"],
    ["Anna_Smith", "Имя может содержать только буквы, пробелы и дефисы"],
    ["Анна.", "Имя может содержать только буквы, пробелы и дефисы"],
    ["-", "Имя может содержать только буквы, пробелы и дефисы"],
    ["Ⅻ", "Имя может содержать только буквы, пробелы и дефисы"],
    ["李雷", "Имя может содержать только буквы, пробелы и дефисы"],
    ["Ἀλέξανδρος", "Имя может содержать только буквы, пробелы и дефисы"],
  ])("rejects the name %j with «%s»", (fullName, message) => {
    expect(signUpMessage({ fullName })).toBe(message);
  });

  it.each([
    "a",
    "a".repeat(100),
    ` ${"б".repeat(100)} `,
    "Пётр Алёшин",
    "Ёжик",
    "Анна-Мария",
    "Jean-Luc Пикар",
    "Mary Ann",
    "Олесь Гончаренко",
    "Їжак Євгенія Ґудзь",
    "Ўладзімір",
    "Әсел Өмірзақ Ұлы",
    "José Müller-Lüdenscheidt",
    "Zoë Ørsted",
    "Анна".normalize("NFD"),
  ])("accepts the name %j", (fullName) => {
    expect(signUpMessage({ fullName })).toBeNull();
  });

  it.each([
    [7, "Пароль должен быть не менее 8 символов"],
    [101, "Пароль слишком длинный"],
  ])("rejects a password of %i characters", (length, message) => {
    expect(signUpMessage({ password: "x".repeat(length) })).toBe(message);
  });

  it.each([8, 100])("accepts a password of %i characters", (length) => {
    expect(signUpMessage({ password: "x".repeat(length) })).toBeNull();
  });

  it("checks the email format and its length", () => {
    expect(signUpMessage({ email: "not-an-email" })).toBe("Неверный формат email");
    expect(signUpMessage({ email: emailOfLength(255) })).toBeNull();
    expect(signUpMessage({ email: emailOfLength(256) })).toBe("Email слишком длинный");
  });

  it("needs the consent to personal-data processing to be given, not just present", () => {
    const message = "Подтвердите согласие на обработку персональных данных";
    expect(signUpMessage({ privacyConsent: false })).toBe(message);
    expect(signUpMessage({ privacyConsent: "true" })).toBe(message);
    expect(signUpMessage({ privacyConsent: undefined })).toBe(message);
  });

  it("reports the first field's message first", () => {
    expect(signUpMessage({ fullName: "", email: "bad", password: "1" })).toBe("Введите имя");
    expect(signUpMessage({ email: "bad", password: "1" })).toBe("Неверный формат email");
  });
});

describe("sign-in schema", () => {
  it("needs a valid email and a non-empty password", () => {
    expect(signInSchema.safeParse({ email: "a@b.co", password: "x" }).success).toBe(true);
    const badEmail = signInSchema.safeParse({ email: "a@", password: "x" });
    expect(badEmail.success || firstIssue(badEmail.error)).toBe("Неверный формат email");
    const noPassword = signInSchema.safeParse({ email: "a@b.co", password: "" });
    expect(noPassword.success || firstIssue(noPassword.error)).toBe("Введите пароль");
  });

  it("does not apply the registration's password length to sign-in", () => {
    expect(signInSchema.safeParse({ email: "a@b.co", password: "123" }).success).toBe(true);
  });
});

describe("recovery schema", () => {
  it("needs a valid email", () => {
    expect(recoverySchema.safeParse({ email: "student@example.com" }).success).toBe(true);
    const result = recoverySchema.safeParse({ email: "student@" });
    expect(result.success || firstIssue(result.error)).toBe("Неверный формат email");
  });
});

describe("recovery code schema", () => {
  // A project's "Email OTP length" is 6 to 10 (hosted projects now start at 8): any of them passes.
  it.each(["012345", " 01234567 ", "0123456789", "1234567", "000000000"])("takes the code %j", (code) => {
    const result = recoveryCodeSchema.safeParse({ email: "a@b.co", code });
    expect(result.success && result.data.code).toBe(code.trim());
  });

  it.each(["", "12345", "12345678901", "12a456", "1234 5678", "١٢٣٤٥٦", "+123456"])("refuses the code %j", (code) => {
    const result = recoveryCodeSchema.safeParse({ email: "a@b.co", code });
    expect(result.success || firstIssue(result.error)).toBe("Введите код из письма: от 6 до 10 цифр");
  });
});

describe("new password schema", () => {
  it("applies the registration rules and needs a matching confirmation", () => {
    expect(newPasswordSchema.safeParse({ password: "newpass123", confirmation: "newpass123" }).success).toBe(true);
    const short = newPasswordSchema.safeParse({ password: "1234567", confirmation: "1234567" });
    expect(short.success || firstIssue(short.error)).toBe("Пароль должен быть не менее 8 символов");
    const mismatch = newPasswordSchema.safeParse({ password: "newpass123", confirmation: "newpass124" });
    expect(mismatch.success || firstIssue(mismatch.error)).toBe("Пароли не совпадают");
  });
});
