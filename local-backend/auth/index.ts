import type { BackendConfig } from "../config";
import type { Database } from "../database";
import { json, parseJson, type Reply, type Request } from "../http";
import type { Signer } from "../keys";
import type { Mailbox } from "../mailbox";
import { createAccounts } from "./accounts";
import { createAdmin } from "./admin";
import { createEmailChange } from "./email-change";
import { authError, badJson, requestRateLimited } from "./errors";
import type { AuthLimiters, TokenBucketLimiter } from "./rate-limits";
import { createRecovery } from "./recovery";
import { createSessions } from "./sessions";

export { authError } from "./errors";

export interface AuthContext {
  db: Database;
  signer: Signer;
  config: BackendConfig;
  mailbox: Mailbox;
  publicUrl: string;
  limiters: AuthLimiters;
}

/** Supabase Auth (GoTrue) under /auth/v1, for what supabase-js and @supabase/ssr send. */
export function createAuth(context: AuthContext) {
  const { signer, limiters } = context;
  const sessions = createSessions(context);
  const emailChange = createEmailChange(context, sessions);
  const accounts = createAccounts(context, sessions, emailChange);
  const recovery = createRecovery(context, sessions, emailChange);
  const admin = createAdmin(context, sessions);

  /** Runs a handler when the caller's key still has room in the endpoint's limiter (no key: no limit, as in GoTrue). */
  const limited = (limiter: TokenBucketLimiter, request: Request, handler: () => Promise<Reply> | Reply) =>
    limiter.allows(request.rateLimitKey) ? handler() : requestRateLimited();

  function token(request: Request): Promise<Reply> | Reply {
    const body = parseJson(request.body) as Record<string, unknown> | undefined;
    if (!body) return badJson();
    return sessions.grant(request.url.searchParams.get("grant_type"), body, request.clientAddress);
  }

  /** Routes a request whose path starts with /auth/v1. */
  return async function handleAuth(request: Request): Promise<Reply> {
    const path = request.url.pathname.slice("/auth/v1".length) || "/";
    switch (`${request.method} ${path}`) {
      case "GET /.well-known/jwks.json":
        return json(200, signer.publicJwks, { "cache-control": "public, max-age=600" });
      case "GET /health":
        return json(200, { version: "local", name: "GoTrue", description: "local stand-in" });
      case "GET /settings":
        return json(200, {
          external: { anonymous_users: false, email: true, phone: false },
          disable_signup: false,
          // Sign-up here always confirms at once, whatever enable_confirmations says.
          mailer_autoconfirm: true,
          phone_autoconfirm: false,
        });
      case "POST /signup":
        return accounts.signUpRefusal(request) ?? limited(limiters.signUp, request, () => accounts.signUp(request));
      // Every grant, the password sign-in included, shares /token's limiter, as in GoTrue.
      case "POST /token":
        return limited(limiters.token, request, () => token(request));
      case "GET /user":
        return accounts.getUser(request);
      case "PUT /user":
        return accounts.updateUser(request);
      case "POST /logout":
        return sessions.logout(request);
      case "POST /recover":
        return limited(limiters.recover, request, () => recovery.recover(request));
      case "GET /verify":
        return limited(limiters.verify, request, () => recovery.verifyLink(request));
      case "POST /verify":
        return limited(limiters.verify, request, () => recovery.verifyCode(request));
    }
    if (path.startsWith("/admin/")) return admin(request, path.slice("/admin".length));
    return authError(404, "not_found", "Not found");
  };
}
