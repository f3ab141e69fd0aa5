import { describe, expect, it } from "vitest";
import { authErrorMessage } from "./auth-errors";

describe("authErrorMessage", () => {
  it.each([
    ["invalid_credentials", "Invalid login credentials", "Неверный email или пароль"],
    ["user_already_exists", "User already registered", "Пользователь с таким email уже зарегистрирован"],
    ["over_request_rate_limit", "Request rate limit reached", "Слишком много попыток. Подождите несколько минут и попробуйте снова"],
    ["weak_password", "Password should be at least 6 characters.", "Пароль слишком простой: выберите более надёжный"],
  ])("translates %s", (code, message, expected) => {
    expect(authErrorMessage({ code, message, status: 400 })).toBe(expected);
  });

  it("keeps the wait time of an email rate limit", () => {
    expect(
      authErrorMessage({
        code: "over_email_send_rate_limit",
        message: "For security purposes, you can only request this after 42 seconds.",
        status: 429,
      }),
    ).toBe("Письмо уже отправлено. Повторить можно через 42 с");
  });

  it("never shows an unknown provider message in English", () => {
    expect(authErrorMessage({ code: "something_new", message: "Something new happened", status: 400 })).toBe(
      "Не удалось выполнить запрос. Попробуйте ещё раз",
    );
  });

  it("passes on the Russian refusal of the project's own Auth hooks, never an English one", () => {
    const consent = "Подтвердите согласие на обработку персональных данных";
    expect(authErrorMessage({ code: "unknown", message: consent, status: 400 })).toBe(consent);
    expect(authErrorMessage({ code: "unknown", message: "Hook refused", status: 400 })).toBe("Не удалось выполнить запрос. Попробуйте ещё раз");
  });

  it("explains an email limit without a wait time", () => {
    expect(authErrorMessage({ code: "over_email_send_rate_limit", message: "Email rate limit exceeded", status: 429 })).toBe(
      "Лимит писем исчерпан. Попробуйте позже",
    );
  });

  it("explains an unreachable server in Russian", () => {
    expect(authErrorMessage({ message: "fetch failed", status: 0 })).toBe("Сервер недоступен. Попробуйте ещё раз чуть позже");
  });
});
