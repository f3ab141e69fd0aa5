import { z } from "zod";

/** The auth form's rules (SPEC.md §5), shared by the form and the server actions. */

export const EMAIL_MAX = 255;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 100;
export const PASSWORD_NATIVE_MIN = 6;
export const NAME_MAX = 100;

const email = z
  .string()
  .trim()
  .email({ message: "Неверный формат email" })
  .max(EMAIL_MAX, { message: "Email слишком длинный" });

const newPassword = z
  .string()
  .min(PASSWORD_MIN, { message: `Пароль должен быть не менее ${PASSWORD_MIN} символов` })
  .max(PASSWORD_MAX, { message: "Пароль слишком длинный" });

export const signUpSchema = z.object({
  fullName: z
    .string()
    .trim()
    .min(1, { message: "Введите имя" })
    .max(NAME_MAX, { message: "Имя слишком длинное" })
    .regex(/^[A-Za-zА-Яа-яЁё -]+$/, { message: "Имя может содержать только буквы, пробелы и дефисы" }),
  email,
  password: newPassword,
});

export const signInSchema = z.object({
  email: z.string().trim().email({ message: "Неверный формат email" }),
  password: z.string().min(1, { message: "Введите пароль" }),
});

export const recoverySchema = z.object({
  email: z.string().trim().email({ message: "Неверный формат email" }),
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
export type NewPasswordInput = z.infer<typeof newPasswordSchema>;

/** The message a toast shows for a failed validation: the first issue, in field order. */
export function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? "Проверьте введённые данные";
}
