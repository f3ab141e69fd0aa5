import type { AppRole } from "@/lib/domain/roles";

/**
 * Who may call an action or open an area, by level: the one place a role gets rights on the
 * TypeScript side (the database's is `public.has_role` in the policies). An action names its level
 * in `defineAction({ role })`; the proxy and `requireAdmin` ask `admits("admin", …)` for /admin.
 * To give curators something, list them under a level, or add one (`staff: ["admin", "curator"]`)
 * and name it in the actions it opens.
 */
export const LEVELS = {
  /** Any signed-in user, whatever their role. */
  student: ["student", "curator", "admin"],
  /** The admin area: /admin and its actions. */
  admin: ["admin"],
} as const satisfies Record<string, readonly AppRole[]>;

export type Level = keyof typeof LEVELS;

/** An action's caller: `anyone` (the auth forms, signed in or not) or a level. */
export type ActionRole = "anyone" | Level;

export function admits(level: Level, role: AppRole): boolean {
  return (LEVELS[level] as readonly AppRole[]).includes(role);
}
