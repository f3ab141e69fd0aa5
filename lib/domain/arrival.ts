/**
 * Toasts said on the page a form's redirect leads to: the redirect carries which one in `?welcome=`,
 * whether React or the browser itself posted the form, and the page says it once its script runs.
 */
export const ARRIVALS = {
  "signed-in": { title: "Вход выполнен", description: "Добро пожаловать!" },
  "signed-up": {
    title: "Регистрация успешна",
    description: "Добро пожаловать! Подтвердите адрес по ссылке из письма: до тех пор письма школы и Telegram ждут (подробнее в «Настройках»)",
  },
  "new-password": { title: "Пароль обновлён", description: "Вы уже вошли. В следующий раз входите с новым паролем" },
  // These end the session: the browser's other tabs are told (arrivalSignsOut).
  "signed-out": { title: "Вы вышли из аккаунта", description: "Чтобы продолжить обучение, войдите снова", signsOut: true },
  "account-deleted": { title: "Аккаунт удалён", description: "Ваши данные удалены из школы", signsOut: true },
} as const;

/** Whether an arrival ends the session the browser's other tabs still show. */
export const arrivalSignsOut = (arrival: Arrival): boolean => "signsOut" in ARRIVALS[arrival];

export type Arrival = keyof typeof ARRIVALS;

export const ARRIVAL_PARAM = "welcome";

/** The page a form leads to, saying which toast to show there (after the path's own query, if it has one). */
export const arrivalPath = (arrival: Arrival, path = "/dashboard") => `${path}${path.includes("?") ? "&" : "?"}${ARRIVAL_PARAM}=${arrival}`;

export const arrivalOf = (value: string | null): Arrival | null => (value !== null && Object.hasOwn(ARRIVALS, value) ? (value as Arrival) : null);
