"use client";

import type { ComponentProps } from "react";
import { Loader2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/components/client-loading/use-hydrated";

/**
 * A form's submit button: busy, with a spinner, and refusing presses while the form is being
 * sent (aria-disabled, not disabled: a disabled button drops the keyboard focus to the page's
 * body, and the focus should stay on the control that started the save); and
 * disabled until React has hydrated, since before that a submit would be the browser's own GET
 * of the form (the password in the address) — unless the form posts to a server action of its own
 * (`worksWithoutScript`), which the browser then calls itself.
 */
export function SubmitButton({
  pending,
  disabled,
  worksWithoutScript = false,
  children,
  onClick,
  ...props
}: ComponentProps<typeof Button> & { pending: boolean; worksWithoutScript?: boolean }) {
  const hydrated = useHydrated();
  return (
    <Button
      type="submit"
      disabled={disabled || (!hydrated && !worksWithoutScript)}
      aria-disabled={pending || undefined}
      aria-busy={pending}
      onClick={(event) => {
        // Enter in a field presses the submit button too: no second send while one is under way.
        if (pending) event.preventDefault();
        else onClick?.(event);
      }}
      {...props}
    >
      {pending && <Loader2 className="animate-spin" aria-hidden />}
      {children}
    </Button>
  );
}
