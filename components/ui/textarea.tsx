"use client";

import * as React from "react";
import { useHydrated } from "@/components/forms/use-hydrated";
import { cn } from "@/lib/utils";

/**
 * `code`: pasted code (an embed), in a small monospace face. `tall`: a long text written in
 * Markdown (a lesson's body), monospace, with room to see its structure.
 *
 * A textarea that starts with text is read-only until React has hydrated it: hydration sets such a
 * textarea's text back to its default (react-dom's initTextarea), so a key pressed before would be
 * shown and then silently undone. An empty one (an answer, a comment) keeps what is typed.
 */
function Textarea({
  className,
  code = false,
  tall = false,
  readOnly,
  ...props
}: React.ComponentProps<"textarea"> & { code?: boolean; tall?: boolean }) {
  const hydrated = useHydrated();
  const startsWithText = props.defaultValue !== undefined && props.defaultValue !== "";
  return (
    <textarea
      data-slot="textarea"
      readOnly={readOnly || (!hydrated && startsWithText) || undefined}
      className={cn(
        "flex w-full rounded-md border border-input bg-transparent px-3 py-2 shadow-xs outline-none transition-[color,box-shadow] placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive",
        tall ? "min-h-80 font-mono lg:min-h-[36rem]" : "min-h-24",
        code ? "font-mono text-xs" : "text-base md:text-sm",
        className,
      )}
      {...props}
    />
  );
}

export { Textarea };
