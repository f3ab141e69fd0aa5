import * as React from "react";
import { cn } from "@/lib/utils";

/**
 * `code`: pasted code (an embed), in a small monospace face. `tall`: a long text written in
 * Markdown (a lesson's body), monospace, with room to see its structure.
 */
function Textarea({ className, code = false, tall = false, ...props }: React.ComponentProps<"textarea"> & { code?: boolean; tall?: boolean }) {
  return (
    <textarea
      data-slot="textarea"
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
