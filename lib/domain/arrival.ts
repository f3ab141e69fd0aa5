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
} as const;

export type Arrival = keyof typeof ARRIVALS;

export const ARRIVAL_PARAM = "welcome";

export const arrivalPath = (arrival: Arrival, path = "/dashboard") => `${path}?${ARRIVAL_PARAM}=${arrival}`;

export const arrivalOf = (value: string | null): Arrival | null => (value !== null && Object.hasOwn(ARRIVALS, value) ? (value as Arrival) : null);
