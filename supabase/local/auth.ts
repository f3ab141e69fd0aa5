import { createHash, randomBytes, randomUUID } from "node:crypto";
import bcrypt from "bcryptjs";
import type { Transaction } from "@electric-sql/pglite";
import type { BackendConfig } from "./config";
import type { Database } from "./database";
import { bearerToken, json, parseJson, redirect, RateLimiter, type Reply, type Request } from "./http";
import type { Claims, Signer } from "./keys";
import type { Mailbox } from "./mailbox";

/** Supabase Auth (GoTrue) endpoints under /auth/v1, for what supabase-js and @supabase/ssr send. */
export interface AuthContext {
  db: Database;
  signer: Signer;
  config: BackendConfig;
  mailbox: Mailbox;
  publicUrl: string;
  limiter: RateLimiter;
}

interface UserRow {
  id: string;
  email: string;
  encrypted_password: string;
  email_confirmed_at: Date | null;
  confirmation_sent_at: Date | null;
  recovery_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown>;
  raw_user_meta_data: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
  is_anonymous: boolean;
}

interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date;
  updated_at: Date;
  email: string | null;
}

const FIVE_MINUTES = 300;
const FLOW_STATE_TTL_SECONDS = 300;
const OTP_TTL_SECONDS = 3600;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function authError(status: number, code: string, message: string, extra: object = {}): Reply {
  return json(status, { code, error_code: code, msg: message, message, ...extra }, { "x-sb-error-code": code });
}

const invalidCredentials = () => authError(400, "invalid_credentials", "Invalid login credentials");
const badJson = () => authError(400, "bad_json", "Could not parse request body as JSON");

function rateLimited(seconds: number | null, code = "over_request_rate_limit"): Reply | null {
  if (seconds === null) return null;
  const message =
    code === "over_email_send_rate_limit"
      ? `For security purposes, you can only request this after ${seconds} seconds.`
      : "Request rate limit reached";
  return authError(429, code, message);
}

const iso = (value: Date | null) => (value ? value.toISOString() : undefined);

