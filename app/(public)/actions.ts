"use server";

import { headers } from "next/headers";
import type { ZodType } from "zod";
import { authErrorMessage } from "@/lib/auth-errors";
import { createClient } from "@/lib/supabase/server";
import {
  firstIssue,
  newPasswordSchema,
  recoverySchema,
  signInSchema,
  signUpSchema,
} from "@/lib/validation/auth";

/** What the auth form shows: a toast title and text, and where to go next. */
export type AuthResult =
  | { ok: true; needsConfirmation?: boolean }
  | { ok: false; title: "Ошибка валидации" | "Ошибка"; message: string };

function validate<T>(schema: ZodType<T>, input: unknown): { ok: true; data: T } | { ok: false; result: AuthResult } {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, data: parsed.data };
  return { ok: false, result: { ok: false, title: "Ошибка валидации", message: firstIssue(parsed.error) } };
}

const failure = (error: { code?: string; message: string; status?: number }): AuthResult => ({
  ok: false,
  title: "Ошибка",
  message: authErrorMessage(error),
});

async function siteOrigin() {
  const list = await headers();
  const origin = list.get("origin");
  if (origin) return origin;
  const host = list.get("x-forwarded-host") ?? list.get("host") ?? "localhost:3000";
  return `${list.get("x-forwarded-proto") ?? "http"}://${host}`;
}

export async function signIn(input: unknown): Promise<AuthResult> {
  const valid = validate(signInSchema, input);
  if (!valid.ok) return valid.result;
  const supabase = await createClient();
  const { error } = await supabase.auth.signInWithPassword(valid.data);
  return error ? failure(error) : { ok: true };
}

export async function signUp(input: unknown): Promise<AuthResult> {
  const valid = validate(signUpSchema, input);
  if (!valid.ok) return valid.result;
  const { email, password, fullName } = valid.data;
  const supabase = await createClient();
  const { data, error } = await supabase.auth.signUp({
    email,
    password,
    options: { data: { full_name: fullName }, emailRedirectTo: `${await siteOrigin()}/auth/callback` },
  });
  if (error) return failure(error);
  // A hosted project that requires email confirmation answers without a session.
  return { ok: true, needsConfirmation: !data.session };
}

export async function requestPasswordReset(input: unknown): Promise<AuthResult> {
  const valid = validate(recoverySchema, input);
  if (!valid.ok) return valid.result;
  const supabase = await createClient();
  const { error } = await supabase.auth.resetPasswordForEmail(valid.data.email, {
    redirectTo: `${await siteOrigin()}/auth/callback?next=/auth/reset-password`,
  });
  return error ? failure(error) : { ok: true };
}

export async function updatePassword(input: unknown): Promise<AuthResult> {
  const valid = validate(newPasswordSchema, input);
  if (!valid.ok) return valid.result;
  const supabase = await createClient();
  const { error } = await supabase.auth.updateUser({ password: valid.data.password });
  return error ? failure(error) : { ok: true };
}
