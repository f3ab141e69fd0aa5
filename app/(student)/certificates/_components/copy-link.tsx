"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";

/** The verification address in a field anyone can select, and «Скопировать ссылку» once the script is here. */
export function CopyLink({ url, label }: { url: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <input readOnly value={url} aria-label={label} className="min-w-0 flex-1 rounded-md border bg-muted/40 px-2 py-1 text-sm" onFocus={(event) => event.currentTarget.select()} />
      <Button
        type="button"
        variant="outline"
        size="sm"
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
