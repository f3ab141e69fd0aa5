import { randomUUID } from "node:crypto";
import type { Transaction } from "../database";
import { json, ReplyError, type Reply } from "../http";
import { authError, emailRateLimited, emailTooSoon } from "./errors";
import type { AuthContext } from "./index";
import { sendAuthEmail, type EmailData } from "./mailer";
import type { Sessions } from "./sessions";
import { findUser, type UserRow } from "./users";
import {
  codeExpired,
  codeRedirect,
  errorRedirect,
  linkExpired,
  messageRedirect,
  randomOtp,
  sessionRedirect,
  tokenHashOf,
  VerifyFailure,
  verifyUrl,
  type AuthFailure,
} from "./verify-links";

/** Only applicable when secure email change is on (GoTrue's singleConfirmationAccepted). */
export const SINGLE_CONFIRMATION = "Confirmation link accepted. Please proceed to confirm link sent to the other email";

/** issueAuthCode's refusal, as verifyGet wraps it. */
const NO_FLOW_STATE: AuthFailure = {
  status: 400,
  code: "flow_state_not_found",
  message: "No associated flow state found. 422: No valid flow state found for user.",
};

const CURRENT = "email_change_token_current";
const NEW = "email_change_token_new";

/**
 * A change of a user's email address, as Supabase Auth does it (user.go's UserUpdate, mail.go's
 * sendEmailChange, verify.go's emailChangeVerify): PUT /user asks for it and mails a link to the new
 * address and, with secure email change on, one to the current address; /verify confirms it.
 */
