import { json, parseJson, type Reply, type Request } from "../http";
import { hashPassword, passwordMatches } from "./passwords";
import { authError, badJson, invalidEmail } from "./errors";
import type { AuthContext } from "./index";
import type { Sessions } from "./sessions";
import { checkNewUser } from "./hooks";
import { createUser, emailFrom, findUser, loadUserJson, newUser, unsavedUserJson, weakPassword } from "./users";

const metadataOf = (value: unknown) =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** A person's own account: sign-up, and reading or changing the signed-in user. */
export function createAccounts(context: AuthContext, sessions: Sessions) {
  const { db, config } = context;

  async function signUp(request: Request): Promise<Reply> {
    const body = parseJson(request.body) as Record<string, unknown> | undefined;
    if (!body) return badJson();
    const email = emailFrom(body);
    if (!email) return invalidEmail();
    const weak = weakPassword(config, body.password);
    if (weak) return weak;
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

  async function updateUser(request: Request): Promise<Reply> {
    const auth = await sessions.authenticate(request);
    if (!auth.ok) return auth.reply;
    const body = parseJson(request.body) as Record<string, unknown> | undefined;
    if (!body) return badJson();
    const password = typeof body.password === "string" ? body.password : null;
    // Check everything first, so a refused request changes nothing.
    if (body.password !== undefined && body.password !== null) {
      const weak = weakPassword(config, body.password);
      if (weak) return weak;
      if (await passwordMatches(password!, auth.user.encrypted_password)) {
        return authError(422, "same_password", "New password should be different from the old password.");
      }
    }
    const hash = password ? await hashPassword(password) : null;
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
        await tx.query(`delete from auth.sessions where user_id = $1 and id is distinct from $2`, [auth.user.id, auth.sessionId]);
      }
    });
    return json(200, await loadUserJson(db, (await findUser(db, "id", auth.user.id))!));
  }

  return { signUp, getUser, updateUser };
}
