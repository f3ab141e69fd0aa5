import type { Transaction } from "@electric-sql/pglite";
import { z } from "zod";
import type { BackendConfig } from "../config";
import { ReplyError } from "../http";
import type { Claims } from "../keys";
import { authError } from "./errors";

/**
 * Supabase Auth's Custom Access Token Hook for a `pg-functions://` URI: before an access token is
 * signed, the function receives { user_id, claims, authentication_method } as
 * supabase_auth_admin, inside the transaction that issues the token, and answers { claims } or
 * { error: { http_code, message } }. Claims without the ones Supabase Auth requires are refused.
 */

const REQUIRED_CLAIMS = ["aud", "exp", "iat", "sub", "role", "aal", "session_id", "email", "phone", "is_anonymous"] as const;

const hookOutput = z.union([
  z.object({ error: z.object({ http_code: z.number().int().min(400).max(599).optional(), message: z.string() }) }),
  z.object({ claims: z.looseObject(Object.fromEntries(REQUIRED_CLAIMS.map((name) => [name, z.unknown().refine((value) => value !== undefined)]))) }),
]);

export interface HookInput {
  user_id: string;
  claims: Claims;
  authentication_method: string;
}

export async function customizeAccessToken(tx: Transaction, hook: BackendConfig["customAccessTokenHook"], input: HookInput): Promise<Claims> {
  if (!hook) return input.claims;
  let output: unknown;
  try {
    await tx.exec("set local role supabase_auth_admin");
    output = (await tx.query<{ output: unknown }>(`select "${hook.schema}"."${hook.name}"($1::jsonb) as output`, [JSON.stringify(input)])).rows[0]
      .output;
    await tx.exec("reset role");
  } catch (error) {
    console.error(`[auth] ${hook.uri} failed:`, (error as Error).message);
    throw new ReplyError(authError(500, "unexpected_failure", `Error running hook URI: ${hook.uri}`));
  }
  // Supabase Auth's own messages (internal/hooks): an answer without `claims`, then one whose claims lack required ones.
  if (output === null || typeof output !== "object" || !("claims" in output || "error" in output)) {
    throw new ReplyError(authError(500, "unexpected_failure", "output claims field is missing"));
  }
  const parsed = hookOutput.safeParse(output);
  if (!parsed.success) {
    throw new ReplyError(authError(500, "unexpected_failure", "output claims do not conform to the expected schema"));
  }
  if ("error" in parsed.data) {
    throw new ReplyError(authError(parsed.data.error.http_code ?? 500, "unexpected_failure", parsed.data.error.message));
  }
  return parsed.data.claims as Claims;
}
