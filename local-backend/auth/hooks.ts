import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { PgFunctionHook } from "../config";
import type { Database, Transaction } from "../database";
import { ReplyError, type Reply } from "../http";
import type { Claims } from "../keys";
import { authError, uncodedAuthError } from "./errors";

/**
 * Supabase Auth's hooks for `pg-functions://` URIs (internal/hooks/hookspgfunc): the function gets
 * the event as jsonb, as supabase_auth_admin (the role Supabase Auth connects as, with its
 * search_path `auth`) under a 2 s statement timeout, and answers jsonb. An answer
 * `{ error: { message, http_code } }` with a message refuses the request with that status (500
 * when it names none), the message and code `unknown` (hookserrors.Check).
 */

const hookErrorAnswer = z.object({
  error: z.object({ http_code: z.number().int().nullish(), message: z.string().nullish() }).nullish(),
});

/** The refusal an answer carries, if any; an answer Go cannot read as one is no refusal. */
function hookRefusal(output: unknown): Reply | null {
  const parsed = hookErrorAnswer.safeParse(output);
  const error = parsed.success ? parsed.data.error : null;
  if (!error?.message) return null;
  const status = error.http_code || 500;
  // Go's HTTP server refuses to write such a status and answers 500 instead.
  if (status < 100 || status > 999) return uncodedAuthError(500, "Internal Server Error");
  return uncodedAuthError(status, error.message);
}

/** Calls the function in `tx`; a failing call (an exception, no permission) throws a 500 ReplyError. */
async function callHookFunction(tx: Transaction, hook: PgFunctionHook, event: object): Promise<unknown> {
  try {
    await tx.exec(`set local role supabase_auth_admin; set local search_path = auth; set local statement_timeout = 2000`);
    const { rows } = await tx.query<{ output: unknown }>(`select "${hook.schema}"."${hook.name}"($1::jsonb) as output`, [
      JSON.stringify(event),
    ]);
    await tx.exec(`reset role; reset search_path; set local statement_timeout to default`);
    return rows[0].output;
  } catch (error) {
    console.error(`[auth] ${hook.uri} failed:`, (error as Error).message);
    throw new ReplyError(uncodedAuthError(500, `Error running hook URI: ${hook.uri}`));
  }
}

/** The `metadata` of every hook event (v0hooks.NewMetadata). */
const hookMetadata = (name: string, ipAddress: string) => ({ uuid: randomUUID(), time: new Date().toISOString(), name, ip_address: ipAddress });

const REQUIRED_CLAIMS = ["aud", "exp", "iat", "sub", "role", "aal", "session_id", "email", "phone", "is_anonymous"] as const;
const claimsAnswer = z.object({
  claims: z.looseObject(Object.fromEntries(REQUIRED_CLAIMS.map((name) => [name, z.unknown().refine((value) => value !== undefined)]))),
});

export interface AccessTokenHookInput {
  user_id: string;
  claims: Claims;
  authentication_method: string;
}

/**
 * The Custom Access Token Hook: before an access token is signed, inside the transaction that
 * issues it, { user_id, claims, authentication_method } → { claims }. Claims without the ones
 * Supabase Auth requires are refused; every refusal throws, rolling the transaction back.
 */
export async function customizeAccessToken(tx: Transaction, hook: PgFunctionHook | null, input: AccessTokenHookInput): Promise<Claims> {
  if (!hook) return input.claims;
  const output = await callHookFunction(tx, hook, input);
  const refusal = hookRefusal(output);
  if (refusal) throw new ReplyError(refusal);
  // Supabase Auth's own messages (CustomAccessTokenOutput.UnmarshalJSON, then the schema check).
  if (output === null || typeof output !== "object" || !("claims" in output)) {
    throw new ReplyError(uncodedAuthError(500, "output claims field is missing"));
  }
  const parsed = claimsAnswer.safeParse(output);
  if (!parsed.success) throw new ReplyError(uncodedAuthError(500, "output claims do not conform to the expected schema"));
  return parsed.data.claims as Claims;
}

/**
 * The Before User Created Hook: { metadata, user } before a new user's row is inserted, in a
 * transaction of its own that commits whatever the answer (triggerBeforeUserCreated runs it
 * outside the user's transaction). `{}` or null lets the user be created; a refusal is the reply
 * to send instead, and then nothing is created.
 */
export async function checkNewUser(db: Database, hook: PgFunctionHook | null, user: object, ipAddress: string): Promise<Reply | null> {
  if (!hook) return null;
  const event = { metadata: hookMetadata("before-user-created", ipAddress), user };
  let output: unknown;
  try {
    output = await db.transaction((tx) => callHookFunction(tx, hook, event));
  } catch (error) {
    if (error instanceof ReplyError) return error.reply;
    throw error;
  }
  const refusal = hookRefusal(output);
  if (refusal) return refusal;
  // Go reads the answer into an object: anything but an object or null is an unreadable answer.
  const readable = output === null || (typeof output === "object" && !Array.isArray(output));
  return readable ? null : uncodedAuthError(500, "Error unmarshaling JSON output.");
}

/** Go's encoding/json matches an object's keys to a struct's fields case-insensitively, the exact name first. */
function goField(object: Record<string, unknown>, name: string): unknown {
  if (name in object) return object[name];
  const key = Object.keys(object).find((candidate) => candidate.toLowerCase() === name);
  return key === undefined ? undefined : object[key];
}

export type PasswordVerdict = { ok: true } | { ok: false; reply: Reply; logoutUser: boolean };

/**
 * The Password Verification Attempt Hook (token.go's ResourceOwnerPasswordGrant): after the
 * password is checked and before Auth answers, { metadata, user_id, valid } → { decision, message,
 * should_logout_user }, in a transaction of its own that commits whatever the answer (InvokeHook
 * with no connection). `reject` refuses the sign-in with 400 `invalid_credentials` and the message
 * (Auth's default when empty), right password or not; anything else lets Auth go on. An answer Go
 * cannot read into its struct (a field of another type, not an object) is a 500.
 */
export async function checkPasswordAttempt(
  db: Database,
  hook: PgFunctionHook | null,
  input: { userId: string; valid: boolean },
  ipAddress: string,
): Promise<PasswordVerdict> {
  if (!hook) return { ok: true };
  const event = { metadata: hookMetadata("password-verification", ipAddress), user_id: input.userId, valid: input.valid };
  let output: unknown;
  try {
    output = await db.transaction((tx) => callHookFunction(tx, hook, event));
  } catch (error) {
    if (error instanceof ReplyError) return { ok: false, reply: error.reply, logoutUser: false };
    throw error;
  }
  const refusal = hookRefusal(output);
  if (refusal) return { ok: false, reply: refusal, logoutUser: false };
  if (output === null) return { ok: true };
  const unreadable = { ok: false as const, reply: uncodedAuthError(500, "Error unmarshaling JSON output."), logoutUser: false };
  if (typeof output !== "object" || Array.isArray(output)) return unreadable;
  const answer = output as Record<string, unknown>;
  const [decision, message, logout] = ["decision", "message", "should_logout_user"].map((name) => goField(answer, name));
  const isText = (value: unknown) => value === undefined || value === null || typeof value === "string";
  if (!isText(decision) || !isText(message) || !(logout === undefined || logout === null || typeof logout === "boolean")) return unreadable;
  if (decision !== "reject") return { ok: true };
  const text = typeof message === "string" && message ? message : "Further password verification attempts will be rejected.";
  return { ok: false, reply: authError(400, "invalid_credentials", text), logoutUser: logout === true };
}
