import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import type { Transaction } from "../database";
import { json, parseJson, type Reply, type Request } from "../http";
import { authError, badJson, invalidEmail } from "./errors";
import type { AuthContext } from "./index";
import type { Sessions } from "./sessions";
import { createUser, emailFrom, findUser, loadUserJson, newUser, weakPassword, type UserRow } from "./users";

const uuid = z.uuid();

/** GoTrue's obfuscateValue: what a soft-deleted user's email, phone and identities keep. */
const obfuscated = (id: string, value: string) => createHash("sha256").update(id + value).digest("base64url");

/** User.SoftDeleteUser and SoftDeleteUserIdentities: the row stays, nothing personal in it. */
async function softDelete(tx: Transaction, user: UserRow) {
  await tx.query(
    `update auth.users set email = $2, phone = $3, email_change = $4, encrypted_password = null, confirmation_token = '',
       recovery_token = '', email_change_token_current = '', email_change_token_new = '', deleted_at = now(),
       raw_user_meta_data = '{}', raw_app_meta_data = '{}', updated_at = now()
     where id = $1`,
    [
      user.id,
      obfuscated(user.id, user.email ?? ""),
      obfuscated(user.id, user.phone ?? "").slice(0, 15),
      obfuscated(user.id, user.email_change ?? ""),
    ],
  );
  await tx.query(`delete from auth.one_time_tokens where user_id = $1`, [user.id]);
  await tx.query(`delete from auth.sessions where user_id = $1`, [user.id]);
  const identities = await tx.query<{ id: string; provider: string; provider_id: string }>(
    `select id, provider, provider_id from auth.identities where user_id = $1`,
    [user.id],
  );
  for (const identity of identities.rows) {
    await tx.query(`update auth.identities set identity_data = '{}', provider_id = $2, updated_at = now() where id = $1`, [
      identity.id,
      obfuscated(user.id, `${identity.provider}:${identity.provider_id}`),
    ]);
  }
}

/** /admin/users: what a service-role caller (supabase.auth.admin) may do. */
export function createAdmin(context: AuthContext, sessions: Sessions) {
  const { db, config } = context;

  /**
   * GoTrue's requireAdminCredentials: a verified Bearer token whose session, when it names one,
   * still exists, and whose role is service_role.
   */
  async function adminRefusal(request: Request): Promise<Reply | null> {
    const bearer = await sessions.bearerClaims(request);
    if (!bearer.ok) return bearer.reply;
    if (bearer.claims.session_id) {
      const owner = await sessions.userAndSession(bearer.claims);
      if (!owner.ok) return owner.reply;
    }
    return bearer.claims.role === "service_role" ? null : authError(403, "not_admin", "User not allowed");
  }

  async function createUserFromAdmin(body: Record<string, unknown>): Promise<Reply> {
    const email = emailFrom(body);
    if (!email) return invalidEmail();
    const password = typeof body.password === "string" ? body.password : randomBytes(16).toString("hex");
    const weak = weakPassword(config, password);
    if (weak) return weak;
    if (await findUser(db, "email", email)) {
      return authError(422, "email_exists", "A user with this email address has already been registered");
    }
    const metadata = (body.user_metadata ?? body.data ?? {}) as Record<string, unknown>;
    try {
      // No Before User Created Hook here: Supabase Auth's adminUserCreate does not run it.
      const user = await db.transaction((tx) => createUser(tx, newUser(email, metadata), password, body.email_confirm === true));
      return json(200, await loadUserJson(db, user));
    } catch (error) {
      console.error("[auth] admin user creation failed:", (error as Error).message);
      return authError(500, "unexpected_failure", "Database error creating new user");
    }
  }

  async function listUsers(request: Request): Promise<Reply> {
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

  /** adminUserDelete: answers `{}`; `should_soft_delete` keeps the row with its personal data scrambled. */
  async function deleteUser(user: UserRow, rawBody: string): Promise<Reply> {
    const body = rawBody.trim() ? (parseJson(rawBody) as Record<string, unknown> | undefined) : {};
    if (!body) return badJson();
    try {
      if (body.should_soft_delete === true) {
        if (!user.deleted_at) await db.transaction((tx) => softDelete(tx, user));
      } else {
        await db.query(`delete from auth.users where id = $1`, [user.id]);
      }
      return json(200, {});
    } catch (error) {
      console.error("[auth] user deletion failed:", (error as Error).message);
      const message = body.should_soft_delete === true ? "Error soft deleting user" : "Database error deleting user";
      return authError(500, "unexpected_failure", message);
    }
  }

  return async function admin(request: Request, path: string): Promise<Reply> {
    const refused = await adminRefusal(request);
    if (refused) return refused;
    const [, resource, id] = path.split("/");
    if (resource !== "users") return authError(404, "not_found", "Not found");
    if (!id && request.method === "POST") {
      const body = parseJson(request.body) as Record<string, unknown> | undefined;
      return body ? createUserFromAdmin(body) : badJson();
    }
    if (!id && request.method === "GET") return listUsers(request);
    // GoTrue's loadUser middleware.
    if (!id || !uuid.safeParse(id).success) return authError(404, "validation_failed", "user_id must be an UUID");
    const user = await findUser(db, "id", id);
    if (!user) return authError(404, "user_not_found", "User not found");
    if (request.method === "GET") return json(200, await loadUserJson(db, user));
    if (request.method === "DELETE") return deleteUser(user, request.body);
    return authError(405, "method_not_allowed", "Method not allowed");
  };
}
