import { z } from "./zod";

/** The checkout form (/courses/{slug}/checkout), shared by the form and its server action. */

/** The version of the offer agreement (/oferta) a buyer accepts: bump it whenever the text changes. */
export const OFFER_TERMS_VERSION = "2026-11-28";

export const checkoutSchema = z.object({
  offerId: z.uuid({ message: "Курс не найден" }),
  code: z
    .string()
    .trim()
    .max(40, { message: "Промокод — не длиннее 40 символов" })
    .regex(/^[A-Za-z0-9_-]*$/, { message: "Промокод состоит из латинских букв, цифр, дефиса и подчёркивания" }),
  terms: z.literal("on", { message: "Чтобы купить курс, примите условия договора-оферты" }),
});
export type CheckoutInput = z.infer<typeof checkoutSchema>;
