import { shorten } from "@/lib/domain/excerpt";
import { z } from "./zod";

/**
 * What the «Смотреть как студент» cookie keeps: the student's id and the name its banner shows.
 * A profile's name has no limit (profiles.full_name is text, and sign-up metadata can be sent past
 * the form), so the name is shortened when the cookie is written: a cookie holds about 4 KB, and
 * one its reader refused would end the preview without a word.
 */

/** UTF-16 units of the banner's name, «…» included: under 1 KB of the cookie once URL-encoded. */
export const PREVIEW_NAME_MAX = 100;

/** The reader's bound stays at 200: cookies written before names were shortened keep working. */
const previewSchema = z.object({ id: z.uuid(), name: z.string().min(1).max(200) });
export type PreviewedStudent = z.infer<typeof previewSchema>;

export interface PreviewProfile {
  id: string;
  email: string;
  full_name: string | null;
}

/** The cookie's value for a profile, or null when it would not read back (then the preview must not start). */
export function previewValue(profile: PreviewProfile): string | null {
  // Well-formed, so that the cookie's URL encoding cannot throw on a lone surrogate.
  const name = shorten(profile.full_name?.trim() || profile.email.trim() || "Без имени", PREVIEW_NAME_MAX).toWellFormed();
  const value = JSON.stringify({ id: profile.id, name });
  return readPreview(value) ? value : null;
}

/** The previewed student a cookie names, or null for anything else. */
export function readPreview(value: string | undefined): PreviewedStudent | null {
  if (!value) return null;
  try {
    const parsed = previewSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
