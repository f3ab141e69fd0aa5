import { randomUUID } from "node:crypto";
import type { Transaction } from "../database";
import { json, parseJson, type Reply, type Request } from "../http";
import type { EmailChange } from "./email-change";
import { authError, badJson, emailRateLimited, emailTooSoon, invalidEmail } from "./errors";
import type { AuthContext } from "./index";
import { sendAuthEmail } from "./mailer";
import { requestRedirectTarget } from "./redirects";
import type { Sessions } from "./sessions";
import { emailFrom, findUser } from "./users";
import { codeRedirect, errorRedirect, linkExpired, randomOtp, sessionRedirect, tokenHashOf, verifyUrl } from "./verify-links";

/**
 * One recovery token per user (models.CreateOneTimeToken clears the older one): a newer email or
 * generated link replaces the older one's link and code.
 */
export async function storeRecoveryToken(tx: Transaction, userId: string, tokenHash: string, flowId: string | null) {
  await tx.query(`delete from auth.one_time_tokens where user_id = $1 and token_type = 'recovery_token'`, [userId]);
  await tx.query(
    `insert into auth.one_time_tokens (user_id, token_type, token_hash, flow_state_id) values ($1, 'recovery_token', $2, $3)`,
    [userId, tokenHash, flowId],
  );
  await tx.query(`update auth.users set recovery_sent_at = now() where id = $1`, [userId]);
}

const TOKEN_TYPES: Record<string, string[]> = {
  signup: ["confirmation_token"],
  invite: ["confirmation_token"],
  recovery: ["recovery_token"],
  magiclink: ["recovery_token"],
  email: ["confirmation_token", "recovery_token"],
};

/**
 * Password recovery: /recover sends the email, /verify trades its link or its code for a session
 * (an email change's links and codes go on to email-change.ts).
 */
