import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Transaction } from "../database";
import { z } from "zod";
import { bearerToken, json, type Reply, type Request } from "../http";
import { apiKeyClaims, opaqueKeyRole, type Claims } from "../keys";
import { passwordMatches } from "./passwords";
import { authError, invalidCredentials } from "./errors";
import { checkPasswordAttempt, customizeAccessToken } from "./hooks";
import type { AuthContext } from "./index";
import { emailFrom, findUser, loadUserJson, type UserRow } from "./users";

const FLOW_STATE_TTL_MS = 300_000;
const NIL_UUID = "00000000-0000-0000-0000-000000000000";
const isUuid = (value: string) => z.uuid().safeParse(value).success;

/** golang-jwt's reasons, as Supabase Auth quotes them after "invalid JWT: …". */
const JWT_ERRORS = {
  expired: "token has invalid claims: token is expired",
  invalid: "token signature is invalid: signature is invalid",
} as const;

export type Refusal = { ok: false; reply: Reply };
const refusal = (reply: Reply): Refusal => ({ ok: false, reply });

/** Sessions and their tokens: the /token grants, /logout, and who a Bearer token belongs to. */
export function createSessions(context: AuthContext) {
  const { db, signer, config } = context;

  async function insertRefreshToken(tx: Transaction, userId: string, sessionId: string, parent: string | null) {
    const token = randomBytes(16).toString("base64url").slice(0, 22);
    await tx.query(`insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)`, [
      token,
      userId,
      sessionId,
      parent,
    ]);
    return token;
  }

  async function sessionJson(tx: Transaction, userId: string, sessionId: string, refreshToken: string, method: string) {
    const user = (await findUser(tx, "id", userId))!;
    const now = Math.floor(Date.now() / 1000);
    const claims: Claims = {
      iss: `${context.publicUrl}/auth/v1`,
      sub: user.id,
      aud: "authenticated",
      email: user.email,
      phone: "",
      app_metadata: user.raw_app_meta_data,
      user_metadata: user.raw_user_meta_data,
      role: "authenticated",
      aal: "aal1",
      amr: [{ method, timestamp: now }],
      session_id: sessionId,
      is_anonymous: false,
      iat: now,
      exp: now + config.jwtExpirySeconds,
    };
    const customized = await customizeAccessToken(tx, config.customAccessTokenHook, {
      user_id: user.id,
      claims,
      authentication_method: method,
    });
    return {
      access_token: await signer.sign(customized, config.jwtExpirySeconds),
      token_type: "bearer",
      expires_in: config.jwtExpirySeconds,
      expires_at: now + config.jwtExpirySeconds,
      refresh_token: refreshToken,
      user: await loadUserJson(tx, user),
    };
  }

  async function issueSession(tx: Transaction, user: UserRow, method: string) {
    const sessionId = randomUUID();
    await tx.query(`insert into auth.sessions (id, user_id) values ($1, $2)`, [sessionId, user.id]);
    await tx.query(`update auth.users set last_sign_in_at = now() where id = $1`, [user.id]);
    const refreshToken = await insertRefreshToken(tx, user.id, sessionId, null);
    return sessionJson(tx, user.id, sessionId, refreshToken, method);
  }

  /**
   * The claims of the Bearer token, as GoTrue's extractBearerToken and parseJWTClaims check it. An
   * opaque key stands for its role, as the gateway swaps it for a token of that role.
   */
  async function bearerClaims(request: Request): Promise<{ ok: true; claims: Claims } | Refusal> {
    const token = bearerToken(request);
    if (!token) return refusal(authError(401, "no_authorization", "This endpoint requires a valid Bearer token"));
    if (opaqueKeyRole(token)) return { ok: true, claims: apiKeyClaims(token)! };
    const verified = await signer.verify(token);
    if (verified.ok) return verified;
    return refusal(authError(403, "bad_jwt", `invalid JWT: unable to parse or verify signature, ${JWT_ERRORS[verified.reason]}`));
  }

  /**
   * GoTrue's maybeLoadUserOrSession: the user of `sub`, then the session of `session_id`. A session
   * that belongs to another user is answered as missing: only a token we signed gets here, and
   * ours always pair a user with its own session.
   */
  async function userAndSession(claims: Claims): Promise<{ ok: true; user: UserRow; sessionId: string | null } | Refusal> {
    if (!claims.sub) return refusal(authError(403, "bad_jwt", "invalid claim: missing sub claim"));
    if (!isUuid(claims.sub)) return refusal(authError(400, "bad_jwt", "invalid claim: sub claim must be a UUID"));
    const user = await findUser(db, "id", claims.sub);
    if (!user) return refusal(authError(403, "user_not_found", "User from sub claim in JWT does not exist"));
    const sessionId = claims.session_id && claims.session_id !== NIL_UUID ? claims.session_id : null;
    if (sessionId === null) return { ok: true, user, sessionId };
    if (!isUuid(sessionId)) return refusal(authError(403, "bad_jwt", "invalid claim: session_id claim must be a UUID"));
    const owned = await db.query(`select 1 from auth.sessions where id = $1 and user_id = $2`, [sessionId, user.id]);
    if (!owned.rows.length) return refusal(authError(403, "session_not_found", "Session from session_id claim in JWT does not exist"));
    return { ok: true, user, sessionId };
  }

  /** Resolves the user and session of a Bearer access token, as GoTrue's requireAuthentication does. */
  async function authenticate(request: Request): Promise<{ ok: true; user: UserRow; sessionId: string | null } | Refusal> {
    const bearer = await bearerClaims(request);
    return bearer.ok ? userAndSession(bearer.claims) : bearer;
  }

  /**
   * GoTrue's ResourceOwnerPasswordGrant: the password is checked, then the Password Verification
   * Attempt hook may refuse (right password or not, and may sign the user out everywhere), and
   * only then do a wrong password and an unconfirmed address answer.
   */
  async function passwordGrant(body: Record<string, unknown>, clientAddress: string): Promise<Reply> {
    const email = emailFrom(body);
    if (!email || typeof body.password !== "string") return invalidCredentials();
    const user = await findUser(db, "email", email);
    if (!user?.encrypted_password) return invalidCredentials();
    // GoTrue's ResourceOwnerPasswordGrant asks IsBanned before the password, so a banned account's
    // tries are not counted.
    if (user.banned_until && Date.now() < user.banned_until.getTime()) return authError(400, "user_banned", "User is banned");
    const valid = await passwordMatches(body.password, user.encrypted_password);
    const verdict = await checkPasswordAttempt(db, config.passwordVerificationAttemptHook, { userId: user.id, valid }, clientAddress);
    if (!verdict.ok) {
      if (verdict.logoutUser) await db.query(`delete from auth.sessions where user_id = $1`, [user.id]);
      return verdict.reply;
    }
    if (!valid) return invalidCredentials();
    if (!user.email_confirmed_at) return authError(400, "email_not_confirmed", "Email not confirmed");
    return json(200, await db.transaction((tx) => issueSession(tx, user, "password")));
  }

  /**
   * GoTrue's rotation: a used token answers with the session's active token when it is that
   * token's parent (a client that lost the response), or with a new child inside the reuse
   * interval; any other reuse revokes every token of the session and is refused.
   */
  async function refreshGrant(body: Record<string, unknown>): Promise<Reply> {
    const presented = typeof body.refresh_token === "string" ? body.refresh_token : "";
    const result = await db.transaction(async (tx) => {
      const row = (
        await tx.query<{ token: string; user_id: string; session_id: string; revoked: boolean; updated_at: Date }>(
          `select token, user_id, session_id, revoked, updated_at from auth.refresh_tokens where token = $1 for update`,
          [presented],
        )
      ).rows[0];
      if (!row) return authError(400, "refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found");
      const session = (await tx.query(`select 1 from auth.sessions where id = $1`, [row.session_id])).rows[0];
      if (!session) return authError(400, "session_not_found", "Invalid Refresh Token: No Valid Session Found");
      let next: string | null = null;
      if (row.revoked) {
        const active = (
          await tx.query<{ token: string; parent: string | null }>(
            `select token, parent from auth.refresh_tokens where session_id = $1 and not revoked order by id desc limit 1`,
            [row.session_id],
          )
        ).rows[0];
        const reuseDeadline = row.updated_at.getTime() + config.refreshTokenReuseIntervalSeconds * 1000;
        if (active?.parent === row.token) next = active.token;
        else if (Date.now() > reuseDeadline) {
          await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and not revoked`, [
            row.session_id,
          ]);
          return "reused" as const;
        }
      }
      if (!next) {
        await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1`, [row.token]);
        next = await insertRefreshToken(tx, row.user_id, row.session_id, row.token);
      }
      await tx.query(`update auth.sessions set updated_at = now() where id = $1`, [row.session_id]);
      return json(200, await sessionJson(tx, row.user_id, row.session_id, next, "token_refresh"));
    });
    // The family's revocation is committed before the refusal, as GoTrue commits it.
    return result === "reused" ? authError(400, "refresh_token_already_used", "Invalid Refresh Token: Already Used") : result;
  }

  async function pkceGrant(body: Record<string, unknown>): Promise<Reply> {
    const authCode = typeof body.auth_code === "string" ? body.auth_code : "";
    const verifier = typeof body.code_verifier === "string" ? body.code_verifier : "";
    if (!authCode || !verifier) {
      return authError(400, "validation_failed", "invalid request: both auth code and code verifier should be non-empty");
    }
    return db.transaction(async (tx) => {
      const flow = (
        await tx.query<{ id: string; user_id: string; code_challenge: string; created_at: Date; authentication_method: string }>(
          `select * from auth.flow_state where auth_code = $1`,
          [authCode],
        )
      ).rows[0];
      if (!flow) return authError(404, "flow_state_not_found", "invalid flow state, no valid flow state found");
      if (Date.now() - flow.created_at.getTime() > FLOW_STATE_TTL_MS) {
        return authError(422, "flow_state_expired", "invalid flow state, flow state has expired");
      }
      const challenge = createHash("sha256").update(verifier).digest("base64url");
      if (challenge !== flow.code_challenge) {
        return authError(400, "bad_code_verifier", "code challenge does not match previously saved code verifier");
      }
      await tx.query(`delete from auth.flow_state where id = $1`, [flow.id]);
      const user = (await findUser(tx, "id", flow.user_id))!;
      return json(200, await issueSession(tx, user, flow.authentication_method));
    });
  }

  function grant(type: string | null, body: Record<string, unknown>, clientAddress: string): Promise<Reply> | Reply {
    if (type === "password") return passwordGrant(body, clientAddress);
    if (type === "refresh_token") return refreshGrant(body);
    if (type === "pkce") return pkceGrant(body);
    return authError(400, "unsupported_grant_type", "unsupported_grant_type");
  }

  async function logout(request: Request): Promise<Reply> {
    const auth = await authenticate(request);
    if (!auth.ok) return auth.reply;
    const scope = request.url.searchParams.get("scope") || "global";
    if (!["global", "local", "others"].includes(scope)) return authError(400, "validation_failed", `Unsupported logout scope "${scope}"`);
    const { user, sessionId } = auth;
    // Deleting a session deletes its refresh tokens (on delete cascade), as in GoTrue; a token
    // without a session signs out everywhere, whatever the scope.
    if (sessionId && scope === "local") await db.query(`delete from auth.sessions where id = $1`, [sessionId]);
    else if (sessionId && scope === "others") await db.query(`delete from auth.sessions where user_id = $1 and id <> $2`, [user.id, sessionId]);
    else await db.query(`delete from auth.sessions where user_id = $1`, [user.id]);
    return { status: 204 };
  }

  return { issueSession, authenticate, bearerClaims, userAndSession, grant, logout };
}

export type Sessions = ReturnType<typeof createSessions>;
