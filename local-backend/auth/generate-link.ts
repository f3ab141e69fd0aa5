import { json, parseJson, type Reply, type Request } from "../http";
import { authError, badJson, invalidEmail } from "./errors";
import type { AuthContext } from "./index";
import { storeRecoveryToken } from "./recovery";
import { redirectTarget, requestRedirectTarget } from "./redirects";
import { emailFrom, findUser, loadUserJson } from "./users";
import { randomOtp, tokenHashOf, verifyUrl } from "./verify-links";

/** Every type Supabase Auth's adminGenerateLink knows; the others answer its validation_failed. */
const KNOWN_TYPES = new Set(["signup", "invite", "magiclink", "recovery", "email_change_current", "email_change_new"]);
/** What this stand-in implements: a link (and code) for an existing user, sent nowhere. */
const IMPLEMENTED_TYPES = new Set(["magiclink", "recovery"]);

/**
 * POST /admin/generate_link (Supabase Auth's adminGenerateLink) for `recovery` and `magiclink` of an
 * existing user: stores a recovery token as an email would, sends nothing, and answers the user
 * with `action_link`, `email_otp` (config.toml's otp_length digits), `hashed_token`,
 * `verification_type` and `redirect_to`. Types that create or change a user are refused loudly.
 */
export function createGenerateLink(context: AuthContext) {
  const { db, config } = context;

  return async function generateLink(request: Request): Promise<Reply> {
    const body = parseJson(request.body) as Record<string, unknown> | undefined;
    if (!body || typeof body !== "object" || Array.isArray(body)) return badJson();
    const email = emailFrom(body);
    if (!email) return invalidEmail();
    const type = typeof body.type === "string" ? body.type : "";
    // The body's redirect_to when allowed, else the request's (GetReferrer), else the site URL.
    const redirectTo = redirectTarget(config, typeof body.redirect_to === "string" ? body.redirect_to : null, requestRedirectTarget(config, request));
    const user = await findUser(db, "email", email);
    if (!user && (type === "recovery" || type.startsWith("email_change_"))) {
      return authError(404, "user_not_found", "User with this email not found");
    }
    if (!KNOWN_TYPES.has(type)) return authError(400, "validation_failed", `Invalid email action link type requested: ${type}`);
    if (!IMPLEMENTED_TYPES.has(type) || !user) {
      // 422, not 501: supabase-js reads 500–504 as a retryable outage and drops the code.
      return authError(422, "not_implemented", `generate_link of type ${type}${user ? "" : " for a new user"} is not implemented by the local backend`);
    }
    const otp = randomOtp(config.otpLength);
    const hashedToken = tokenHashOf(email, otp);
    await db.transaction((tx) => storeRecoveryToken(tx, user.id, hashedToken, null));
    return json(200, {
      ...(await loadUserJson(db, (await findUser(db, "id", user.id))!)),
      action_link: verifyUrl(context.publicUrl, hashedToken, type, redirectTo),
      email_otp: otp,
      hashed_token: hashedToken,
      verification_type: type,
      redirect_to: redirectTo,
    });
  };
}
