/**
 * The roles of `public.app_role`, highest first. Supabase Auth's access token hook
 * (custom_access_token_hook) puts the highest role a user has in the token's `user_role` claim.
 */
export const APP_ROLES = ["admin", "curator", "student"] as const;
export type AppRole = (typeof APP_ROLES)[number];

const isAppRole = (value: unknown): value is AppRole => APP_ROLES.includes(value as AppRole);

/**
 * The role named by verified access-token claims; null when the token has none (a project whose
 * hook is not enabled yet), so the caller can ask the database instead.
 */
export function roleFromClaims(claims: object | null | undefined): AppRole | null {
  const role = claims && "user_role" in claims ? claims.user_role : undefined;
  return isAppRole(role) ? role : null;
}

/** The highest of a user's roles (rows of `user_roles`), as the hook names it; a user with none is a student. */
export function highestRole(roles: readonly unknown[]): AppRole {
  return APP_ROLES.find((role) => roles.includes(role)) ?? "student";
}
