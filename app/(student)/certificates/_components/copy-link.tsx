"use client";

import { useState } from "react";
import { useHydrated } from "@/components/forms/use-hydrated";
import { Button } from "@/components/ui/button";

/**
 * The verification address in a field anyone can select, and «Скопировать ссылку» once the script is
 * here: until then the button says it cannot act yet (copying needs the script), and the field is the way.
 */
export function CopyLink({ url, label }: { url: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const hydrated = useHydrated();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <input readOnly value={url} aria-label={label} className="min-w-0 flex-1 rounded-md border bg-muted/40 px-2 py-1 text-sm" onFocus={(event) => event.currentTarget.select()} />
      <Button
        type="button"
        variant="outline"
        size="sm"
        aria-disabled={!hydrated || undefined}
        className="aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
        onClick={async () => {
          await navigator.clipboard?.writeText(url);
          setCopied(true);
        }}
      >
        {copied ? "Скопировано" : "Скопировать ссылку"}
      </Button>
    </div>
  );
}
