import { z } from "./zod";
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, RECOVERY_CODE_MAX_DIGITS, RECOVERY_CODE_MIN_DIGITS } from "./limits";

/** The auth forms' rules (docs/product.md §5), shared by the forms and the server actions. */

export { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, PASSWORD_NATIVE_MIN, RECOVERY_CODE_MAX_DIGITS, RECOVERY_CODE_MIN_DIGITS } from "./limits";
/** Bumped whenever /privacy changes in substance; stored with each consent. */
export const PRIVACY_POLICY_VERSION = "2026-11-22";

const INVALID_EMAIL = "Неверный формат email";
const INVALID_NAME = "Имя может содержать только буквы, пробелы и дефисы";

/**
 * Letters of the Latin and Cyrillic scripts, each with its combining accents (і, ї, є, ґ, ў, ә, ө,
 * é, ñ…), spaces and hyphens, with at least one letter. Script classes rather than ranges, so no
 * alphabet of either script is left out.
 */
const NAME_PATTERN = new RegExp("^(?=.*\\p{L})(?:[[\\p{Script=Latin}\\p{Script=Cyrillic}]&&\\p{L}]\\p{M}*|[ \\-])+$", "v");

const email = z.string().trim().email({ message: INVALID_EMAIL });

const newPassword = z
  .string()
  .min(PASSWORD_MIN, { message: `Пароль должен быть не менее ${PASSWORD_MIN} символов` })
  .max(PASSWORD_MAX, { message: "Пароль слишком длинный" });

export const signUpSchema = z.object({
  fullName: z
    .string()
    .trim()
    .normalize("NFC")
    .min(1, { message: "Введите имя" })
    .max(NAME_MAX, { message: "Имя слишком длинное" })
    .regex(NAME_PATTERN, { message: INVALID_NAME }),
  email: email.max(EMAIL_MAX, { message: "Email слишком длинный" }),
  password: newPassword,
  /** The checkbox as a form posts it: "on" when ticked, absent when not. */
  privacyConsent: z.literal("on", { message: "Подтвердите согласие на обработку персональных данных" }),
});

export const signInSchema = z.object({
  email,
  password: z.string().min(1, { message: "Введите пароль" }),
});

export const recoverySchema = z.object({ email });

export const recoveryCodeSchema = z.object({
  email,
  code: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${RECOVERY_CODE_MIN_DIGITS},${RECOVERY_CODE_MAX_DIGITS}}$`), {
      message: `Введите код из письма: от ${RECOVERY_CODE_MIN_DIGITS} до ${RECOVERY_CODE_MAX_DIGITS} цифр`,
    }),
});

export const newPasswordSchema = z
  .object({ password: newPassword, confirmation: z.string() })
  .refine((value) => value.password === value.confirmation, {
    message: "Пароли не совпадают",
    path: ["confirmation"],
  });

export type SignUpInput = z.infer<typeof signUpSchema>;
export type SignInInput = z.infer<typeof signInSchema>;
export type RecoveryInput = z.infer<typeof recoverySchema>;
export type RecoveryCodeInput = z.infer<typeof recoveryCodeSchema>;
export type NewPasswordInput = z.infer<typeof newPasswordSchema>;

/** The message a toast shows for a failed validation: the first issue, in field order. */
export function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? "Проверьте введённые данные";
}
