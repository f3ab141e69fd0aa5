"use client";

import { useEffect, useRef, type ComponentProps } from "react";
import { useFormStatus } from "react-dom";
import { Loader2 } from "lucide-react";
import { BUSY_BEFORE_SCRIPT_ATTRIBUTE, releaseHeldSubmit } from "@/components/forms/submit-guard";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

/**
 * A form's submit button: busy, with a spinner, and refusing presses while the form is being sent
 * (aria-disabled, not disabled: a disabled button drops the keyboard focus to the page's body, and
 * the focus should stay on the control that started the save). `pending` defaults to the form's
 * own action (useFormStatus). Focusable and pressable from the first byte: a press before the
 * script is the browser's post to a server action, or held by React for a form with a function
 * action (components/forms/hook-form.tsx); the submit guard (components/forms/submit-guard.ts)
 * shows it busy until then.
 */
export function SubmitButton({ pending, className, children, onClick, ...props }: ComponentProps<typeof Button> & { pending?: boolean }) {
  const status = useFormStatus();
  const busy = pending ?? status.pending;
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => releaseHeldSubmit(button.current?.form), []);
  return (
    <Button
      ref={button}
      type="submit"
      {...{ [BUSY_BEFORE_SCRIPT_ATTRIBUTE]: "" }}
      // The guard may have marked it busy before hydration; React then keeps that until `busy` changes.
      suppressHydrationWarning
      aria-disabled={busy || undefined}
      aria-busy={busy}
      className={cn("aria-busy:cursor-progress aria-busy:opacity-80", className)}
      onClick={(event) => {
        // Enter in a field presses the submit button too: no second send while one is under way.
        if (busy) event.preventDefault();
        else onClick?.(event);
      }}
      {...props}
    >
      {/* Shown by aria-busy, which the submit guard sets before the script too. */}
      <Loader2 className="hidden animate-spin [[aria-busy=true]>&]:inline" aria-hidden />
      {children}
    </Button>
  );
}