function userJson(user: UserRow, identities: IdentityRow[]) {
  return {
    id: user.id,
    aud: "authenticated",
    role: "authenticated",
    email: user.email,
    email_confirmed_at: iso(user.email_confirmed_at),
    phone: "",
    confirmation_sent_at: iso(user.confirmation_sent_at),
    confirmed_at: iso(user.email_confirmed_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data,
    user_metadata: user.raw_user_meta_data,
    identities: identities.map((identity) => ({
      identity_id: identity.id,
      id: identity.provider_id,
      user_id: identity.user_id,
      identity_data: identity.identity_data,
      provider: identity.provider,
      last_sign_in_at: iso(identity.last_sign_in_at),
      created_at: iso(identity.created_at),
      updated_at: iso(identity.updated_at),
      email: identity.email,
    })),
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    is_anonymous: user.is_anonymous,
  };
}

type Queryable = Database | Transaction;

async function findUser(db: Queryable, where: "id" | "email", value: string): Promise<UserRow | undefined> {
  const column = where === "id" ? "id" : "lower(email)";
  const result = await db.query<UserRow>(`select * from auth.users where ${column} = $1`, [
    where === "email" ? value.toLowerCase() : value,
  ]);
  return result.rows[0];
}

async function loadUserJson(db: Queryable, user: UserRow) {
  const identities = await db.query<IdentityRow>(`select * from auth.identities where user_id = $1`, [user.id]);
  return userJson(user, identities.rows);
}

function emailFrom(body: Record<string, unknown>): string | null {
  const email = typeof body.email === "string" ? body.email.trim().toLowerCase() : "";
  return EMAIL_PATTERN.test(email) ? email : null;
}

function weakPassword(config: BackendConfig, password: unknown): Reply | null {
  if (typeof password === "string" && password.length >= config.minimumPasswordLength) return null;
  return authError(422, "weak_password", `Password should be at least ${config.minimumPasswordLength} characters.`, {
    weak_password: { reasons: ["length"] },
  });
}

function base64url(buffer: Buffer) {
  return buffer.toString("base64url");
}

/** Whether a redirect target is allowed: the site's host, loopback, or the allow list. */
function allowedRedirect(config: BackendConfig, target: string | null): string {
  if (!target) return config.siteUrl;
  try {
    const url = new URL(target);
    const site = new URL(config.siteUrl);
    const loopback = ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
    const sameSite = url.hostname === site.hostname;
    const listed = config.additionalRedirectUrls.some((allowed) => target.startsWith(allowed));
    return loopback || sameSite || listed ? target : config.siteUrl;
  } catch {
    return config.siteUrl;
  }
}

function withQuery(target: string, params: Record<string, string>, fragment = false): string {
  const url = new URL(target);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  url.searchParams.sort();
  if (fragment) url.hash = new URLSearchParams({ ...params, sb: "" }).toString();
  return url.toString();
}

export function createAuth(context: AuthContext) {
  const { db, signer, config, mailbox, limiter } = context;

  async function createUser(
    tx: Transaction,
    email: string,
    password: string,
    userMetadata: Record<string, unknown>,
    confirmed: boolean,
  ): Promise<UserRow> {
    const id = randomUUID();
    const hash = await bcrypt.hash(password, 10);
    // GoTrue inserts as the owner of auth.*, with search_path auth: triggers must qualify names.
    await tx.exec(`set local role supabase_auth_admin; set local search_path = auth`);
    await tx.query(
      `insert into users (instance_id, id, aud, role, email, encrypted_password, raw_app_meta_data,
         raw_user_meta_data, created_at, updated_at, confirmation_token, recovery_token, email_change,
         email_change_token_new)
       values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3,
         '{"provider":"email","providers":["email"]}', $4, now(), now(), '', '', '', '')`,
      [id, email, hash, JSON.stringify(userMetadata)],
    );
    await tx.query(
      `insert into identities (provider_id, user_id, identity_data, provider, last_sign_in_at)
       values ($1, $2, $3, 'email', now())`,
      [id, id, JSON.stringify({ sub: id, email, email_verified: confirmed, phone_verified: false })],
    );
    if (confirmed) await tx.query(`update users set email_confirmed_at = now() where id = $1`, [id]);
    await tx.exec(`reset role; reset search_path`);
    return (await findUser(tx, "id", id))!;
  }

  async function issueSession(tx: Transaction, user: UserRow, method: string) {
    const sessionId = randomUUID();
    await tx.query(`insert into auth.sessions (id, user_id) values ($1, $2)`, [sessionId, user.id]);
    await tx.query(`update auth.users set last_sign_in_at = now() where id = $1`, [user.id]);
    const refreshToken = await insertRefreshToken(tx, user.id, sessionId, null);
    return sessionJson(tx, user.id, sessionId, refreshToken, method);
  }

  async function insertRefreshToken(tx: Transaction, userId: string, sessionId: string, parent: string | null) {
    const token = base64url(randomBytes(16)).slice(0, 22);
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
    };
    return {
      access_token: await signer.sign(claims, config.jwtExpirySeconds),
      token_type: "bearer",
      expires_in: config.jwtExpirySeconds,
      expires_at: now + config.jwtExpirySeconds,
      refresh_token: refreshToken,
      user: await loadUserJson(tx, user),
    };
  }

  /** Resolves the user of a Bearer access token, as GoTrue's requireAuthentication does. */
  async function authenticate(
    request: Request,
  ): Promise<{ ok: true; user: UserRow; claims: Claims } | { ok: false; reply: Reply }> {
    const token = bearerToken(request);
    if (!token) return { ok: false, reply: authError(401, "no_authorization", "This endpoint requires a Bearer token") };
    const verified = await signer.verify(token);
    if (!verified.ok) {
      const detail = verified.reason === "expired" ? "token is expired" : "unable to parse or verify signature";
      return { ok: false, reply: authError(403, "bad_jwt", `invalid JWT: unable to parse or verify signature, ${detail}`) };
    }
    const { claims } = verified;
    if (!claims.sub) return { ok: false, reply: authError(403, "bad_jwt", "invalid claim: missing sub claim") };
    const session = claims.session_id
      ? (await db.query(`select 1 from auth.sessions where id = $1`, [claims.session_id])).rows[0]
      : undefined;
    if (!session) {
      return {
        ok: false,
        reply: authError(403, "session_not_found", "Session from session_id claim in JWT does not exist"),
      };
    }
    const user = await findUser(db, "id", claims.sub);
    if (!user) return { ok: false, reply: authError(403, "user_not_found", "User from sub claim in JWT does not exist") };
    return { ok: true, user, claims };
  }

  function limitSignIn(request: Request, email: string): Reply | null {
    const limit = config.rateLimits.signInSignUps;
    return (
      rateLimited(limiter.hit(`sign-in:ip:${request.ip}`, limit, FIVE_MINUTES)) ??
      rateLimited(limiter.hit(`sign-in:email:${email}`, limit, FIVE_MINUTES))
    );
  }

  async function signUp(request: Request): Promise<Reply> {
    const body = parseJson(request.body) as Record<string, unknown> | undefined;
    if (!body) return badJson();
    const email = emailFrom(body);
    if (!email) return authError(400, "validation_failed", "Unable to validate email address: invalid format");
    const limited = limitSignIn(request, email);
    if (limited) return limited;
    const weak = weakPassword(config, body.password);
    if (weak) return weak;
    if (await findUser(db, "email", email)) return authError(422, "user_already_exists", "User already registered");
    const metadata = body.data && typeof body.data === "object" ? (body.data as Record<string, unknown>) : {};
    try {
      const session = await db.transaction(async (tx) => {
        const user = await createUser(tx, email, body.password as string, metadata, true);
        return issueSession(tx, user, "password");
      });
      return json(200, session);
    } catch (error) {
      console.error("[auth] sign-up failed:", (error as Error).message);
      return authError(500, "unexpected_failure", "Database error saving new user");
    }
  }

  async function passwordGrant(request: Request, body: Record<string, unknown>): Promise<Reply> {
    const email = emailFrom(body);
    const limited = limitSignIn(request, email ?? "");
    if (limited) return limited;
    if (!email || typeof body.password !== "string") return invalidCredentials();
    const user = await findUser(db, "email", email);
    if (!user || !(await bcrypt.compare(body.password, user.encrypted_password ?? ""))) return invalidCredentials();
    if (!user.email_confirmed_at) return authError(400, "email_not_confirmed", "Email not confirmed");
    return json(200, await db.transaction((tx) => issueSession(tx, user, "password")));
  }

  async function refreshGrant(request: Request, body: Record<string, unknown>): Promise<Reply> {
    const limited = rateLimited(limiter.hit(`refresh:ip:${request.ip}`, config.rateLimits.tokenRefresh, FIVE_MINUTES));
    if (limited) return limited;
    const presented = typeof body.refresh_token === "string" ? body.refresh_token : "";
    const notFound = () => authError(400, "refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found");
    return db.transaction(async (tx) => {
      const row = (
        await tx.query<{ token: string; user_id: string; session_id: string; revoked: boolean; updated_at: Date }>(
          `select token, user_id, session_id, revoked, updated_at from auth.refresh_tokens where token = $1 for update`,
          [presented],
        )
      ).rows[0];
      if (!row) return notFound();
      let next: string;
      if (!row.revoked) {
        await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1`, [row.token]);
        next = await insertRefreshToken(tx, row.user_id, row.session_id, row.token);
      } else {
        const activeChild = (
          await tx.query<{ token: string }>(
            `select token from auth.refresh_tokens where parent = $1 and not revoked order by id desc limit 1`,
            [row.token],
          )
        ).rows[0];
        const withinReuseInterval =
          Date.now() - row.updated_at.getTime() < config.refreshTokenReuseIntervalSeconds * 1000;
        if (activeChild) {
          next = activeChild.token;
        } else if (withinReuseInterval) {
          next = await insertRefreshToken(tx, row.user_id, row.session_id, row.token);
        } else {
          // Reuse of an old token: assume it leaked and end the whole session.
          await tx.query(`delete from auth.sessions where id = $1`, [row.session_id]);
          return authError(400, "refresh_token_already_used", "Invalid Refresh Token: Already Used");
        }
      }
      await tx.query(`update auth.sessions set updated_at = now() where id = $1`, [row.session_id]);
      return json(200, await sessionJson(tx, row.user_id, row.session_id, next, "password"));
    });
  }

  async function pkceGrant(body: Record<string, unknown>): Promise<Reply> {
    const authCode = typeof body.auth_code === "string" ? body.auth_code : "";
    const verifier = typeof body.code_verifier === "string" ? body.code_verifier : "";
    if (!authCode || !verifier) return authError(400, "validation_failed", "invalid request: both auth code and code verifier should be non-empty");
    return db.transaction(async (tx) => {
      const flow = (
        await tx.query<{ id: string; user_id: string; code_challenge: string; created_at: Date; authentication_method: string }>(
          `select * from auth.flow_state where auth_code = $1`,
          [authCode],
        )
      ).rows[0];
      if (!flow) return authError(404, "flow_state_not_found", "invalid flow state, no valid flow state found");
      if (Date.now() - flow.created_at.getTime() > FLOW_STATE_TTL_SECONDS * 1000) {
        return authError(422, "flow_state_expired", "invalid flow state, flow state has expired");
      }
      const challenge = base64url(createHash("sha256").update(verifier).digest());
      if (challenge !== flow.code_challenge) {
        return authError(400, "bad_code_verifier", "code challenge does not match previously saved code verifier");
      }
      await tx.query(`delete from auth.flow_state where id = $1`, [flow.id]);
      const user = (await findUser(tx, "id", flow.user_id))!;
      return json(200, await issueSession(tx, user, flow.authentication_method));
    });
  }

  async function token(request: Request): Promise<Reply> {
    const body = parseJson(request.body) as Record<string, unknown> | undefined;
    if (!body) return badJson();
    switch (request.url.searchParams.get("grant_type")) {
      case "password":
        return passwordGrant(request, body);
      case "refresh_token":
        return refreshGrant(request, body);
      case "pkce":
        return pkceGrant(body);
      default:
        return authError(400, "unsupported_grant_type", "unsupported_grant_type");
    }
  }

  async function getUser(request: Request): Promise<Reply> {
    const auth = await authenticate(request);
    if (!auth.ok) return auth.reply;
    return json(200, await loadUserJson(db, auth.user));
  }

  async function updateUser(request: Request): Promise<Reply> {
    const auth = await authenticate(request);
    if (!auth.ok) return auth.reply;
    const body = parseJson(request.body) as Record<string, unknown> | undefined;
    if (!body) return badJson();
    const password = typeof body.password === "string" ? body.password : null;
    // Check everything first, so a refused request changes nothing.
    if (body.password !== undefined && body.password !== null) {
      const weak = weakPassword(config, body.password);
      if (weak) return weak;
      if (await bcrypt.compare(password!, auth.user.encrypted_password)) {
        return authError(422, "same_password", "New password should be different from the old password.");
      }
    }
    const hash = password ? await bcrypt.hash(password, 10) : null;
    const metadata = body.data && typeof body.data === "object" ? JSON.stringify(body.data) : null;
    await db.transaction(async (tx) => {
      if (metadata) {
        await tx.query(`update auth.users set raw_user_meta_data = raw_user_meta_data || $2, updated_at = now() where id = $1`, [
          auth.user.id,
          metadata,
        ]);
      }
      if (hash) {
        await tx.query(`update auth.users set encrypted_password = $2, updated_at = now() where id = $1`, [auth.user.id, hash]);
        // A new password ends the user's other sessions, as GoTrue does.
        await tx.query(`delete from auth.sessions where user_id = $1 and id <> $2`, [auth.user.id, auth.claims.session_id]);
      }
    });
    return json(200, await loadUserJson(db, (await findUser(db, "id", auth.user.id))!));
  }

  async function logout(request: Request): Promise<Reply> {
    const auth = await authenticate(request);
    if (!auth.ok) return auth.reply;
    const scope = request.url.searchParams.get("scope") ?? "global";
    const { id: userId } = auth.user;
    const sessionId = auth.claims.session_id;
    if (scope === "local") await db.query(`delete from auth.sessions where id = $1`, [sessionId]);
    else if (scope === "others") await db.query(`delete from auth.sessions where user_id = $1 and id <> $2`, [userId, sessionId]);
    else await db.query(`delete from auth.sessions where user_id = $1`, [userId]);
    return { status: 204 };
  }

  async function recover(request: Request): Promise<Reply> {
    const body = parseJson(request.body) as Record<string, unknown> | undefined;
    if (!body) return badJson();
    const email = emailFrom(body);
    if (!email) return authError(400, "validation_failed", "Unable to validate email address: invalid format");
    const limited =
      rateLimited(limiter.hit(`email:ip:${request.ip}`, config.rateLimits.emailSent, 3600), "over_email_send_rate_limit") ??
      rateLimited(
        limiter.hit(`email:address:${email}`, 1, config.rateLimits.emailFrequencySeconds),
        "over_email_send_rate_limit",
      );
    if (limited) return limited;
    const user = await findUser(db, "email", email);
    if (!user) return json(200, {});
    const challenge = typeof body.code_challenge === "string" ? body.code_challenge : "";
    const redirectTo = allowedRedirect(config, request.url.searchParams.get("redirect_to"));
    const otp = randomBytes(3).readUIntBE(0, 3).toString().padStart(6, "0");
    const tokenHash = createHash("sha224").update(email + otp).digest("hex");
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
      await tx.query(`delete from auth.one_time_tokens where user_id = $1 and token_type = 'recovery_token'`, [user.id]);
      await tx.query(
        `insert into auth.one_time_tokens (user_id, token_type, token_hash, flow_state_id) values ($1, 'recovery_token', $2, $3)`,
        [user.id, tokenHash, flowId],
      );
      await tx.query(`update auth.users set recovery_sent_at = now() where id = $1`, [user.id]);
    });
    const link = `${context.publicUrl}/auth/v1/verify?${new URLSearchParams({
      token: challenge ? `pkce_${tokenHash}` : tokenHash,
      type: "recovery",
      redirect_to: redirectTo,
    })}`;
    await mailbox.send(email, "Восстановление пароля", `Чтобы задать новый пароль, перейдите по ссылке:\n${link}\n\nКод: ${otp}`, link);
    return json(200, {});
  }

  async function verify(request: Request): Promise<Reply> {
    const params = request.url.searchParams;
    const redirectTo = allowedRedirect(config, params.get("redirect_to"));
    const expired = () =>
      redirect(
        withQuery(
          redirectTo,
          { error: "access_denied", error_code: "otp_expired", error_description: "Email link is invalid or has expired" },
          true,
        ),
      );
    const limited = rateLimited(
      limiter.hit(`verify:ip:${request.ip}`, config.rateLimits.tokenVerifications, FIVE_MINUTES),
    );
    if (limited) return limited;
    const tokenHash = (params.get("token") ?? "").replace(/^pkce_/, "");
    const type = params.get("type") === "signup" ? "confirmation_token" : "recovery_token";
    return db.transaction(async (tx) => {
      const row = (
        await tx.query<{ id: string; user_id: string; flow_state_id: string | null; created_at: Date }>(
          `delete from auth.one_time_tokens where token_hash = $1 and token_type = $2 returning *`,
          [tokenHash, type],
        )
      ).rows[0];
      if (!row || Date.now() - row.created_at.getTime() > OTP_TTL_SECONDS * 1000) return expired();
      await tx.query(`update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()) where id = $1`, [
        row.user_id,
      ]);
      if (row.flow_state_id) {
        const flow = (
          await tx.query<{ auth_code: string }>(`select auth_code from auth.flow_state where id = $1`, [row.flow_state_id])
        ).rows[0];
        if (!flow) return expired();
        return redirect(withQuery(redirectTo, { code: flow.auth_code }));
      }
      // Implicit flow: the session travels in the fragment.
      const user = (await findUser(tx, "id", row.user_id))!;
      const session = await issueSession(tx, user, "otp");
      const url = new URL(redirectTo);
      url.hash = new URLSearchParams({
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: session.refresh_token,
        token_type: "bearer",
        type: params.get("type") ?? "recovery",
      }).toString();
      return redirect(url.toString());
    });
  }

  function requireServiceRole(claims: Claims | undefined): Reply | null {
    return claims?.role === "service_role" ? null : authError(403, "not_admin", "User not allowed");
  }

  async function adminCreateUser(body: Record<string, unknown>): Promise<Reply> {
    const email = emailFrom(body);
    if (!email) return authError(400, "validation_failed", "Unable to validate email address: invalid format");
    const password = typeof body.password === "string" ? body.password : randomBytes(16).toString("hex");
    const weak = weakPassword(config, password);
    if (weak) return weak;
    if (await findUser(db, "email", email)) {
      return authError(422, "email_exists", "A user with this email address has already been registered");
    }
    const metadata = (body.user_metadata ?? body.data ?? {}) as Record<string, unknown>;
    try {
      const user = await db.transaction((tx) => createUser(tx, email, password, metadata, body.email_confirm === true));
      return json(200, await loadUserJson(db, user));
    } catch (error) {
      console.error("[auth] admin user creation failed:", (error as Error).message);
      return authError(500, "unexpected_failure", "Database error creating new user");
    }
  }

  async function admin(request: Request, rest: string, claims: Claims | undefined): Promise<Reply> {
    const refused = requireServiceRole(claims);
    if (refused) return refused;
    const [, resource, id] = rest.split("/");
    if (resource !== "users") return authError(404, "not_found", "Not found");
    if (!id && request.method === "POST") {
      const body = parseJson(request.body) as Record<string, unknown> | undefined;
      return body ? adminCreateUser(body) : badJson();
    }
    if (!id && request.method === "GET") {
      const page = Math.max(1, Number(request.url.searchParams.get("page")) || 1);
      const perPage = Math.min(1000, Math.max(1, Number(request.url.searchParams.get("per_page")) || 50));
      const total = Number((await db.query<{ n: number }>(`select count(*)::int as n from auth.users`)).rows[0].n);
      const rows = await db.query<UserRow>(`select * from auth.users order by created_at, id limit $1 offset $2`, [
        perPage,
        (page - 1) * perPage,
      ]);
      const users = await Promise.all(rows.rows.map((user) => loadUserJson(db, user)));
      return json(200, { users, aud: "authenticated" }, { "x-total-count": String(total) });
    }
    if (!id || !/^[0-9a-f-]{36}$/i.test(id)) return authError(404, "user_not_found", "User not found");
    const user = await findUser(db, "id", id);
    if (!user) return authError(404, "user_not_found", "User not found");
    if (request.method === "GET") return json(200, await loadUserJson(db, user));
    if (request.method === "DELETE") {
      await db.query(`delete from auth.users where id = $1`, [id]);
      return json(200, {});
    }
    return authError(405, "method_not_allowed", "Method not allowed");
  }

  /** Routes a request whose path starts with /auth/v1. */
  return async function handleAuth(request: Request, claims: Claims | undefined): Promise<Reply> {
    const rest = request.url.pathname.slice("/auth/v1".length) || "/";
    const route = `${request.method} ${rest}`;
    if (route === "GET /.well-known/jwks.json") {
      return json(200, signer.publicJwks, { "cache-control": "public, max-age=600" });
    }
    if (route === "GET /health") return json(200, { version: "local", name: "GoTrue", description: "local stand-in" });
    if (route === "GET /settings") {
      return json(200, { external: { email: true }, disable_signup: false, mailer_autoconfirm: true, phone_autoconfirm: false });
    }
    if (route === "POST /signup") return signUp(request);
    if (route === "POST /token") return token(request);
    if (route === "GET /user") return getUser(request);
    if (route === "PUT /user") return updateUser(request);
    if (route === "POST /logout") return logout(request);
    if (route === "POST /recover") return recover(request);
    if (route === "GET /verify") return verify(request);
    if (rest.startsWith("/admin/")) return admin(request, rest.slice("/admin".length), claims);
    return authError(404, "not_found", "Not found");
  };
}
