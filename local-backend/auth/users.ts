import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { BackendConfig } from "../config";
import type { Database, Transaction } from "../database";
import type { Reply } from "../http";
import { hashPassword } from "./passwords";
import { authError } from "./errors";

export interface UserRow {
  id: string;
  email: string;
  encrypted_password: string;
  email_confirmed_at: Date | null;
  confirmation_sent_at: Date | null;
  recovery_sent_at: Date | null;
  /** The address an email change waits to confirm ('' when none), and its links' token hashes. */
  email_change: string | null;
  email_change_token_new: string | null;
  email_change_token_current: string | null;
  /** 1 once one of the two links of a secure email change was followed. */
  email_change_confirm_status: number | null;
  email_change_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown>;
  raw_user_meta_data: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
  phone: string | null;
  deleted_at: Date | null;
  banned_until: Date | null;
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

export type Queryable = Database | Transaction;

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
    new_email: user.email_change || undefined,
    email_change_sent_at: iso(user.email_change_sent_at),
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

export async function findUser(db: Queryable, where: "id" | "email", value: string): Promise<UserRow | undefined> {
  const column = where === "id" ? "id" : "lower(email)";
  const result = await db.query<UserRow>(`select * from auth.users where ${column} = $1`, [
    where === "email" ? value.toLowerCase() : value,
  ]);
  return result.rows[0];
}

export async function loadUserJson(db: Queryable, user: UserRow) {
  const identities = await db.query<IdentityRow>(`select * from auth.identities where user_id = $1`, [user.id]);
  return userJson(user, identities.rows);
}

const emailSchema = z.string().trim().toLowerCase().pipe(z.email());

/** The request's email, lowercased, or null when it is not an email address. */
export function emailFrom(body: Record<string, unknown>): string | null {
  const parsed = emailSchema.safeParse(body.email);
  return parsed.success ? parsed.data : null;
}

export function weakPassword(config: BackendConfig, password: unknown): Reply | null {
  if (typeof password === "string" && password.length >= config.minimumPasswordLength) return null;
  return authError(422, "weak_password", `Password should be at least ${config.minimumPasswordLength} characters.`, {
    weak_password: { reasons: ["length"] },
  });
}

/** A user about to be created: its id is chosen before the Before User Created Hook sees it. */
export interface NewUser {
  id: string;
  email: string;
  userMetadata: Record<string, unknown>;
}

export const newUser = (email: string, userMetadata: Record<string, unknown>): NewUser => ({ id: randomUUID(), email, userMetadata });

const EMAIL_APP_METADATA = { provider: "email", providers: ["email"] };
// Go's zero time.Time: the user has not been saved yet.
const NOT_SAVED_YET = "0001-01-01T00:00:00Z";

/** The user as Supabase Auth hands it to the Before User Created Hook (models.User before its insert). */
export function unsavedUserJson(user: NewUser) {
  return {
    id: user.id,
    aud: "authenticated",
    role: "",
    email: user.email,
    phone: "",
    app_metadata: EMAIL_APP_METADATA,
    user_metadata: user.userMetadata,
    identities: [],
    created_at: NOT_SAVED_YET,
    updated_at: NOT_SAVED_YET,
    is_anonymous: false,
  };
}

export async function createUser(tx: Transaction, user: NewUser, password: string, confirmed: boolean): Promise<UserRow> {
  const { id, email, userMetadata } = user;
  const hash = await hashPassword(password);
  // GoTrue inserts as the owner of auth.*, with search_path auth: triggers must qualify names.
  await tx.exec(`set local role supabase_auth_admin; set local search_path = auth`);
  await tx.query(
    `insert into users (instance_id, id, aud, role, email, encrypted_password, raw_app_meta_data,
       raw_user_meta_data, created_at, updated_at, confirmation_token, recovery_token, email_change,
       email_change_token_new)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3,
       $4, $5, now(), now(), '', '', '', '')`,
    [id, email, hash, JSON.stringify(EMAIL_APP_METADATA), JSON.stringify(userMetadata)],
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
