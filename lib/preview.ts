import "server-only";
import { cache } from "react";
import { cookies } from "next/headers";
import { isAdmin, requireUser, type CurrentUser } from "@/lib/auth";
import { sessionCookieOptions } from "@/lib/supabase/env";
import { previewValue, readPreview, type PreviewedStudent, type PreviewProfile } from "@/lib/validation/preview";

/**
 * «Смотреть как студент»: an admin opens the student pages with one student's access. The choice
 * lives in a cookie that only an admin's session honours; the database functions check again
 * (an admin may ask about anyone, a student only about themselves).
 */

export const PREVIEW_COOKIE = "preview_student";

export type { PreviewedStudent };

/** The cookie that previews this profile, or null when it could not be written so that it reads back. */
export function previewCookie(profile: PreviewProfile) {
  const value = previewValue(profile);
  return value ? { name: PREVIEW_COOKIE, value, ...sessionCookieOptions, httpOnly: true, maxAge: 2 * 60 * 60 } : null;
}

export interface Viewer {
  user: CurrentUser;
  /** Whose access the student pages show. */
  studentId: string;
  preview: PreviewedStudent | null;
}

/** The signed-in user, and whose view of the course the student pages render (once per request). */
export const requireViewer = cache(async (): Promise<Viewer> => {
  const user = await requireUser();
  const requested = readPreview((await cookies()).get(PREVIEW_COOKIE)?.value);
  const preview = requested && (await isAdmin(user)) ? requested : null;
  return { user, studentId: preview?.id ?? user.id, preview };
});

/** The student an admin previews, as the database functions' `_student_id` argument. */
export const previewedStudentId = (viewer: Viewer) => viewer.preview?.id;
