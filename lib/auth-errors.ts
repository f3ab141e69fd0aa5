/** Russian texts for the auth provider's known error codes; other messages are shown as given. */
const MESSAGES: Record<string, string> = {
  invalid_credentials: "Неверный email или пароль",
  user_already_exists: "Пользователь с таким email уже зарегистрирован",
  email_exists: "Пользователь с таким email уже зарегистрирован",
  weak_password: "Пароль слишком простой: выберите более надёжный",
  over_request_rate_limit: "Слишком много попыток. Подождите несколько минут и попробуйте снова",
  email_not_confirmed: "Email не подтверждён: откройте письмо со ссылкой",
  same_password: "Новый пароль должен отличаться от старого",
  signup_disabled: "Регистрация временно закрыта",
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
      : "Письмо уже отправлено. Попробуйте позже";
  }
  if (error.code && MESSAGES[error.code]) return MESSAGES[error.code];
  if (!error.status || error.status >= 500) return "Сервер недоступен. Попробуйте ещё раз чуть позже";
  return error.message;
}
