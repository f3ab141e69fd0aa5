"use client";

import { useEffect, type FormEvent } from "react";
import { toast } from "@/components/client-loading/toast";
import { toastRefusal } from "@/components/form-toasts";
import type { FormState } from "@/lib/actions/form-state";

/**
 * Says a form's answer once, as it arrives or as the page it came with hydrates (a form the browser
 * posted itself): a refusal as docs/product.md §8 says, a success with a message under `successTitle`.
 */
export function useActionToast<T>(state: FormState<T>, successTitle?: string, toastId?: string) {
  useEffect(() => {
    const { result } = state;
    if (!result) return;
    if (!result.ok) toastRefusal(result, toastId);
    else if (successTitle && result.message) toast.success(successTitle, { id: toastId, description: result.message });
    // Once per answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.answered]);
}

/**
 * For a form's `onReset`: React resets a form after its action, which would empty what the person
 * typed when the answer is a refusal (a password to type again for a name's mistake).
 */
export const keepTyped = (event: FormEvent<HTMLFormElement>) => event.preventDefault();
