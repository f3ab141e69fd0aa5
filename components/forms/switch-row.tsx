"use client";

import { useEffect, useRef } from "react";

interface SwitchRowProps {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}

/**
 * A form's switch with its label and hint, drawn as the app's Switch (components/ui/switch.tsx) but
 * a native checkbox: pressed before the page's script arrived, it switches at once. Hydration keeps
 * the box's state but tells no handler, so once the form listens (after its layout effects) it is
 * told what the box shows, before a save pressed meanwhile is made.
 */
export function SwitchRow({ id, label, hint, checked, onCheckedChange }: SwitchRowProps) {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current && box.current.checked !== checked) onCheckedChange(box.current.checked);
    // Once, as hydration leaves the element.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div className="flex items-start gap-3 rounded-lg border p-3">
      <span className="relative inline-flex h-5 w-9 shrink-0 items-center rounded-full border border-transparent bg-input shadow-xs transition-all has-checked:bg-primary has-focus-visible:ring-[3px] has-focus-visible:ring-ring/50">
        <input
          ref={box}
          id={id}
          type="checkbox"
          role="switch"
          checked={checked}
          onChange={(event) => onCheckedChange(event.target.checked)}
          // Enter switches it, as it did the button this replaces, rather than sending the form.
          onKeyDown={(event) => {
            if (event.key !== "Enter") return;
            event.preventDefault();
            event.currentTarget.click();
          }}
          aria-describedby={`${id}-hint`}
          // A touch screen's finger gets 44 px around the 20 px switch: a wider box, no wider layout.
          className="peer absolute -inset-px appearance-none rounded-full outline-none pointer-coarse:-inset-x-1 pointer-coarse:-inset-y-3"
        />
        <span
          aria-hidden
          className="pointer-events-none block size-4 rounded-full bg-background ring-0 transition-transform peer-checked:translate-x-[calc(100%-2px)]"
        />
      </span>
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      </div>
    </div>
  );
}
