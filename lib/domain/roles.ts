/** The role Supabase Auth's access token hook puts in `user_role` (custom_access_token_hook). */
export type AppRole = "admin" | "student";

/**
 * The role named by verified access-token claims; null when the token has none (a project whose
 * hook is not enabled yet), so the caller can ask the database instead.
 */
export function roleFromClaims(claims: object | null | undefined): AppRole | null {
  const role = claims && "user_role" in claims ? claims.user_role : undefined;
  return role === "admin" || role === "student" ? role : null;
}
