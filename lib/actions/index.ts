import "server-only";
import { redirect, unstable_rethrow } from "next/navigation";
import { sessionIsLive } from "@/lib/auth";
import { createDataClient, getSession } from "@/lib/supabase/server";
import { createActionLayer } from "./define";

/**
 * The action layer: every server action is declared here, with its role and its schema.
 * `actions.ts` files only declare; their writes live in lib/mutations.
 */
export const { defineAction, defineFormAction, defineStateAction } = createActionLayer({
  getSession,
  sessionIsLive,
  dataClient: createDataClient,
  rethrow: unstable_rethrow,
  redirect: (path) => redirect(path),
  log: (message, thrown) => console.error(message, thrown),
});

export { fail, ok, type ActionResult } from "./result";
export { initialFormState, type FormState } from "./form-state";
export { Refusal } from "./errors";
