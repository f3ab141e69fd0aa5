"use client";

import type { ComponentProps, ReactNode } from "react";
import { Switch } from "@/components/ui/switch";
import { cn } from "@/lib/utils";
import { ActionForm, HELD_BUSY_CLASS, heldSubmit } from "./action-form";

type SwitchProps = Omit<ComponentProps<typeof Switch>, "type" | "onClick" | "onCheckedChange">;

/**
 * A switch that saves at once: the submit button of its own form, whose action is `onPress`. A press
 * before the page's script has arrived is held by React (a form with a function action) and made
 * once, after hydration; the submit guard (components/forms/submit-guard.ts) shows it busy meanwhile.
 * While `pending` it keeps its focus (aria-disabled, not disabled) and takes no press. `children`
 * go in the form after the switch (its label, a status for screen readers).
 */
export function FormSwitch({ onPress, pending, formClassName, className, children, ...props }: SwitchProps & { onPress: () => void; pending: boolean; formClassName?: string; children?: ReactNode }) {
  return (
    <ActionForm action={onPress} className={formClassName}>
      <Switch
        {...heldSubmit(pending)}
        onClick={(event) => {
          if (pending) event.preventDefault();
        }}
        aria-disabled={pending}
        className={cn(HELD_BUSY_CLASS, className)}
        {...props}
      />
      {children}
    </ActionForm>
  );
}
