import type { SupabaseClient } from "@supabase/supabase-js";
import { DatabaseError, Refusal } from "@/lib/actions/errors";
import type { Database } from "@/lib/database.types";
import type { ReviewDecision } from "@/lib/validation/reviews";
import { written } from "./rows";

/**
 * A reviewer's writes, each one database function that checks the caller (may_review): take a
 * work, let it go, accept or return it. A work the caller may not review reads as one that does
 * not exist.
 */

type Client = SupabaseClient<Database>;

export const SUBMISSION_NOT_FOUND = "Работа не найдена";

/** The function's answer; its «not found» (P0002) named as a work, not as a row. */
async function onWork<T>(write: PromiseLike<{ data: T | null; error: { code?: string; message: string } | null }>): Promise<T | null> {
  try {
    return await written(write);
  } catch (thrown) {
    if (thrown instanceof DatabaseError && thrown.failure.code === "P0002") throw new Refusal(SUBMISSION_NOT_FOUND);
    throw thrown;
  }
}

/** Takes a waiting work for half an hour; answers when the claim ends. Refused while another reviewer holds it. */
export async function claimSubmission(client: Client, submissionId: string): Promise<string> {
  return (await onWork(client.rpc("claim_submission", { _submission_id: submissionId })))!;
}

/** Lets go of a work the caller took. release_submission says nothing of a work it did not find, so it is looked up first. */
export async function releaseSubmission(client: Client, submissionId: string): Promise<void> {
  const work = await written(client.from("submissions").select("id").eq("id", submissionId).maybeSingle());
  if (!work) throw new Refusal(SUBMISSION_NOT_FOUND);
  await onWork(client.rpc("release_submission", { _submission_id: submissionId }));
}

/** Accepts or returns a waiting work; the comment goes into its thread. Answers whose work it was (their name, or e-mail). */
export async function reviewSubmission(client: Client, { submissionId, decision, comment }: ReviewDecision): Promise<string | null> {
  return onWork(client.rpc("review_submission", { _submission_id: submissionId, _decision: decision, _comment: comment }));
}
