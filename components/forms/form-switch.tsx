"use client";

import { useEffect, useRef, type ComponentProps, type ReactNode } from "react";
import { BUSY_BEFORE_SCRIPT_ATTRIBUTE, releaseHeldSubmit } from "@/components/forms/submit-guard";
import { Switch } from "@/components/ui/switch";
import { cn } from "@/lib/utils";

type SwitchProps = Omit<ComponentProps<typeof Switch>, "type" | "onClick" | "onCheckedChange">;

/**
 * A switch that saves at once: the submit button of its own form, whose action is `onPress`. A press
 * before the page's script has arrived is held by React (a form with a function action) and made
 * once, after hydration; the submit guard (components/forms/submit-guard.ts) shows it busy meanwhile.
 * While `pending` it keeps its focus (aria-disabled, not disabled) and takes no press. `children`
 * go in the form after the switch (its label, a status for screen readers).
 */
export function FormSwitch({ onPress, pending, formClassName, className, children, ...props }: SwitchProps & { onPress: () => void; pending: boolean; formClassName?: string; children?: ReactNode }) {
  const control = useRef<HTMLButtonElement>(null);
  // The submit guard marked a form pressed before hydration; React holds that press and makes it now.
  useEffect(() => releaseHeldSubmit(control.current?.form), []);
  return (
    <form action={onPress} className={formClassName}>
      <Switch
        ref={control}
        type="submit"
        {...{ [BUSY_BEFORE_SCRIPT_ATTRIBUTE]: "" }}
        onClick={(event) => {
          if (pending) event.preventDefault();
        }}
        aria-disabled={pending}
        aria-busy={pending}
        // The submit guard may have marked it busy before hydration; React then keeps that until `pending` changes.
        suppressHydrationWarning
        className={cn("aria-busy:cursor-progress aria-busy:opacity-70", className)}
        {...props}
      />
      {children}
    </form>
  );
}
