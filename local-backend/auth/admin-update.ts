import type { Transaction } from "../database";
import { json, type Reply } from "../http";
import { authError, badJson, invalidEmail, uncodedAuthError } from "./errors";
import type { AuthContext } from "./index";
import { hashPassword } from "./passwords";
import { findUser, loadUserJson, weakPassword, type UserRow } from "./users";

/**
 * PUT /admin/users/{id}: Supabase Auth's adminUserUpdate (internal/api/admin.go), which
 * supabase-js's auth.admin.updateUserById calls. Everything is checked before anything is written;
 * then each attribute is written by its own UPDATE, in GoTrue's order, so the auth.users triggers
 * see what they see on hosted Supabase.
 */

/** AdminUserParams' fields as encoding/json fills them: Go's type of each, for its error messages. */
const FIELDS = {
  id: "string",
  aud: "string",
  role: "string",
  email: "string",
  phone: "string",
  password: "*string",
  password_hash: "string",
  email_confirm: "bool",
  phone_confirm: "bool",
  user_metadata: "map[string]interface {}",
  app_metadata: "map[string]interface {}",
  ban_duration: "string",
} as const;
type Field = keyof typeof FIELDS;
type Metadata = Record<string, unknown>;

interface AdminUserParams {
  role: string;
  email: string;
  phone: string;
  /** A pointer in GoTrue: null when absent or null, so "" still reaches the strength check. */
  password: string | null;
  email_confirm: boolean;
  phone_confirm: boolean;
  user_metadata: Metadata | null;
  app_metadata: Metadata | null;
  ban_duration: string;
}

const jsonKind = (value: unknown) =>
  Array.isArray(value) ? "array" : typeof value === "boolean" ? "bool" : typeof value === "object" ? "object" : typeof value;

/**
 * json.Unmarshal into AdminUserParams: unknown keys ignored, names matched exactly or else without
 * regard to case, null leaves a field as it is, and a value of the wrong type is bad_json with
 * Go's message (`data`, which supabase-js does not send here, is not a field: GoTrue ignores it).
 */
function decodeParams(raw: string): { ok: true; params: AdminUserParams } | { ok: false; reply: Reply } {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return { ok: false, reply: badJson() };
  }
  const params: AdminUserParams = {
    role: "",
    email: "",
    phone: "",
    password: null,
    email_confirm: false,
    phone_confirm: false,
    user_metadata: null,
    app_metadata: null,
    ban_duration: "",
  };
  const refuse = (message: string) => ({
    ok: false as const,
    reply: authError(400, "bad_json", `Could not parse request body as JSON: json: cannot unmarshal ${message}`),
  });
  if (body === null) return { ok: true, params };
  if (typeof body !== "object" || Array.isArray(body)) return refuse(`${jsonKind(body)} into Go value of type api.AdminUserParams`);
  let mismatch: string | null = null;
  for (const [key, value] of Object.entries(body)) {
    const exact = Object.hasOwn(FIELDS, key) ? key : undefined;
    const field = (exact ?? Object.keys(FIELDS).find((name) => name === key.toLowerCase())) as Field | undefined;
    if (!field || value === null) {
      if (field === "password") params.password = null;
      if (field === "user_metadata" || field === "app_metadata") params[field] = null;
      continue;
    }
    const type = FIELDS[field];
    const expected = type === "bool" ? "bool" : type.startsWith("map") ? "object" : "string";
    if (jsonKind(value) !== expected) {
      // encoding/json goes on with the other fields and reports the first mismatch.
      mismatch ??= `${jsonKind(value)} into Go struct field AdminUserParams.${field} of type ${type.replace("*", "")}`;
      continue;
    }
    if (Object.hasOwn(params, field)) (params as unknown as Record<string, unknown>)[field] = value;
  }
  return mismatch ? refuse(mismatch) : { ok: true, params };
}

// badoux/checkmail's ValidateFormat, as GoTrue's validateEmail uses it.
const CHECKMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** validateEmail (internal/api/mail.go): the address lowercased, or GoTrue's refusal. */
function validateEmail(email: string): string | Reply {
  if (Buffer.byteLength(email) > 255) return authError(400, "validation_failed", "An email address is too long");
  return CHECKMAIL.test(email) ? email.toLowerCase() : invalidEmail();
}

/** validatePhone (internal/api/phone.go): "+" and spaces dropped, then E.164 digits. */
function validatePhone(phone: string): string | Reply {
  const formatted = phone.replace(/^\+/, "").replaceAll(" ", "");
  return /^[1-9][0-9]{1,14}$/.test(formatted)
    ? formatted
    : authError(400, "validation_failed", "Invalid phone number format (E.164 required)");
}

