import { COMMENT_MAX, RETURN_NEEDS_COMMENT } from "@/lib/domain/reviews";
import { EMAIL_MAX } from "./limits";
import { z } from "./zod";

/** Inputs of homework review (the review page's actions) and of a group's curators, shared by forms and server actions. */

const submissionId = z.uuid("Работа не найдена");

export const submissionRefSchema = z.object({ submissionId });
export type SubmissionRef = z.infer<typeof submissionRefSchema>;

const comment = z.string().trim().max(COMMENT_MAX, "Комментарий — не длиннее 20 000 символов");

/** «Принять» (a comment optional) or «Вернуть на доработку» (a comment required). */
export const reviewDecisionSchema = z
  .object({ submissionId, decision: z.enum(["accept", "return"]), comment })
  .refine((review) => review.decision === "accept" || review.comment !== "", { message: RETURN_NEEDS_COMMENT, path: ["comment"] });
export type ReviewDecision = z.infer<typeof reviewDecisionSchema>;

/** A curator added to a group by the e-mail they signed up with. */
export const curatorEmailSchema = z.object({
  groupId: z.uuid(),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, "Введите адрес электронной почты")
    .max(EMAIL_MAX, "Адрес слишком длинный")
    .pipe(z.email("Неверный адрес электронной почты")),
});
export type CuratorEmailForm = z.input<typeof curatorEmailSchema>;

export const curatorSchema = z.object({ groupId: z.uuid(), userId: z.uuid() });
