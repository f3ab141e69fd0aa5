"use client";

import type { ComponentProps } from "react";
import { Loader2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/lib/use-hydrated";

/**
 * A form's submit button: disabled and busy, with a spinner, while the form is being sent; and
 * disabled until React has hydrated, since before that a submit would be the browser's own GET
 * of the form (the password in the address) — unless the form posts to a server action of its own
 * (`worksWithoutScript`), which the browser then calls itself.
 */
export function SubmitButton({
  pending,
  disabled,
  worksWithoutScript = false,
  children,
  ...props
}: ComponentProps<typeof Button> & { pending: boolean; worksWithoutScript?: boolean }) {
  const hydrated = useHydrated();
  return (
    <Button type="submit" disabled={pending || disabled || (!hydrated && !worksWithoutScript)} aria-busy={pending} {...props}>
      {pending && <Loader2 className="animate-spin" aria-hidden />}
      {children}
    </Button>
  );
}
