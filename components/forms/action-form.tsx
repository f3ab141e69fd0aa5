"use client";

import { useEffect, useRef, type ReactNode } from "react";
import { BUSY_BEFORE_SCRIPT_ATTRIBUTE, releaseHeldSubmit } from "@/components/forms/submit-guard";

/**
 * The small form of a control that only calls an action (a switch that saves at once): its action is
 * a function, so a press made before the page's script is held by React and made once, after
 * hydration (the submit guard shows the control busy meanwhile and refuses a second press). As the
 * form hydrates, the guard lets it go.
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
 * The props of an ActionForm's submit control, busy while `pending`. The guard may mark it busy before
 * hydration; React keeps that mark (suppressHydrationWarning) until `pending` changes, and clears it
 * when the save ends. Whether a busy control takes a press is its own to say (aria-disabled).
 */
export const heldSubmit = (pending: boolean) =>
  ({
    type: "submit",
    [BUSY_BEFORE_SCRIPT_ATTRIBUTE]: "",
    suppressHydrationWarning: true,
    "aria-busy": pending,
  }) as const;

export const HELD_BUSY_CLASS = "aria-busy:cursor-progress aria-busy:opacity-70";
