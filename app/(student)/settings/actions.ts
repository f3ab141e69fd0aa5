"use server";

import { redirect } from "next/navigation";
import { defineAction, defineStateAction, fail, ok } from "@/lib/actions";
import { authErrorMessage } from "@/lib/auth-errors";
import { arrivalPath } from "@/lib/domain/arrival";
import * as settings from "@/lib/mutations/settings";
import { sendEmailProof } from "@/lib/notifications/email-proof";
import { telegramConfigured, telegramDeepLink } from "@/lib/notifications/telegram";
import { closePreview } from "@/lib/preview";
import { SITE_URL } from "@/lib/site";
import { createAuthClient, createServiceClient } from "@/lib/supabase/server";
import {
  deleteAccountSchema,
  EMAIL_MISMATCH,
  emailChangeSchema,
  nameSchema,
  passwordChangeSchema,
  preferenceSchema,
  SAME_EMAIL,
  sameEmail,
  TELEGRAM_NOT_CONFIGURED,
} from "@/lib/validation/settings";
import { z } from "@/lib/validation/zod";

/**
 * «Настройки», for every signed-in user: each action changes the caller's own account only.
 * Auth changes go through Supabase Auth with the caller's session; the data ones through their
 * data client, under row level security.
 */

/** Where the address-change links land: the app's own confirm page, on the configured site only. */
const EMAIL_CHANGE_REDIRECT = `${SITE_URL}/auth/confirm?${new URLSearchParams({ next: "/settings" })}`;

export const changeName = defineAction({ role: "student", schema: nameSchema, failure: "Не удалось сохранить имя" }, async ({ data, user, supabase }) => {
  await settings.renameSelf(supabase, user.id, data.fullName);
  return ok(undefined, "Имя сохранено");
});

/**
 * Secure e-mail change: Supabase Auth writes to the old and the new address, and switches only
 * once both links are opened. A project that confirms nothing (mailer autoconfirm) switches at once.
 */
export const changeEmail = defineAction({ role: "student", schema: emailChangeSchema }, async ({ data, user }) => {
  if (sameEmail(data.email, user.email)) return fail(SAME_EMAIL, { email: SAME_EMAIL });
  const auth = await createAuthClient();
  const { data: answer, error } = await auth.updateUser({ email: data.email }, { emailRedirectTo: EMAIL_CHANGE_REDIRECT });
  if (error) return fail(authErrorMessage(error));
  if (sameEmail(answer.user.email ?? "", data.email)) return ok({ pending: false }, "Адрес e-mail изменён");
  return ok({ pending: true }, "Мы отправили письма на старый и новый адрес. Подтвердите смену по ссылкам из обоих писем.");
});

export const changePassword = defineAction({ role: "student", schema: passwordChangeSchema }, async ({ data }) => {
  const auth = await createAuthClient();
  const { error } = await auth.updateUser({ password: data.password });
  return error ? fail(authErrorMessage(error)) : ok(undefined, "Пароль изменён");
});

export const setNotificationPreference = defineAction(
  { role: "student", schema: preferenceSchema, failure: "Не удалось сохранить настройку" },
  async ({ data, user, supabase }) => {
    await settings.setPreference(supabase, user.id, data);
    return ok(undefined, "Настройка сохранена");
  },
);

/** A new letter with the link that proves a sign-up's address (migration …1400), at most one a minute. */
export const resendEmailProof = defineAction({ role: "student", schema: z.undefined() }, async ({ user }) => {
  const sent = await sendEmailProof(user.id, user.email);
  if (sent === "sent") return ok(undefined, `Письмо отправлено на ${user.email}`);
  if (sent === "not-needed") return ok(undefined, "Адрес уже подтверждён");
  return fail(sent === "too-soon" ? "Письмо можно отправлять не чаще раза в минуту. Подождите немного" : "Не удалось отправить письмо. Попробуйте позже");
});

/** The bot's deep link with a fresh one-time token: the bot links the chat when the person presses «Запустить». */
export const connectTelegram = defineAction({ role: "student", schema: z.undefined() }, async ({ supabase }) => {
  if (!telegramConfigured()) return fail(TELEGRAM_NOT_CONFIGURED);
  const token = await settings.createTelegramLinkToken(supabase);
  return ok({ link: telegramDeepLink(token) });
});

export const disconnectTelegram = defineAction({ role: "student", schema: z.undefined() }, async ({ user, supabase }) => {
  await settings.unlinkTelegram(supabase, user.id);
  return ok(undefined, "Telegram отключён");
});

/**
 * Deletes the caller's own account once they typed its address: their homework files, then the
 * Auth user (every row of theirs goes with it), then the session cookies, and leads home. A form's
 * action, posted by the browser before the page's script too.
 */
export const deleteAccount = defineStateAction(
  { role: "student", schema: deleteAccountSchema, shown: ["email"], failure: "Не удалось удалить аккаунт. Попробуйте ещё раз" },
  async ({ data, user, supabase }) => {
    const auth = await createAuthClient();
    // The address as Auth has it now: the access token's may predate a change.
    const { data: current } = await auth.getUser();
    if (!sameEmail(data.email, current.user?.email ?? user.email)) return fail(EMAIL_MISMATCH, { email: EMAIL_MISMATCH });
    await settings.refuseLastAdmin(supabase, user.id);
    await settings.deleteAccount(createServiceClient(), user.id);
    const { error } = await auth.signOut();
    // The user is gone, so the session is too; the cookies are cleared either way.
    if (error) console.error("account deletion: sign-out failed:", error.message);
    await closePreview();
    // Home, which says so: whether React or the browser itself posted the form.
    redirect(arrivalPath("account-deleted", "/"));
  },
);
