import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import type { Transaction } from "../database";
import { json, parseJson, type Reply, type Request } from "../http";
import { createAdminUpdate } from "./admin-update";
import { authError, badJson, invalidEmail, uncodedAuthError } from "./errors";
import { createGenerateLink } from "./generate-link";
import { paginationLink, readPaging, readSort } from "./paging";
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
  const generateLink = createGenerateLink(context);
  const updateUser = createAdminUpdate(context);

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

  /**
   * GoTrue's adminUsers: newest first (`sort=created_at asc` turns it), `filter` on the email or
   * full name, pages as Go's ParseUint reads `page` and `per_page` (empty is the default), with its
   * Link and X-Total-Count headers.
   */
  async function listUsers(request: Request): Promise<Reply> {
    const params = request.url.searchParams;
    const paging = readPaging(params);
    if (!paging.ok) return paging.reply;
    const sort = readSort(params.getAll("sort"));
    if (!sort.ok) return sort.reply;
    const { page, perPage } = paging;
    // GoTrue divides by per_page to count the pages and panics on 0: its recoverer answers 500.
    if (perPage === 0n) return uncodedAuthError(500, "Internal Server Error");
    const filter = params.get("filter") ?? "";
    const where = filter ? `where (email like $1 or raw_user_meta_data->>'full_name' ilike $1)` : "where $1::text is null";
    const like = filter ? `%${filter}%` : null;
    const total = BigInt((await db.query<{ n: string }>(`select count(*)::text as n from auth.users ${where}`, [like])).rows[0].n);
    // Pop's paginator reads a page below 1 as the first.
    const offset = ((page < 1n ? 1n : page) - 1n) * perPage;
    const rows = await db.query<UserRow>(`select * from auth.users ${where} order by created_at ${sort.direction} limit $2 offset $3`, [
      like,
      perPage.toString(),
      offset.toString(),
    ]);
    const users = await Promise.all(rows.rows.map((user) => loadUserJson(db, user)));
    return json(200, { users, aud: "authenticated" }, { link: paginationLink(request.url, page, perPage, total), "x-total-count": String(total) });
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
    if (path === "/generate_link" && request.method === "POST") return generateLink(request);
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
    if (request.method === "PUT") return updateUser(user, request.body);
    if (request.method === "DELETE") return deleteUser(user, request.body);
    return authError(405, "method_not_allowed", "Method not allowed");
  };
}
