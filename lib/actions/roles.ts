import type { AppRole } from "@/lib/domain/roles";

/**
 * Who may call an action or open an area, by level: the one place a role gets rights on the
 * TypeScript side (the database's is `public.has_role` in the policies). An action names its level
 * in `defineAction({ role })`; the proxy and the guards of lib/auth.ts ask `admits(level, …)`.
 * A new area or right for a role is a level here, named where it opens.
 */
export const LEVELS = {
  /** Any signed-in user, whatever their role. */
  student: ["student", "curator", "admin"],
  /** The admin area: /admin and its actions. */
  admin: ["admin"],
  /** Homework review (/admin/reviews and its actions); the database decides whose work a curator reaches. */
  reviewer: ["admin", "curator"],
} as const satisfies Record<string, readonly AppRole[]>;

export type Level = keyof typeof LEVELS;

/** An action's caller: `anyone` (the auth forms, signed in or not) or a level. */
export type ActionRole = "anyone" | Level;

export function admits(level: Level, role: AppRole): boolean {
  return (LEVELS[level] as readonly AppRole[]).includes(role);
}

export const REVIEWS_PATH = "/admin/reviews";

/** The level an /admin page asks: the review and analytics pages are the reviewers', every other one the admin's. */
export function adminPathLevel(path: string): Level {
  return [REVIEWS_PATH, "/admin/analytics"].some((area) => path === area || path.startsWith(`${area}/`)) ? "reviewer" : "admin";
}
