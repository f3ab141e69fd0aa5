/** The days «Выручка» covers, today included (on «Заказы» and in «Аналитика»). */
export const REVENUE_DAYS = 30;
