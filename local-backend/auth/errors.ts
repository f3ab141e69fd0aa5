import { json, type Reply } from "../http";

/** Supabase Auth's error body for API version 2024-01-01 (what supabase-js sends), plus its header. */
export function authError(status: number, code: string, message: string, extra: object = {}): Reply {
  return json(status, { code, error_code: code, msg: message, message, ...extra }, { "x-sb-error-code": code });
}

export const badJson = () => authError(400, "bad_json", "Could not parse request body as JSON");
export const invalidCredentials = () => authError(400, "invalid_credentials", "Invalid login credentials");
export const invalidEmail = () => authError(400, "validation_failed", "Unable to validate email address: invalid format");
export const requestRateLimited = () => authError(429, "over_request_rate_limit", "Request rate limit reached");
export const emailRateLimited = () => authError(429, "over_email_send_rate_limit", "email rate limit exceeded");
export const emailTooSoon = (seconds: number) =>
  authError(429, "over_email_send_rate_limit", `For security purposes, you can only request this after ${seconds} seconds.`);

/**
 * An error Supabase Auth raises without an error code (a hook's refusal, a hook that failed): its
 * body names `unexpected_failure` for a 500 and `unknown` otherwise, and no x-sb-error-code header is sent.
 */
export function uncodedAuthError(status: number, message: string): Reply {
  const code = status === 500 ? "unexpected_failure" : "unknown";
  return json(status, { code, error_code: code, msg: message, message });
}
