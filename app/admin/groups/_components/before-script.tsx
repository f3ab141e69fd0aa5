"use client";

import { useEffect, useId, useRef, type ComponentProps, type ReactNode } from "react";
import { BUSY_BEFORE_SCRIPT_ATTRIBUTE, releaseHeldSubmit } from "@/components/forms/submit-guard";
import { useHydrated } from "@/components/forms/use-hydrated";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

/**
 * The small form of a control that only calls an action: its action is a function, so a press made
 * before the page's script is held by React and made once, after hydration (the submit guard shows
 * the control busy meanwhile and refuses a second press). As the form hydrates, the guard lets it go.
 */
export function ActionForm({ action, className, children }: { action: () => void; className?: string; children: ReactNode }) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => releaseHeldSubmit(form.current), []);
  return (
    <form ref={form} action={action} className={className}>
      {children}
    </form>
  );
}

/**
 * The props of an ActionForm's submit control. The guard may mark it busy before hydration; React
 * keeps that mark (suppressHydrationWarning) until `pending` changes, and clears it when the save ends.
 */
export const heldSubmit = (pending: boolean) =>
  ({
    type: "submit",
    [BUSY_BEFORE_SCRIPT_ATTRIBUTE]: "",
    suppressHydrationWarning: true,
    "aria-busy": pending || undefined,
    "aria-disabled": pending || undefined,
  }) as const;

export const HELD_BUSY_CLASS = "aria-busy:cursor-progress aria-busy:opacity-70";

/**
 * A button that opens a confirmation dialog, which comes with the page's script. Until then it is
 * aria-disabled and says why when pointed at, focused or pressed: a press is refused where it is
 * seen. Held instead, the dialog would open later and take the focus from wherever the person went on.
 */
export function DialogButton({ className, ...props }: ComponentProps<typeof Button>) {
  const hydrated = useHydrated();
  const hint = useId();
  return (
    <span className="relative inline-flex">
      <Button
        type="button"
        aria-haspopup="dialog"
        aria-disabled={!hydrated || undefined}
        aria-describedby={hydrated ? undefined : hint}
        className={cn("peer aria-disabled:cursor-not-allowed aria-disabled:opacity-50", className)}
        {...props}
      />
      {!hydrated && (
        <span
          id={hint}
          className="absolute right-0 top-full z-10 mt-1 hidden w-max max-w-60 rounded-md border bg-card px-2 py-1 text-xs text-card-foreground shadow-sm peer-hover:block peer-focus:block peer-active:block"
        >
          Заработает, когда страница загрузится
        </span>
      )}
    </span>
  );
}
