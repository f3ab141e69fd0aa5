"use server";

import { defineAction, fail, ok } from "@/lib/actions";
import { MESSAGES } from "@/lib/actions/errors";
import { unsubscribeEmail } from "@/lib/notifications/email-unsubscribe";
import { UNKNOWN_LINK, unsubscribeSchema } from "@/lib/validation/unsubscribe";

/** The unsubscribe page's button: anyone holding the link's token, signed in or not. */
export const unsubscribeEmails = defineAction({ role: "anyone", schema: unsubscribeSchema }, async ({ data }) => {
  const result = await unsubscribeEmail(data.token, data.kind);
  if (result === "unknown") return fail(UNKNOWN_LINK);
  if (result === "unavailable") return fail(MESSAGES.unavailable);
  return ok();
});
