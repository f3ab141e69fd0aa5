import "server-only";
import { cache } from "react";
import { cookies } from "next/headers";
import { Refusal } from "@/lib/actions/errors";
import { admits } from "@/lib/actions/roles";
import { requireUser, type SessionUser } from "@/lib/auth";
import { sessionCookieOptions } from "@/lib/supabase/env";
import type { DataClient } from "@/lib/supabase/session";
import { previewValue, readPreview, type PreviewedStudent, type PreviewProfile } from "@/lib/validation/preview";

/**
 * «Смотреть как студент»: an admin opens the student pages with one student's access. The choice
 * lives in a cookie that only an admin's session honours; the database functions check again
 * (an admin may ask about anyone, a student only about themselves).
 */

export const PREVIEW_COOKIE = "preview_student";

/** What an action answers when the preview asks it to save something. */
export const PREVIEW_READ_ONLY = "Это просмотр глазами студента: отметки не сохраняются";

export type { PreviewedStudent };

/** The cookie that previews this profile, or null when it could not be written so that it reads back. */
export function previewCookie(profile: PreviewProfile) {
  const value = previewValue(profile);
  return value ? { name: PREVIEW_COOKIE, value, ...sessionCookieOptions, httpOnly: true, maxAge: 2 * 60 * 60 } : null;
}

export interface Viewer {
  user: SessionUser;
  /** Whose access the student pages show. */
  studentId: string;
  preview: PreviewedStudent | null;
}

/** Whose view of the course a signed-in user's student pages render. */
export async function viewerOf(user: SessionUser): Promise<Viewer> {
  const requested = readPreview((await cookies()).get(PREVIEW_COOKIE)?.value);
  const preview = requested && admits("admin", user.role) ? requested : null;
  return { user, studentId: preview?.id ?? user.id, preview };
}

/** The signed-in user, and whose view of the course the student pages render (once per request). */
export const requireViewer = cache(async (): Promise<Viewer> => viewerOf(await requireUser()));

/** The student an admin previews, as the database functions' `_student_id` argument. */
export const previewedStudentId = (viewer: Viewer) => viewer.preview?.id;

/** Starts the preview of a student (the button then opens the student pages). */
export async function openPreview(supabase: DataClient, studentId: string): Promise<void> {
  const { data: student, error } = await supabase.from("profiles").select("id, email, full_name").eq("id", studentId).maybeSingle();
  if (error) throw new Error(`preview: profile read failed: ${error.code} ${error.message}`);
  if (!student) throw new Refusal("Студент не найден");
  const cookie = previewCookie(student);
  if (!cookie) throw new Error("preview: the cookie would not read back");
  (await cookies()).set(cookie);
}

/** Ends the preview. */
export async function closePreview(): Promise<void> {
  (await cookies()).delete(PREVIEW_COOKIE);
}
