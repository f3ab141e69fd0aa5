import { pluralRu } from "./plural";

/** How long a purchase opens the course: «Доступ на 30 дней», or for as long as the cohort lasts. */
export const accessDaysLabel = (days: number | null) =>
  days ? `Доступ на ${pluralRu(days, { one: "день", few: "дня", many: "дней" })} с оплаты` : "Доступ на всё время потока";

/** «12 уроков», «уроки скоро» for a tool or module with none published yet. */
export const lessonsCountLabel = (count: number) => (count ? pluralRu(count, { one: "урок", few: "урока", many: "уроков" }) : "уроки скоро");
