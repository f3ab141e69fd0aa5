import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import type { HealthSettings } from "./types";

/**
 * Untyped clients: the checks ask for what the project should have (api_privileges, the worker's
 * tables) and parse the answers themselves, whatever the generated types of this checkout say.
 */
export type HealthClient = SupabaseClient;

const options = { auth: { persistSession: false, autoRefreshToken: false } };

export function clientWith(settings: HealthSettings, key: string): HealthClient {
  return createClient(settings.supabaseUrl, key, options);
}

/** A check's network call that takes longer than this fails the check instead of hanging the doctor. */
export const CHECK_TIMEOUT_MS = 15_000;

export async function fetchWithTimeout(url: string, init: RequestInit = {}, timeoutMs = CHECK_TIMEOUT_MS): Promise<Response> {
  return fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
}

const NETWORK_ERRORS: Record<string, string> = {
  ECONNREFUSED: "соединение отклонено",
  ENOTFOUND: "адрес не найден в DNS",
  EAI_AGAIN: "DNS не отвечает",
  ETIMEDOUT: "нет ответа",
  ECONNRESET: "соединение оборвалось",
  CERT_HAS_EXPIRED: "сертификат просрочен",
};

/** A thrown value as one line: fetch's «fetch failed» carries its reason (ECONNREFUSED) in `cause`. */
export function describeError(thrown: unknown): string {
  if (!(thrown instanceof Error)) return String(thrown);
  if (thrown.name === "TimeoutError") return `нет ответа за ${CHECK_TIMEOUT_MS / 1000} с`;
  const cause = thrown.cause instanceof Error ? thrown.cause : thrown;
  const code = "code" in cause && typeof cause.code === "string" ? cause.code : null;
  if (code && NETWORK_ERRORS[code]) return `${NETWORK_ERRORS[code]}, ${code}`;
  return cause === thrown ? thrown.message : `${thrown.message} (${code ?? cause.message})`;
}
