import { json, parseJson, type Reply, type Request } from "../http";
import { hashPassword, passwordMatches } from "./passwords";
import type { EmailChange } from "./email-change";
import { authError, badJson, invalidEmail, requestRateLimited } from "./errors";
import type { AuthContext } from "./index";
import { requestRedirectTarget } from "./redirects";
import type { Sessions } from "./sessions";
import { checkNewUser } from "./hooks";
import { createUser, emailFrom, findUser, loadUserJson, newUser, unsavedUserJson, weakPassword } from "./users";

const metadataOf = (value: unknown) =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** A person's own account: sign-up, and reading or changing the signed-in user. */
export function createAccounts(context: AuthContext, sessions: Sessions, emailChange: EmailChange) {
  const { db, config, limiters } = context;

  /**
   * What Supabase Auth's /signup route answers before its rate limit: unreadable JSON, and a
   * sign-up naming neither an email nor a phone (an anonymous one) while anonymous sign-ins are
   * off, which they always are here (config.ts refuses to turn them on).
   */
  function signUpRefusal(request: Request): Reply | null {
    const body = parseJson(request.body) as Record<string, unknown> | undefined;
    if (!body) return badJson();
    if (!body.email && !body.phone) return authError(422, "anonymous_provider_disabled", "Anonymous sign-ins are disabled");
    return null;
  }

  /** Supabase Auth's Signup, in its order: the password, then the provider, then the address. */
  async function signUp(request: Request): Promise<Reply> {
    const body = parseJson(request.body) as Record<string, unknown>;
    if (!body.password) return authError(400, "validation_failed", "Signup requires a valid password");
    const weak = weakPassword(config, body.password);
    if (weak) return weak;
    if (body.email && body.phone) {
      return authError(400, "validation_failed", "Only an email address or phone number should be provided on signup.");
    }
    // Phone sign-ups are off, as on a new hosted project (and not implemented here).
    if (!body.email) return authError(400, "phone_provider_disabled", "Phone signups are disabled");
    const email = emailFrom(body);
    if (!email) return invalidEmail();
    if (await findUser(db, "email", email)) return authError(422, "user_already_exists", "User already registered");
    const user = newUser(email, metadataOf(body.data));
    const refusal = await checkNewUser(db, config.beforeUserCreatedHook, unsavedUserJson(user), request.clientAddress);
    if (refusal) return refusal;
    try {
      const session = await db.transaction(async (tx) => {
        const created = await createUser(tx, user, body.password as string, true);
        return sessions.issueSession(tx, created, "password");
      });
      return json(200, session);
    } catch (error) {
      console.error("[auth] sign-up failed:", (error as Error).message);
      return authError(500, "unexpected_failure", "Database error saving new user");
    }
  }

  async function getUser(request: Request): Promise<Reply> {
    const auth = await sessions.authenticate(request);
    if (!auth.ok) return auth.reply;
    return json(200, await loadUserJson(db, auth.user));
  }

  /** PUT /user's `email`: null when none is asked for, else the address (lowercased) or GoTrue's refusal. */
  function requestedEmail(value: unknown): string | null | Reply {
    if (value === undefined || value === null || value === "") return null;
    if (typeof value !== "string") return badJson();
    if (value.length > 255) return authError(400, "validation_failed", "An email address is too long");
    const email = emailFrom({ email: value });
    return email && value === value.trim() ? email : invalidEmail();
  }

  async function updateUser(request: Request): Promise<Reply> {
    const auth = await sessions.authenticate(request);
    if (!auth.ok) return auth.reply;
    // GoTrue limits PUT /user per address (at the OTP rate), once the caller is known.
    if (!limiters.user.allows(request.rateLimitKey)) return requestRateLimited();
    const body = parseJson(request.body) as Record<string, unknown> | undefined;
    if (!body) return badJson();
    const { user } = auth;
    // Check everything first, in GoTrue's order, so a refused request changes nothing.
    const email = requestedEmail(body.email);
    if (email !== null && typeof email !== "string") return email;
    const password = typeof body.password === "string" ? body.password : null;
    if (body.password !== undefined && body.password !== null) {
      const weak = weakPassword(config, body.password);
      if (weak) return weak;
    }
    const changesEmail = email !== null && email !== user.email;
    if (changesEmail && (await emailChange.isTaken(email, user))) {
      return authError(422, "email_exists", "A user with this email address has already been registered");
    }
    if (password && (await passwordMatches(password, user.encrypted_password))) {
      return authError(422, "same_password", "New password should be different from the old password.");
    }
    const hash = password ? await hashPassword(password) : null;
    const metadata = body.data && typeof body.data === "object" ? JSON.stringify(body.data) : null;
    const codeChallenge = typeof body.code_challenge === "string" ? body.code_challenge : "";
    const mails = await db.transaction(async (tx) => {
      if (metadata) {
        await tx.query(`update auth.users set raw_user_meta_data = raw_user_meta_data || $2, updated_at = now() where id = $1`, [
          user.id,
          metadata,
        ]);
      }
      if (hash) {
        await tx.query(`update auth.users set encrypted_password = $2, updated_at = now() where id = $1`, [user.id, hash]);
        // A new password ends the user's other sessions, as GoTrue does.
        await tx.query(`delete from auth.sessions where user_id = $1 and id is distinct from $2`, [user.id, auth.sessionId]);
      }
      return changesEmail ? emailChange.start(tx, user, email, codeChallenge, requestRedirectTarget(config, request)) : [];
    });
    await emailChange.send(mails);
    return json(200, await loadUserJson(db, (await findUser(db, "id", user.id))!));
  }

  return { signUpRefusal, signUp, getUser, updateUser };
}
