import * as React from "react";
import { cn } from "@/lib/utils";

/** `compact`: a field sized by its content (a date in a row of controls) instead of the full width. */
function Input({ className, type, compact = false, ...props }: React.ComponentProps<"input"> & { compact?: boolean }) {
  return (
    <input
      type={type}
      data-slot="input"
      className={cn(
        "flex min-w-0 rounded-md border border-input bg-transparent px-3 py-1 text-base shadow-xs outline-none transition-[color,box-shadow] placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive md:text-sm",
        compact ? "h-9 w-auto" : "h-10 w-full",
        className,
      )}
      {...props}
    />
  );
}

export { Input };
