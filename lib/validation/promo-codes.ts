import { parseMoscowInput } from "@/lib/domain/dates";
import { rublesInputToKopecks } from "@/lib/payments/money";
import { z } from "./zod";

/** A new promo code (/admin/promo-codes), shared by its form and server action. */

export const promoCodeSchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{3,40}$/, { message: "Код — от 3 до 40 латинских букв, цифр, дефисов и подчёркиваний" }),
    kind: z.enum(["percent", "amount"], { message: "Выберите вид скидки" }),
    value: z.string().trim().max(20),
    offerId: z.union([z.literal(""), z.uuid({ message: "Курс не найден" })]),
    maxUses: z
      .string()
      .trim()
      .regex(/^\d{0,6}$/, { message: "Число использований — целое, от 1" }),
    expiresAt: z.string().trim().max(20),
  })
  .transform((input, context) => {
    const percent = input.kind === "percent" ? Number(input.value) : null;
    const amount = input.kind === "amount" ? rublesInputToKopecks(input.value) : null;
    if (input.kind === "percent" && !(Number.isInteger(percent) && percent! >= 1 && percent! <= 100)) {
      context.addIssue({ code: "custom", path: ["value"], message: "Скидка в процентах — целое число от 1 до 100" });
    }
    if (input.kind === "amount" && !(amount && amount > 0)) {
      context.addIssue({ code: "custom", path: ["value"], message: "Скидка в рублях, например 500 или 499,90" });
    }
    const maxUses = input.maxUses === "" ? null : Number(input.maxUses);
    if (maxUses === 0) context.addIssue({ code: "custom", path: ["maxUses"], message: "Число использований — целое, от 1" });
    const expires = input.expiresAt === "" ? null : parseMoscowInput(input.expiresAt);
    if (expires && !expires.ok) context.addIssue({ code: "custom", path: ["expiresAt"], message: expires.error });
    return {
      code: input.code,
      percent_off: percent,
      amount_off_kopecks: amount,
      offer_ids: input.offerId ? [input.offerId] : null,
      max_uses: maxUses,
      expires_at: expires?.ok ? expires.iso : null,
    };
  });
