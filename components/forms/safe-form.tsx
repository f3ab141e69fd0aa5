"use client";

import { useMemo, useRef, type FormHTMLAttributes } from "react";
import { sayNoConnection } from "@/components/form-toasts";
import { useHydrated } from "./use-hydrated";

/**
 * A form of a server page posted to a server action, saying «нет связи» in a toast, the page and what
 * was typed left as they were, when its post after hydration cannot reach the server
 * (sayNoConnection): as a bare `<form action>` React threw the rejection to the error screen, «Не
 * удалось загрузить страницу». Until it has hydrated its action is the server action itself, which
 * the browser posts on its own before the script, as useSafeActionState does.
 */
export function SafeForm({ action, onReset, ...props }: Omit<FormHTMLAttributes<HTMLFormElement>, "action"> & { action: (payload: FormData) => Promise<void> }) {
  const hydrated = useHydrated();
  // React empties a form after its action; after a lost post the person presses again with the same.
  const lost = useRef(false);
  const caught = useMemo(
    () => async (payload: FormData) => {
      try {
        await action(payload);
      } catch (error) {
        sayNoConnection(error);
        lost.current = true;
      }
    },
    [action],
  );
  return (
    <form
      {...props}
      action={hydrated ? caught : action}
      onReset={(event) => {
        if (lost.current) event.preventDefault();
        lost.current = false;
        onReset?.(event);
      }}
    />
  );
}
