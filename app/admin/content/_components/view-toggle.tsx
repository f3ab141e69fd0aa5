"use client";

import { useHydrated } from "@/components/forms/use-hydrated";
import { Button } from "@/components/ui/button";

export type MarkdownView = "text" | "preview";

const VIEWS = [
  ["text", "Текст"],
  ["preview", "Предпросмотр"],
] as const;

/**
 * «Текст» / «Предпросмотр» on a phone, where a Markdown field and its preview take turns. Switching
 * needs the page's script: until it is here the buttons say they cannot act (aria-disabled), and
 * the text shows.
 */
export function ViewToggle({ label, shown, onChange }: { label: string; shown: MarkdownView; onChange: (view: MarkdownView) => void }) {
  const hydrated = useHydrated();
  return (
    <div role="group" aria-label={label} className="flex gap-1 lg:hidden">
      {VIEWS.map(([value, text]) => (
        <Button
          key={value}
          type="button"
          size="sm"
          variant={shown === value ? "secondary" : "ghost"}
          aria-pressed={shown === value}
          aria-disabled={!hydrated || undefined}
          className="aria-disabled:opacity-50"
          onClick={() => onChange(value)}
        >
          {text}
        </Button>
      ))}
    </div>
  );
}
