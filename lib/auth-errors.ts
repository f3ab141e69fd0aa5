/** Russian texts for the auth provider's error codes; nothing the provider says reaches people in English. */
const MESSAGES: Record<string, string> = {
  invalid_credentials: "Неверный email или пароль",
  user_already_exists: "Пользователь с таким email уже зарегистрирован",
  email_exists: "Пользователь с таким email уже зарегистрирован",
  weak_password: "Пароль слишком простой: выберите более надёжный",
  over_request_rate_limit: "Слишком много попыток. Подождите несколько минут и попробуйте снова",
  email_not_confirmed: "Email не подтверждён: откройте письмо со ссылкой",
  same_password: "Новый пароль должен отличаться от старого",
  signup_disabled: "Регистрация временно закрыта",
  email_address_invalid: "Неверный формат email",
  validation_failed: "Проверьте введённые данные",
  otp_expired: "Код неверный или устарел. Запросите новое письмо",
  user_banned: "Доступ к аккаунту приостановлен. Напишите в поддержку школы",
  session_not_found: "Сессия завершена. Войдите снова",
  reauthentication_needed: "Войдите снова, чтобы сменить пароль",
};

export interface ProviderError {
  code?: string;
  message: string;
  status?: number;
}

export function authErrorMessage(error: ProviderError): string {
  if (error.code === "over_email_send_rate_limit") {
    const seconds = error.message.match(/(\d+) seconds?/)?.[1];
    return seconds
      ? `Письмо уже отправлено. Повторить можно через ${seconds} с`
      : "Лимит писем исчерпан. Попробуйте позже";
  }
  if (error.code && MESSAGES[error.code]) return MESSAGES[error.code];
  // The project's own Auth hooks (supabase/migrations) refuse in Russian; Supabase Auth passes
  // their message on with the code "unknown".
  if (error.code === "unknown" && error.status && error.status < 500 && /[а-яё]/i.test(error.message)) return error.message;
  if (!error.status || error.status >= 500) return "Сервер недоступен. Попробуйте ещё раз чуть позже";
  console.error("auth: untranslated provider error", error.code, error.message);
  return "Не удалось выполнить запрос. Попробуйте ещё раз";
}