/** User.UpdateUserMetaData / UpdateAppMetaData: top-level keys replaced, a null removes its key. */
function mergeMetadata(current: Metadata | null, updates: Metadata): Metadata {
  if (!current) return updates;
  const merged = { ...current };
  for (const [key, value] of Object.entries(updates)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

const GO_DURATION_UNITS: Record<string, bigint> = {
  ns: 1n,
  us: 1_000n,
  "\u00b5s": 1_000n,
  "\u03bcs": 1_000n,
  ms: 1_000_000n,
  s: 1_000_000_000n,
  m: 60_000_000_000n,
  h: 3_600_000_000_000n,
};
const LIMIT = 1n << 63n;

/** Go's time.ParseDuration ("1h30m", "-1.5h", "300ms"), in nanoseconds, or its error text. */
export function parseGoDuration(text: string): { ok: true; nanoseconds: bigint } | { ok: false; error: string } {
  const invalid = { ok: false as const, error: `time: invalid duration ${JSON.stringify(text)}` };
  let rest = text;
  const negative = rest.startsWith("-");
  if (rest.startsWith("-") || rest.startsWith("+")) rest = rest.slice(1);
  if (rest === "0") return { ok: true, nanoseconds: 0n };
  if (rest === "") return invalid;
  let total = 0n;
  while (rest !== "") {
    const number = /^([0-9]*)(?:\.([0-9]*))?/.exec(rest)!;
    const [whole, digits, fraction] = number;
    if (digits === "" && !fraction) return invalid;
    rest = rest.slice(whole.length);
    const unitLength = rest.search(/[0-9.]/);
    const unit = unitLength < 0 ? rest : rest.slice(0, unitLength);
    if (unit === "") return { ok: false, error: `time: missing unit in duration ${JSON.stringify(text)}` };
    rest = rest.slice(unit.length);
    const scale = GO_DURATION_UNITS[unit];
    if (!scale) return { ok: false, error: `time: unknown unit ${JSON.stringify(unit)} in duration ${JSON.stringify(text)}` };
    // leadingInt and leadingFraction: whole digits must fit in 63 bits, extra fraction digits are dropped.
    const value = BigInt(digits || "0");
    if (value > LIMIT / scale) return invalid;
    let part = value * scale;
    if (fraction) {
      let f = 0n;
      let fscale = 1;
      for (const digit of fraction) {
        if (f > (LIMIT - 1n) / 10n || f * 10n + BigInt(digit) > LIMIT) break;
        f = f * 10n + BigInt(digit);
        fscale *= 10;
      }
      part += BigInt(Math.trunc(Number(f) * (Number(scale) / fscale)));
      if (part > LIMIT) return invalid;
    }
    total += part;
    if (total > LIMIT) return invalid;
  }
  if (negative) return { ok: true, nanoseconds: -total };
  return total > LIMIT - 1n ? invalid : { ok: true, nanoseconds: total };
}

/** checkPasswordStrength's first rule (MaxPasswordLength, bytes), before the sign-up rule. */
const MAX_PASSWORD_BYTES = 72;

interface Checked {
  params: AdminUserParams;
  email: string;
  phone: string;
  /** The new hash, or undefined when no password was given. */
  hash: string | undefined;
  /** Nanoseconds to ban for (0: lift the ban), or null when ban_duration was not given. */
  ban: bigint | null;
}

/** The transaction of adminUserUpdate, one UpdateOnly (which also sets updated_at) per attribute. */
async function applyUpdate(tx: Transaction, user: UserRow, { params, email, phone, hash, ban }: Checked) {
  const id = user.id;
  const set = (assignments: string, values: unknown[] = []) =>
    tx.query(`update users set ${assignments}, updated_at = now() where id = $1`, [id, ...values]);
  const clearOneTimeTokens = () => tx.query(`delete from one_time_tokens where user_id = $1`, [id]);
  let userMetadata = user.raw_user_meta_data;
  let anonymous = user.is_anonymous;

  // As GoTrue: the owner of auth.*, with search_path auth.
  await tx.exec(`set local role supabase_auth_admin; set local search_path = auth`);
  if (params.role) await set(`role = $2`, [params.role.trim()]);
  if (params.email_confirm) {
    // User.Confirm.
    await set(`confirmation_token = '', email_confirmed_at = now()`);
    userMetadata = mergeMetadata(userMetadata, { email_verified: true });
    await set(`raw_user_meta_data = $2`, [JSON.stringify(userMetadata)]);
    await clearOneTimeTokens();
  }
  if (params.phone_confirm) {
    // User.ConfirmPhone also sets phone_confirmed_at, a column this auth.users does not have.
    await set(`confirmation_token = ''`);
    await clearOneTimeTokens();
  }
  if (hash !== undefined) {
    // User.UpdatePassword: every pending token goes, and every session (no session id here).
    await set(
      `encrypted_password = $2, confirmation_token = '', confirmation_sent_at = null, recovery_token = '',
       recovery_sent_at = null, email_change_token_current = '', email_change_token_new = '', email_change_sent_at = null`,
      [hash],
    );
    await clearOneTimeTokens();
    await tx.query(`delete from sessions where user_id = $1`, [id]);
  }
  for (const [provider, value, confirmed] of [
    ["email", email, params.email_confirm],
    ["phone", phone, params.phone_confirm],
  ] as const) {
    if (!value) continue;
    const identity = (
      await tx.query<{ id: string; identity_data: Metadata | null }>(
        `select id, identity_data from identities where provider_id = $1 and provider = $2`,
        [id, provider],
      )
    ).rows[0];
    const changes = { [provider]: value, [`${provider}_verified`]: confirmed };
    if (identity) {
      // Identity.UpdateIdentityData: a raw UPDATE of identity_data alone.
      await tx.query(`update identities set identity_data = $2 where id = $1`, [
        identity.id,
        JSON.stringify(mergeMetadata(identity.identity_data, changes)),
      ]);
    } else {
      // createNewIdentity with provider.Claims: both *_verified keys are always there.
      const data = { sub: id, email_verified: false, phone_verified: false, ...changes };
      await tx.query(
        `insert into identities (provider_id, user_id, identity_data, provider, last_sign_in_at) values ($1, $2, $3, $4, now())`,
        [id, id, JSON.stringify(data), provider],
      );
    }
    if (anonymous && confirmed) {
      anonymous = false;
      await set(`is_anonymous = false`);
    }
    await set(`${provider} = $2`, [value]);
  }
  if (params.app_metadata) await set(`raw_app_meta_data = $2`, [JSON.stringify(mergeMetadata(user.raw_app_meta_data, params.app_metadata))]);
  if (params.user_metadata) await set(`raw_user_meta_data = $2`, [JSON.stringify(mergeMetadata(userMetadata, params.user_metadata))]);
  // User.Ban: time.Now().Add(duration), or no ban for a zero duration.
  if (ban !== null) {
    if (ban === 0n) await set(`banned_until = null`);
    else await set(`banned_until = now() + $2::bigint * interval '1 microsecond'`, [(ban / 1000n).toString()]);
  }
  await tx.exec(`reset role; reset search_path`);
}

export function createAdminUpdate(context: AuthContext) {
  const { db, config } = context;

  /** Checks the request in adminUserUpdate's order, before the transaction. */
  async function check(rawBody: string): Promise<Checked | Reply> {
    const decoded = decodeParams(rawBody);
    if (!decoded.ok) return decoded.reply;
    const { params } = decoded;
    const email = params.email ? validateEmail(params.email) : "";
    if (typeof email !== "string") return email;
    const phone = params.phone ? validatePhone(params.phone) : "";
    if (typeof phone !== "string") return phone;
    let ban: bigint | null = null;
    if (params.ban_duration === "none") ban = 0n;
    else if (params.ban_duration) {
      const parsed = parseGoDuration(params.ban_duration);
      if (!parsed.ok) return authError(400, "validation_failed", `invalid format for ban duration: ${parsed.error}`);
      ban = parsed.nanoseconds;
    }
    let hash: string | undefined;
    if (params.password !== null) {
      if (Buffer.byteLength(params.password) > MAX_PASSWORD_BYTES) {
        return authError(400, "validation_failed", `Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`);
      }
      const weak = weakPassword(config, params.password);
      if (weak) return weak;
      hash = await hashPassword(params.password);
    }
    return { params, email, phone, hash, ban };
  }

  return async function updateUser(user: UserRow, rawBody: string): Promise<Reply> {
    const checked = await check(rawBody);
    if (!("params" in checked)) return checked;
    try {
      await db.transaction((tx) => applyUpdate(tx, user, checked));
    } catch (error) {
      // A constraint (an address another user has) or a trigger's exception: GoTrue's 500, without an error code.
      console.error("[auth] admin user update failed:", (error as Error).message);
      return uncodedAuthError(500, "Error updating user");
    }
    return json(200, await loadUserJson(db, (await findUser(db, "id", user.id))!));
  };
}