export function createEmailChange(context: AuthContext, sessions: Sessions) {
  const { db, config, mailbox, limiters } = context;

  /** IsDuplicatedEmail: another user has the address, or an identity of another user does. */
  async function isTaken(email: string, user: UserRow): Promise<boolean> {
    const result = await db.query(
      `select 1 from auth.users u
       where u.id <> $2 and u.aud = 'authenticated'
         and (lower(u.email) = $1 or u.id in (select user_id from auth.identities where email = $1))`,
      [email, user.id],
    );
    return result.rows.length > 0;
  }

  /**
   * In PUT /user's transaction: stores the request, its one-time tokens and, for a PKCE client, its
   * flow state; a refusal (max_frequency, the email budget) throws and rolls back the whole update.
   * Returns the emails to send once the transaction is committed.
   */
  async function start(tx: Transaction, user: UserRow, email: string, codeChallenge: string, redirectTo: string): Promise<EmailData[]> {
    if (user.email_change_sent_at) {
      const waitMs = user.email_change_sent_at.getTime() + config.rateLimits.emailFrequencySeconds * 1000 - Date.now();
      if (waitMs > 0) throw new ReplyError(emailTooSoon(Math.floor(waitMs / 1000)));
    }
    if (codeChallenge) {
      await tx.query(
        `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, authentication_method)
         values ($1, $2, $3, 's256', $4, 'email_change')`,
        [randomUUID(), user.id, randomUUID(), codeChallenge],
      );
    }
    const prefix = codeChallenge ? "pkce_" : "";
    const otpNew = randomOtp(config.otpLength);
    const tokenNew = prefix + tokenHashOf(email, otpNew);
    const secure = config.secureEmailChange && !!user.email;
    const otpCurrent = secure ? randomOtp(config.otpLength) : "";
    // As GoTrue: without secure email change, the column keeps whatever it held.
    const tokenCurrent = secure ? prefix + tokenHashOf(user.email, otpCurrent) : (user.email_change_token_current ?? "");
    // GoTrue charges the hourly budget only when confirmations are on (mail.go: "if !config.Mailer.Autoconfirm").
    if (config.rateLimits.emailSent === 0 || (!config.mailerAutoconfirm && !limiters.email.take())) {
      throw new ReplyError(emailRateLimited());
    }
    await tx.query(
      `update auth.users set email_change = $2, email_change_token_new = $3, email_change_token_current = $4,
         email_change_confirm_status = 0, email_change_sent_at = now(), updated_at = now()
       where id = $1`,
      [user.id, email, tokenNew, tokenCurrent],
    );
    // CreateOneTimeToken: one token of each kind per user, the newer replacing the older.
    await tx.query(`delete from auth.one_time_tokens where user_id = $1 and token_type = any($2::text[])`, [user.id, [CURRENT, NEW]]);
    const addToken = (type: string, tokenHash: string) =>
      tx.query(`insert into auth.one_time_tokens (user_id, token_type, token_hash) values ($1, $2, $3)`, [user.id, type, tokenHash]);
    if (tokenCurrent) await addToken(CURRENT, tokenCurrent);
    await addToken(NEW, tokenNew);
    const mail = (sendingTo: string, token: string, tokenHash: string): EmailData => ({
      SiteURL: config.siteUrl,
      ConfirmationURL: verifyUrl(context.publicUrl, tokenHash, "email_change", redirectTo),
      Email: user.email,
      NewEmail: email,
      Token: token,
      TokenHash: tokenHash,
      SendingTo: sendingTo,
      RedirectTo: redirectTo,
    });
    return secure ? [mail(email, otpNew, tokenNew), mail(user.email, otpCurrent, tokenCurrent)] : [mail(email, otpNew, tokenNew)];
  }

  async function send(mails: EmailData[]) {
    for (const data of mails) await sendAuthEmail(config, mailbox, "email_change", data);
  }

  const isExpired = (user: UserRow) =>
    !user.email_change_sent_at || Date.now() > user.email_change_sent_at.getTime() + config.otpExpirySeconds * 1000;

  async function tokenOf(tx: Transaction, tokenHash: string, types: string[]) {
    const sql = `select user_id from auth.one_time_tokens where token_hash = $1 and token_type = any($2::text[])`;
    return (await tx.query<{ user_id: string }>(sql, [tokenHash, types])).rows[0];
  }

  /** verifyTokenHash: the user of a link's token hash, unless it is unknown or expired. */
  async function userOfLink(tx: Transaction, tokenHash: string): Promise<UserRow> {
    const token = await tokenOf(tx, tokenHash, [CURRENT, NEW]);
    const user = token && (await findUser(tx, "id", token.user_id));
    if (!user || isExpired(user)) throw new VerifyFailure(linkExpired);
    return user;
  }

  /** verifyUserAndToken: the user of a typed code (hashed with the address it was sent to). */
  async function userOfCode(tx: Transaction, tokenHash: string): Promise<UserRow> {
    const hashes = [tokenHash, `pkce_${tokenHash}`];
    const tokenOfType = async (type: string) => (await tokenOf(tx, hashes[0], [type])) ?? (await tokenOf(tx, hashes[1], [type]));
    // FindUserForEmailChange: the current address's token first, with secure email change on.
    const token = (config.secureEmailChange ? await tokenOfType(CURRENT) : undefined) ?? (await tokenOfType(NEW));
    const user = token && (await findUser(tx, "id", token.user_id));
    if (!user) throw new VerifyFailure(codeExpired);
    const matches = (expected: string | null) => !!expected && hashes.includes(expected);
    if (isExpired(user) || !(matches(user.email_change_token_current) || matches(user.email_change_token_new))) {
      throw new VerifyFailure(codeExpired);
    }
    return user;
  }

  /**
   * emailChangeVerify: with secure email change on and confirmations required, the first of the two
   * links only counts ("half"); otherwise (and at the second link) the address changes.
   */
  async function confirm(tx: Transaction, user: UserRow, tokenHash: string): Promise<"half" | UserRow> {
    if (!config.mailerAutoconfirm && config.secureEmailChange && !user.email_change_confirm_status && user.email) {
      const isCurrent = user.email_change_token_current === tokenHash || !!(await tokenOf(tx, tokenHash, [CURRENT]));
      const isNew = !isCurrent && (user.email_change_token_new === tokenHash || !!(await tokenOf(tx, tokenHash, [NEW])));
      await tx.query(
        `update auth.users set email_change_confirm_status = 1, updated_at = now(),
           email_change_token_current = case when $2 then '' else email_change_token_current end,
           email_change_token_new = case when $3 then '' else email_change_token_new end
         where id = $1`,
        [user.id, isCurrent, isNew],
      );
      const spent = isCurrent ? [CURRENT] : isNew ? [NEW] : [];
      await tx.query(`delete from auth.one_time_tokens where user_id = $1 and token_type = any($2::text[])`, [user.id, spent]);
      return "half";
    }
    // As GoTrue: the owner of auth.*, with search_path auth, so triggers on auth.users run as on hosted.
    await tx.exec(`set local role supabase_auth_admin; set local search_path = auth`);
    const updated = await tx.query(
      `update identities set updated_at = now(),
         identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', true)
       where user_id = $1 and provider = 'email'`,
      [user.id, user.email_change],
    );
    if (!updated.affectedRows) {
      await tx.query(
        `insert into identities (provider_id, user_id, identity_data, provider, last_sign_in_at) values ($1, $1, $2, 'email', now())`,
        [user.id, JSON.stringify({ sub: user.id, email: user.email_change, email_verified: true })],
      );
    }
    try {
      await tx.query(
        `update users set email = email_change, email_change = '', email_change_token_current = '', email_change_token_new = '',
           email_change_confirm_status = 0, email_confirmed_at = coalesce(email_confirmed_at, now()), is_anonymous = false,
           updated_at = now()
         where id = $1`,
        [user.id],
      );
    } catch (error) {
      // Someone took the address after the request (GoTrue: "Error confirm email").
      console.error("[auth] email change failed:", (error as Error).message);
      throw new VerifyFailure({ status: 500, code: "unexpected_failure", message: "Error confirm email" });
    }
    await tx.query(`delete from one_time_tokens where user_id = $1`, [user.id]);
    await tx.exec(`reset role; reset search_path`);
    return (await findUser(tx, "id", user.id))!;
  }

  /** GET /verify?type=email_change: answers with a redirect, as GoTrue does, errors included. */
  async function verifyLink(tokenHash: string, redirectTo: string): Promise<Reply> {
    const isPkce = tokenHash.startsWith("pkce_");
    try {
      return await db.transaction(async (tx) => {
        const confirmed = await confirm(tx, await userOfLink(tx, tokenHash), tokenHash);
        if (confirmed === "half") return messageRedirect(redirectTo, SINGLE_CONFIRMATION, isPkce);
        if (!isPkce) return sessionRedirect(redirectTo, await sessions.issueSession(tx, confirmed, "otp"), "email_change");
        const flow = (
          await tx.query<{ auth_code: string }>(
            `select auth_code from auth.flow_state where user_id = $1 and authentication_method = 'email_change'
             order by created_at desc limit 1`,
            [confirmed.id],
          )
        ).rows[0];
        if (!flow) throw new VerifyFailure(NO_FLOW_STATE);
        return codeRedirect(redirectTo, flow.auth_code);
      });
    } catch (error) {
      if (error instanceof VerifyFailure) return errorRedirect(redirectTo, error.failure, isPkce);
      throw error;
    }
  }

  /** POST /verify `{type:"email_change", token_hash}`, or `{…, email, token}` (tokenHash then hashes the code). */
  async function verifyCode(params: { tokenHash: string; email?: string }): Promise<Reply> {
    try {
      return await db.transaction(async (tx) => {
        const user = params.email ? await userOfCode(tx, params.tokenHash) : await userOfLink(tx, params.tokenHash);
        const confirmed = await confirm(tx, user, params.tokenHash);
        if (confirmed === "half") return json(200, { msg: SINGLE_CONFIRMATION, code: "200" });
        return json(200, await sessions.issueSession(tx, confirmed, "otp"));
      });
    } catch (error) {
      if (!(error instanceof VerifyFailure)) throw error;
      return authError(error.failure.status, error.failure.code, error.failure.message);
    }
  }

  return { isTaken, start, send, verifyLink, verifyCode };
}

export type EmailChange = ReturnType<typeof createEmailChange>;
