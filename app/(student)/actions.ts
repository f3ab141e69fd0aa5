"use server";

import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { z } from "zod";
import { PREVIEW_COOKIE } from "@/lib/preview";

/** Leaves «Смотреть как студент» and returns to that student's access panel. */
export async function endPreview(studentId: unknown): Promise<never> {
  const cookieStore = await cookies();
  cookieStore.delete(PREVIEW_COOKIE);
  const id = z.uuid().safeParse(studentId);
  redirect(id.success ? `/admin?student=${id.data}` : "/admin");
}
