import { afterEach, describe, expect, it, vi } from "vitest";
import { authErrorMessage } from "./auth-errors";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("authErrorMessage", () => {
  it.each([
    ["invalid_credentials", "Invalid login credentials", "Неверный email или пароль"],
    ["user_already_exists", "User already registered", "Пользователь с таким email уже зарегистрирован"],
    ["over_request_rate_limit", "Request rate limit reached", "Слишком много попыток. Подождите несколько минут и попробуйте снова"],
    ["weak_password", "Password should be at least 6 characters.", "Пароль слишком простой: выберите более надёжный"],
  ])("translates %s", (code, message, expected) => {
    expect(authErrorMessage({ code, message, status: 400 })).toBe(expected);
  });

  // What a hosted project answers (Supabase Auth's error codes), with the status and text it sends.
  it.each([
    [
      "email_address_not_authorized",
      400,
      'Email address "anna@mail.ru" cannot be used as it is not authorized',
      "Школа пока не может отправить письмо на этот адрес. Попробуйте позже или напишите в поддержку школы",
    ],
    ["email_address_invalid", 400, 'Email address "anna@example.com" is invalid', "Этот адрес email не принимается. Укажите другой адрес"],
    ["signup_disabled", 422, "Signups not allowed for this instance", "Регистрация временно закрыта"],
    ["email_provider_disabled", 422, "Email signups are disabled", "Вход и регистрация по email сейчас отключены. Напишите в поддержку школы"],
    ["hook_timeout", 422, "Failed to reach hook within maximum time of 2.000000 seconds", "Сервер не успел проверить запрос. Попробуйте ещё раз через минуту"],
    ["hook_timeout_after_retry", 422, "Failed to reach hook after maximum retries", "Сервер не успел проверить запрос. Попробуйте ещё раз через минуту"],
    ["hook_payload_over_size_limit", 422, "Payload size exceeded size limit", "Сервер не смог проверить запрос. Попробуйте позже или напишите в поддержку школы"],
    ["hook_payload_invalid_content_type", 422, "Invalid Content-Type", "Сервер не смог проверить запрос. Попробуйте позже или напишите в поддержку школы"],
    ["otp_expired", 403, "Token has expired or is invalid", "Код неверный или устарел. Запросите новое письмо"],
    ["weak_password", 422, "Password is known to be weak and easy to guess, please choose a different one.", "Пароль слишком простой: выберите более надёжный"],
    ["email_exists", 422, "A user with this email address has already been registered", "Пользователь с таким email уже зарегистрирован"],
    ["flow_state_expired", 422, "Flow state has expired", "Ссылка устарела. Запросите новое письмо"],
    ["flow_state_not_found", 404, "Flow state not found", "Ссылка устарела. Запросите новое письмо"],
    ["captcha_failed", 400, "captcha protection: request disallowed (no captcha response)", "Проверка «я не робот» не пройдена. Обновите страницу и попробуйте снова"],
    ["conflict", 409, "Conflict", "Запрос уже выполняется. Подождите несколько секунд и попробуйте снова"],
    ["request_timeout", 504, "Processing this request timed out, please retry after a moment.", "Сервер не успел ответить. Попробуйте ещё раз"],
    ["session_expired", 403, "Session expired", "Сессия завершена. Войдите снова"],
    ["refresh_token_already_used", 400, "Invalid Refresh Token: Already Used", "Сессия завершена. Войдите снова"],
    ["reauthentication_not_valid", 422, "Verification code is invalid", "Код подтверждения неверный. Запросите новый"],
  ])("translates the hosted refusal %s", (code, status, message, expected) => {
    expect(authErrorMessage({ code, message, status })).toBe(expected);
  });

  it.each([
    [["length"], "Пароль слишком короткий для настроек школы: выберите пароль длиннее"],
    [["characters"], "Пароль слишком простой: добавьте строчные и заглавные буквы, цифры и символы"],
    [["pwned"], "Этот пароль встречался в утечках данных: выберите другой"],
    [["characters", "length"], "Пароль слишком короткий для настроек школы: выберите пароль длиннее"],
    [[], "Пароль слишком простой: выберите более надёжный"],
  ])("says which rule of the project a weak password breaks: %j", (reasons, expected) => {
    expect(authErrorMessage({ code: "weak_password", message: "Password is weak", status: 422, reasons })).toBe(expected);
  });

  it.each(["confirmation", "recovery", "magic link", "email change"])("explains a refused %s e-mail apart from an outage", (kind) => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(authErrorMessage({ code: "unexpected_failure", message: `Error sending ${kind} email`, status: 500 })).toBe(
      "Не удалось отправить письмо. Попробуйте позже или напишите в поддержку школы",
    );
    expect(authErrorMessage({ code: "unexpected_failure", message: "Database error saving new user", status: 500 })).toBe(
      "Сервер недоступен. Попробуйте ещё раз чуть позже",
    );
  });

  it("tells the owner in the server log which setting of the project refused", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    authErrorMessage({ code: "email_address_not_authorized", message: "Email address not authorized", status: 400 });
    expect(log).toHaveBeenCalledWith(expect.stringContaining("custom SMTP"));
    log.mockClear();
    authErrorMessage({ code: "invalid_credentials", message: "Invalid login credentials", status: 400 });
    expect(log).not.toHaveBeenCalled();
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
