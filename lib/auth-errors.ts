/**
 * Russian texts for the auth provider's error codes; nothing the provider says reaches people in
 * English. The codes are Supabase Auth's (its "Error Codes" guide); a hosted project sends several
 * that the local backend never does, each for a setting of the project rather than a mistake of the
 * person, so those also leave a line for the owner in the server log.
 */
const MESSAGES: Record<string, string> = {
  invalid_credentials: "Неверный email или пароль",
  user_already_exists: "Пользователь с таким email уже зарегистрирован",
  email_exists: "Пользователь с таким email уже зарегистрирован",
  weak_password: "Пароль слишком простой: выберите более надёжный",
  over_request_rate_limit: "Слишком много попыток. Подождите несколько минут и попробуйте снова",
  email_not_confirmed: "Email не подтверждён: откройте письмо со ссылкой",
  same_password: "Новый пароль должен отличаться от старого",
  signup_disabled: "Регистрация временно закрыта",
  email_provider_disabled: "Вход и регистрация по email сейчас отключены. Напишите в поддержку школы",
  // Hosted Auth refuses addresses of example and test domains, whatever their format.
  email_address_invalid: "Этот адрес email не принимается. Укажите другой адрес",
  email_address_not_authorized: "Школа пока не может отправить письмо на этот адрес. Попробуйте позже или напишите в поддержку школы",
  validation_failed: "Проверьте введённые данные",
  otp_expired: "Код неверный или устарел. Запросите новое письмо",
  flow_state_expired: "Ссылка устарела. Запросите новое письмо",
  flow_state_not_found: "Ссылка устарела. Запросите новое письмо",
  reauthentication_not_valid: "Код подтверждения неверный. Запросите новый",
  user_banned: "Доступ к аккаунту приостановлен. Напишите в поддержку школы",
  session_not_found: "Сессия завершена. Войдите снова",
  session_expired: "Сессия завершена. Войдите снова",
  refresh_token_not_found: "Сессия завершена. Войдите снова",
  refresh_token_already_used: "Сессия завершена. Войдите снова",
  reauthentication_needed: "Войдите снова, чтобы сменить пароль",
  captcha_failed: "Проверка «я не робот» не пройдена. Обновите страницу и попробуйте снова",
  conflict: "Запрос уже выполняется. Подождите несколько секунд и попробуйте снова",
  request_timeout: "Сервер не успел ответить. Попробуйте ещё раз",
  hook_timeout: "Сервер не успел проверить запрос. Попробуйте ещё раз через минуту",
  hook_timeout_after_retry: "Сервер не успел проверить запрос. Попробуйте ещё раз через минуту",
  hook_payload_over_size_limit: "Сервер не смог проверить запрос. Попробуйте позже или напишите в поддержку школы",
  hook_payload_invalid_content_type: "Сервер не смог проверить запрос. Попробуйте позже или напишите в поддержку школы",
};

/** What the owner should change when a hosted project refuses for one of its settings. */
const OWNER_HINTS: Record<string, string> = {
  email_address_not_authorized:
    "Supabase's built-in mailer sends only to the project team's addresses: set up custom SMTP (Authentication → Emails → SMTP Settings)",
  signup_disabled: "sign-ups are off (Authentication → Sign In / Providers → Allow new users to sign up)",
  email_provider_disabled: "the Email provider is off (Authentication → Sign In / Providers → Email)",
  hook_timeout: "an Auth hook did not answer in time (Authentication → Hooks)",
  hook_timeout_after_retry: "an Auth hook did not answer in time (Authentication → Hooks)",
  hook_payload_over_size_limit: "an Auth hook's payload is too large (Authentication → Hooks)",
  hook_payload_invalid_content_type: "an Auth hook answered with the wrong content type (Authentication → Hooks)",
  captcha_failed: "the project requires CAPTCHA (Authentication → Attack Protection), which the app does not send",
};

/** In the order Supabase Auth checks them: the leak check runs only on a long and varied password. */
const WEAK_PASSWORD_REASONS: [string, string][] = [
  ["length", "Пароль слишком короткий для настроек школы: выберите пароль длиннее"],
  ["characters", "Пароль слишком простой: добавьте строчные и заглавные буквы, цифры и символы"],
  ["pwned", "Этот пароль встречался в утечках данных: выберите другой"],
];

export interface ProviderError {
  code?: string;
  message: string;
  status?: number;
  /** `weak_password`'s reasons (supabase-js's AuthWeakPasswordError): length, characters, pwned. */
  reasons?: readonly string[];
}

export function authErrorMessage(error: ProviderError): string {
  if (error.code && OWNER_HINTS[error.code]) console.error(`auth: ${error.code}: ${OWNER_HINTS[error.code]}`);
  if (error.code === "over_email_send_rate_limit") {
    const seconds = error.message.match(/(\d+) seconds?/)?.[1];
    if (seconds) return `Письмо уже отправлено. Повторить можно через ${seconds} с`;
    // Without a wait for one address, it is the project's hourly limit for all of them.
    console.error("auth: the project's e-mail limit is reached (built-in mailer: 2 an hour); custom SMTP raises it (Authentication → Rate Limits)");
    return "Лимит писем исчерпан. Попробуйте позже";
  }
  if (error.code === "weak_password") {
    const reason = WEAK_PASSWORD_REASONS.find(([name]) => error.reasons?.includes(name));
    if (reason) return reason[1];
  }
  if (error.code && MESSAGES[error.code]) return MESSAGES[error.code];
  // The project's own Auth hooks (supabase/migrations) refuse in Russian; Supabase Auth passes
  // their message on with the code "unknown".
  if (error.code === "unknown" && error.status && error.status < 500 && /[а-яё]/i.test(error.message)) return error.message;
  // Supabase Auth answers 500 "Error sending confirmation email" (recovery, magic link, email
  // change…) when the project's SMTP server refuses: the server is up, the mail is not.
  if (error.status && error.status >= 500 && /^Error sending .*email/i.test(error.message)) {
    console.error(`auth: ${error.message}: check the project's SMTP settings (Authentication → Emails → SMTP Settings)`);
    return "Не удалось отправить письмо. Попробуйте позже или напишите в поддержку школы";
  }
  if (!error.status || error.status >= 500) return "Сервер недоступен. Попробуйте ещё раз чуть позже";
  console.error("auth: untranslated provider error", error.code, error.message);
  return "Не удалось выполнить запрос. Попробуйте ещё раз";
}
