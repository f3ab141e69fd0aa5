import { MAX_PRICE_KOPECKS, rublesInputToKopecks } from "@/lib/payments/money";
import { z } from "./zod";

/** Inputs of the offers admin (/admin/offers), shared by its form and its server actions. */

export const SLUG_MAX = 80;
export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 20_000;
export const ACCESS_DAYS_MAX = 3650;

/** Latin lowercase words of letters and digits joined by single hyphens (the database's offers_slug_form). */
export const SLUG_FORM = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export const MESSAGES = {
  title: `Название — от 1 до ${TITLE_MAX} символов`,
  slug: "Адрес — латинские строчные буквы, цифры и дефисы между ними",
  slugLength: `Адрес — не длиннее ${SLUG_MAX} символов`,
  slugTaken: "Такой адрес уже занят другим предложением",
  description: "Описание — не длиннее 20 000 символов",
  price: "Цена в рублях: например 4900 или 4900,50",
  priceRange: "Цена — от 0 до 1 000 000 ₽",
  group: "Выберите группу, в которую попадёт покупатель",
  accessDays: `Дни доступа — целое число от 1 до ${ACCESS_DAYS_MAX}, или оставьте пустым`,
} as const;

const price = z.string().transform((typed, context) => {
  const kopecks = rublesInputToKopecks(typed);
  if (kopecks === null) {
    context.addIssue({ code: "custom", message: MESSAGES.price });
    return z.NEVER;
  }
  if (kopecks > MAX_PRICE_KOPECKS) {
    context.addIssue({ code: "custom", message: MESSAGES.priceRange });
    return z.NEVER;
  }
  return kopecks;
});

/** Empty: for as long as the group's grants last; otherwise whole days from the payment. */
const accessDays = z.string().transform((typed, context) => {
  const value = typed.trim();
  if (!value) return null;
  const days = /^\d{1,4}$/.test(value) ? Number(value) : NaN;
  if (days >= 1 && days <= ACCESS_DAYS_MAX) return days;
  context.addIssue({ code: "custom", message: MESSAGES.accessDays });
  return z.NEVER;
});

export const offerSchema = z.object({
  id: z.uuid().optional(),
  title: z.string().trim().min(1, MESSAGES.title).max(TITLE_MAX, MESSAGES.title),
  slug: z.string().trim().max(SLUG_MAX, MESSAGES.slugLength).regex(SLUG_FORM, MESSAGES.slug),
  description_md: z.string().max(DESCRIPTION_MAX, MESSAGES.description),
  price,
  group_id: z.uuid(MESSAGES.group),
  access_days: accessDays,
  is_published: z.boolean(),
});
export type OfferForm = z.input<typeof offerSchema>;
export type OfferValues = z.output<typeof offerSchema>;

export const offerIdSchema = z.uuid();

const LATIN: Record<string, string> = {
  а: "a", б: "b", в: "v", г: "g", д: "d", е: "e", ё: "e", ж: "zh", з: "z", и: "i", й: "y", к: "k", л: "l", м: "m", н: "n", о: "o",
  п: "p", р: "r", с: "s", т: "t", у: "u", ф: "f", х: "h", ц: "ts", ч: "ch", ш: "sh", щ: "shch", ъ: "", ы: "y", ь: "", э: "e", ю: "yu",
  я: "ya",
};

/** An address suggested from a title: «Курс для начинающих» → kurs-dlya-nachinayushchih. */
export function slugFromTitle(title: string): string {
  const latin = [...title.toLowerCase()].map((letter) => LATIN[letter] ?? letter).join("");
  return latin
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_MAX)
    .replace(/-+$/, "");
}