export function createRecovery(context: AuthContext, sessions: Sessions, emailChange: EmailChange) {
  const { db, config, mailbox, limiters } = context;

  async function recover(request: Request): Promise<Reply> {
    const body = parseJson(request.body) as Record<string, unknown> | undefined;
    if (!body) return badJson();
    const email = emailFrom(body);
    if (!email) return invalidEmail();
    const user = await findUser(db, "email", email);
    // Unknown addresses get the same answer, so the endpoint does not reveal who has an account.
    if (!user) return json(200, {});
    if (user.recovery_sent_at) {
      const waitMs = user.recovery_sent_at.getTime() + config.rateLimits.emailFrequencySeconds * 1000 - Date.now();
      if (waitMs > 0) return emailTooSoon(Math.floor(waitMs / 1000));
    }
    // Charged only now, when an email is really about to leave; a refusal changes nothing.
    if (!limiters.email.take()) return emailRateLimited();
    const challenge = typeof body.code_challenge === "string" ? body.code_challenge : "";
    const otp = randomOtp(config.otpLength);
    const tokenHash = `${challenge ? "pkce_" : ""}${tokenHashOf(email, otp)}`;
    const redirectTo = requestRedirectTarget(config, request);
    await db.transaction(async (tx) => {
      let flowId: string | null = null;
      if (challenge) {
        flowId = randomUUID();
        await tx.query(
          `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, authentication_method)
           values ($1, $2, $3, 's256', $4, 'recovery')`,
          [flowId, user.id, randomUUID(), challenge],
        );
      }
      await storeRecoveryToken(tx, user.id, tokenHash, flowId);
    });
    await sendAuthEmail(config, mailbox, "recovery", {
      SiteURL: config.siteUrl,
      ConfirmationURL: verifyUrl(context.publicUrl, tokenHash, "recovery", redirectTo),
      Token: otp,
      TokenHash: tokenHash,
      RedirectTo: redirectTo,
      Email: email,
    });
    return json(200, {});
  }

  /** Consumes a one-time token: every token of the user goes, the email counts as confirmed. */
  async function consume(tx: Transaction, where: { tokenHashes: string[]; types: string[] }) {
    const row = (
      await tx.query<{ user_id: string; flow_state_id: string | null; created_at: Date }>(
        `select user_id, flow_state_id, created_at from auth.one_time_tokens
         where token_hash = any($1::text[]) and token_type = any($2::text[]) for update`,
        [where.tokenHashes, where.types],
      )
    ).rows[0];
    if (!row || Date.now() - row.created_at.getTime() > config.otpExpirySeconds * 1000) return null;
    const flow = row.flow_state_id
      ? (await tx.query<{ auth_code: string }>(`select auth_code from auth.flow_state where id = $1`, [row.flow_state_id])).rows[0]
      : undefined;
    await tx.query(`delete from auth.one_time_tokens where user_id = $1`, [row.user_id]);
    await tx.query(
      `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), recovery_token = '' where id = $1`,
      [row.user_id],
    );
    const user = (await findUser(tx, "id", row.user_id))!;
    return { user, authCode: flow?.auth_code ?? null };
  }

  /** GET /verify: the link of an email; answers with a redirect, as GoTrue does, errors included. */
  async function verifyLink(request: Request): Promise<Reply> {
    const params = request.url.searchParams;
    const type = params.get("type");
    const token = params.get("token");
    if (!type) return authError(400, "validation_failed", "Verify requires a verification type");
    if (!token) return authError(400, "validation_failed", "Verify requires a token or a token hash");
    const redirectTo = requestRedirectTarget(config, request);
    const isPkce = token.startsWith("pkce_");
    if (type === "email_change") return emailChange.verifyLink(token, redirectTo);
    const types = TOKEN_TYPES[type];
    const consumed = types
      ? await db.transaction(async (tx) => {
          const result = await consume(tx, { tokenHashes: [token], types });
          return result && { authCode: result.authCode, session: isPkce ? null : await sessions.issueSession(tx, result.user, "otp") };
        })
      : null;
    if (!consumed || (isPkce && !consumed.authCode)) return errorRedirect(redirectTo, linkExpired, isPkce);
    return isPkce ? codeRedirect(redirectTo, consumed.authCode!) : sessionRedirect(redirectTo, consumed.session!, type);
  }

  /** POST /verify: `{type, token_hash}` from the app's own confirmation page, or `{type, email, token}` for a typed code. */
  async function verifyCode(request: Request): Promise<Reply> {
    const body = parseJson(request.body) as Record<string, unknown> | undefined;
    if (!body) return badJson();
    const type = typeof body.type === "string" ? body.type : "";
    const tokenHash = typeof body.token_hash === "string" ? body.token_hash : "";
    const token = typeof body.token === "string" ? body.token : "";
    if (!type) return authError(400, "validation_failed", "Verify requires a verification type");
    if (Boolean(tokenHash) === Boolean(token)) {
      return authError(400, "validation_failed", "Verify requires either a token or a token hash");
    }
    let tokenHashes: string[];
    let email: string | null = null;
    if (tokenHash) {
      if (body.email || body.phone || body.redirect_to) {
        return authError(400, "validation_failed", "Only the token_hash and type should be provided");
      }
      tokenHashes = [tokenHash];
    } else {
      email = emailFrom(body);
      if (!email) return authError(422, "validation_failed", "Invalid email format");
      const hash = tokenHashOf(email, token.trim());
      tokenHashes = [hash, `pkce_${hash}`];
    }
    if (type === "email_change") return emailChange.verifyCode(email ? { email, tokenHash: tokenHashes[0] } : { tokenHash });
    const types = TOKEN_TYPES[type];
    if (!types) return authError(400, "validation_failed", "Invalid email verification type");
    const session = await db.transaction(async (tx) => {
      const result = await consume(tx, { tokenHashes, types });
      return result ? sessions.issueSession(tx, result.user, "otp") : null;
    });
    if (session) return json(200, session);
    return tokenHash
      ? authError(403, "otp_expired", "Email link is invalid or has expired")
      : authError(403, "otp_expired", "Token has expired or is invalid");
  }

  return { recover, verifyLink, verifyCode };
}
