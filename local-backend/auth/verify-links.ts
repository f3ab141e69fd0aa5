import { createHash, randomInt } from "node:crypto";
import { redirect, type Reply } from "../http";

/** GoTrue's token hash: hex SHA-224 of the lowercased email and the code. */
export const tokenHashOf = (email: string, otp: string) => createHash("sha224").update(email + otp).digest("hex");

export const randomOtp = (length: number) => String(randomInt(0, 10 ** length)).padStart(length, "0");

/** An email's link to GET /verify, its query in GoTrue's order (templatemailer's getPath). */
export const verifyUrl = (publicUrl: string, tokenHash: string, type: string, redirectTo: string) =>
  `${publicUrl}/auth/v1/verify?${new URLSearchParams({ token: tokenHash, type, redirect_to: redirectTo })}`;

/** A refusal of /verify, answered as JSON to a POST and as a redirect to a link. */
export interface AuthFailure {
  status: number;
  code: string;
  message: string;
}

/** Thrown inside a transaction to roll it back and answer with the failure. */
export class VerifyFailure extends Error {
  constructor(readonly failure: AuthFailure) {
    super(failure.message);
  }
}

export const linkExpired: AuthFailure = { status: 403, code: "otp_expired", message: "Email link is invalid or has expired" };
export const codeExpired: AuthFailure = { status: 403, code: "otp_expired", message: "Token has expired or is invalid" };

const OAUTH_ERRORS: Record<number, string> = {
  400: "invalid_request",
  401: "unauthorized_client",
  403: "access_denied",
  500: "server_error",
  503: "temporarily_unavailable",
};

/** GoTrue's prepErrorRedirectURL: the error in the fragment, and in the query too for a PKCE link. */
export function errorRedirect(redirectTo: string, failure: AuthFailure, isPkce: boolean): Reply {
  const error = OAUTH_ERRORS[failure.status];
  const values = { ...(error ? { error } : {}), error_code: failure.code, error_description: failure.message };
  const url = new URL(redirectTo);
  if (isPkce) {
    for (const [key, value] of Object.entries(values)) url.searchParams.set(key, value);
    url.searchParams.sort();
  }
  url.hash = new URLSearchParams({ ...values, sb: "" }).toString();
  return redirect(url.toString());
}

/** GoTrue's prepRedirectURL: a message in the fragment (and the query of a PKCE link), the query re-encoded as Go does. */
export function messageRedirect(redirectTo: string, message: string, isPkce: boolean): Reply {
  const url = new URL(redirectTo);
  if (isPkce) url.searchParams.set("message", message);
  url.searchParams.sort();
  url.hash = new URLSearchParams({ message, sb: "" }).toString();
  return redirect(url.toString());
}

/** A PKCE link's success: the auth code merged into the query, whose keys Go sorts. */
export function codeRedirect(redirectTo: string, authCode: string): Reply {
  const url = new URL(redirectTo);
  url.searchParams.set("code", authCode);
  url.searchParams.sort();
  return redirect(url.toString());
}

interface SessionTokens {
  access_token: string;
  expires_at: number;
  expires_in: number;
  refresh_token: string;
}

/** An implicit link's success: the session in the fragment (AccessTokenResponse.AsRedirectURL). */
export function sessionRedirect(redirectTo: string, session: SessionTokens, type: string): Reply {
  const url = new URL(redirectTo);
  url.hash = new URLSearchParams({
    access_token: session.access_token,
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
    refresh_token: session.refresh_token,
    sb: "",
    token_type: "bearer",
    type,
  }).toString();
  return redirect(url.toString());
}
