import type { SupabaseClient } from "@supabase/supabase-js";
import { DatabaseError, Refusal } from "@/lib/actions/errors";
import type { Database } from "@/lib/database.types";
import type { AssignmentInput } from "@/lib/validation/assignments";
import { changed, written } from "./rows";

/** A lesson's assignment in the studio: one per lesson (assignments.lesson_id is unique); row level security lets only admins write. */

type Client = SupabaseClient<Database>;

const ASSIGNMENT_NOT_FOUND = "Задание не найдено — возможно, его уже удалили";

/** Creates or updates the lesson's assignment; answers its id. A lesson that does not exist is «Урок не найден» (assignments_lesson_id_fkey). */
export async function saveAssignment(client: Client, input: AssignmentInput): Promise<string> {
  const saved: { id: string } | null = await written(client.from("assignments").upsert(input, { onConflict: "lesson_id" }).select("id").single());
  return saved!.id;
}

/** How many works students handed in for the assignment, for the confirmation before it goes. */
export async function submissionCount(client: Client, id: string): Promise<number> {
  const [assignment, submissions] = await Promise.all([
    written(client.from("assignments").select("id").eq("id", id).maybeSingle()),
    client.from("submissions").select("id", { count: "exact", head: true }).eq("assignment_id", id),
  ]);
  if (!assignment) throw new Refusal(ASSIGNMENT_NOT_FOUND);
  if (submissions.error) throw new DatabaseError(submissions.error);
  return submissions.count ?? 0;
}

/** The assignment and, with it, every work handed in for it and their comments. */
export async function deleteAssignment(client: Client, id: string): Promise<void> {
  await changed(client.from("assignments").delete().eq("id", id).select("id"), ASSIGNMENT_NOT_FOUND);
}
