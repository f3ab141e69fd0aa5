"use server";

import { defineAction, ok } from "@/lib/actions";
import { claimEnds, decisionMessage } from "@/lib/domain/reviews";
import * as reviews from "@/lib/mutations/reviews";
import { reviewDecisionSchema, submissionRefSchema } from "@/lib/validation/reviews";

/** Homework review, for curators and admins; the database decides whose work each may touch. Writes in lib/mutations/reviews.ts. */

// No revalidatePath: the review pages render per request, and the client refreshes or navigates.

/** «Взять в работу»: the work is the caller's for half an hour. */
export const claimSubmission = defineAction(
  { role: "reviewer", schema: submissionRefSchema, failure: "Не удалось взять работу" },
  async ({ data, supabase }) => {
    const until = await reviews.claimSubmission(supabase, data.submissionId);
    return ok({ until }, `Работа ваша до ${claimEnds(until)}`);
  },
);

export const releaseSubmission = defineAction(
  { role: "reviewer", schema: submissionRefSchema, failure: "Не удалось освободить работу" },
  async ({ data, supabase }) => {
    await reviews.releaseSubmission(supabase, data.submissionId);
    return ok(undefined, "Работа снова в очереди");
  },
);

/** «Принять» or «Вернуть на доработку» with a comment. */
export const reviewSubmission = defineAction(
  { role: "reviewer", schema: reviewDecisionSchema, failure: "Не удалось сохранить проверку" },
  async ({ data, supabase }) => {
    const student = await reviews.reviewSubmission(supabase, data);
    return ok(undefined, decisionMessage(data.decision, student));
  },
);
