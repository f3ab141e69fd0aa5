"use client";

import { useActionState, useMemo } from "react";
import { sayNoConnection } from "@/components/form-toasts";
import type { FormState } from "@/lib/actions/form-state";
import { useHydrated } from "./use-hydrated";

/**
 * `useActionState` for a form posted to a server action, saying «нет связи» (sayNoConnection) where
 * React would throw the post's rejection to the error screen. The state stays as it was and the form
 * keeps what was typed (`keepTyped`), so a second press tries again.
 *
 * Until the form has hydrated it is given the server action itself: only a server action has a URL
 * that React writes into the server's HTML for the browser's own post before the script (a client
 * function renders none). React takes a changed action for the next post.
 */
export function useSafeActionState<T>(
  action: (state: FormState<T>, payload: FormData) => Promise<FormState<T>>,
  initialState: FormState<T>,
  { toastId }: { toastId?: string } = {},
) {
  const hydrated = useHydrated();
  const caught = useMemo(
    () => async (state: FormState<T>, payload: FormData) => {
      try {
        return await action(state, payload);
      } catch (error) {
        sayNoConnection(error, toastId);
        return state;
      }
    },
    [action, toastId],
  );
  return useActionState(hydrated ? caught : action, initialState);
}
