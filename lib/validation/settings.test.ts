import { describe, expect, it } from "vitest";
import { firstIssue } from "./auth";
import {
  deleteAccountSchema,
  EMAIL_MISMATCH,
  emailChangeSchema,
  nameSchema,
  passwordChangeSchema,
  preferenceSchema,
  sameEmail,
} from "./settings";
import type { z } from "./zod";

const messageOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? null : firstIssue(result.error);
};

describe("the name", () => {
  it("is trimmed and normalised like the registration's", () => {
    expect(nameSchema.parse({ fullName: "  Пётр Алёшин  " })).toEqual({ fullName: "Пётр Алёшин" });
    expect(nameSchema.parse({ fullName: "Пе\u0308тр" }).fullName).toBe("Пётр");
  });

  it.each([
    ["", "Введите имя"],
    ["   ", "Введите имя"],
    ["a".repeat(101), "Имя слишком длинное"],
    ["Анна1", "Имя может содержать только буквы, пробелы и дефисы"],
    ["<script>", "Имя может содержать только буквы, пробелы и дефисы"],
    [12345, "Нужен текст"],
    [undefined, "Заполните обязательное поле"],
  ])("refuses %j with «%s»", (fullName, message) => {
    expect(messageOf(nameSchema, { fullName })).toBe(message);
  });

  it("takes nothing but the name", () => {
    expect(messageOf(nameSchema, { fullName: "Анна", id: "someone-else" })).toBe("Лишние поля в данных");
  });
});

describe("the new e-mail", () => {
  it("is trimmed", () => {
    expect(emailChangeSchema.parse({ email: " anna@example.com " })).toEqual({ email: "anna@example.com" });
  });

  it.each([
    ["", "Неверный формат email"],
    ["anna", "Неверный формат email"],
    ["a@b", "Неверный формат email"],
    ["a@example.com\nb@example.com", "Неверный формат email"],
    [`${"a".repeat(244)}@example.com`, "Email слишком длинный"],
  ])("refuses %j with «%s»", (email, message) => {
    expect(messageOf(emailChangeSchema, { email })).toBe(message);
  });
});

describe("the new password", () => {
  it("takes the recovery form's rules: at least 8 characters, repeated exactly", () => {
    expect(passwordChangeSchema.safeParse({ password: "новый-пароль", confirmation: "новый-пароль" }).success).toBe(true);
    expect(messageOf(passwordChangeSchema, { password: "1234567", confirmation: "1234567" })).toBe("Пароль должен быть не менее 8 символов");
    expect(messageOf(passwordChangeSchema, { password: "a".repeat(101), confirmation: "a".repeat(101) })).toBe("Пароль слишком длинный");
    expect(messageOf(passwordChangeSchema, { password: "новый-пароль-1", confirmation: "новый-пароль-2" })).toBe("Пароли не совпадают");
  });
});

describe("a notification switch", () => {
  it("names a kind the settings list and a channel", () => {
    expect(preferenceSchema.parse({ kind: "homework_returned", channel: "telegram", enabled: false })).toEqual({
      kind: "homework_returned",
      channel: "telegram",
      enabled: false,
    });
    expect(preferenceSchema.safeParse({ kind: "review_waiting", channel: "email", enabled: true }).success).toBe(true);
  });

  it.each([
    [{ kind: "welcome", channel: "email", enabled: false }, "Выберите одно из допустимых значений"],
    [{ kind: "homework_returned", channel: "sms", enabled: false }, "Выберите одно из допустимых значений"],
    [{ kind: "homework_returned", channel: "email", enabled: "false" }, "Нужно значение «да» или «нет»"],
    [{ kind: "homework_returned", channel: "email" }, "Заполните обязательное поле"],
    [{ kind: "homework_returned", channel: "email", enabled: true, user_id: "x" }, "Лишние поля в данных"],
  ])("refuses %j with «%s»", (input, message) => {
    expect(messageOf(preferenceSchema, input)).toBe(message);
  });
});

describe("deleting the account", () => {
  const account = "Anna@Example.com";

  it("compares addresses trimmed and case aside", () => {
    expect(sameEmail(" anna@example.COM ", account)).toBe(true);
    expect(sameEmail("anna@example.co", account)).toBe(false);
    expect(sameEmail("", account)).toBe(false);
  });

  it("the server takes any address of sensible length, and compares it itself", () => {
    expect(deleteAccountSchema.safeParse({ email: "other@example.com" }).success).toBe(true);
    expect(messageOf(deleteAccountSchema, { email: "  " })).toBe("Введите e-mail вашего аккаунта");
    expect(messageOf(deleteAccountSchema, { email: "a".repeat(300) })).toBe(EMAIL_MISMATCH);
    expect(messageOf(deleteAccountSchema, { email: "a@example.com", confirm: true })).toBe("Лишние поля в данных");
  });
});
