import type { CSSProperties, HTMLAttributes, Ref } from "react";
import Link from "next/link";
import { ArrowDown, ArrowUp, GripVertical } from "lucide-react";
import { Button } from "@/components/ui/button";
import { DraftBadge } from "./draft-badge";

export interface SortableItem {
  id: string;
  title: string;
  href: string;
  draft: boolean;
  /** A short note beside the title, e.g. how many lessons it holds. */
  meta?: string;
}

/** What dnd-kit adds to a row once dragging is loaded (sortable-drag.tsx). */
export interface RowDrag {
  rowRef: Ref<HTMLLIElement>;
  style: CSSProperties;
  handleRef: Ref<HTMLButtonElement>;
  handleProps: HTMLAttributes<HTMLButtonElement>;
  isDragging: boolean;
}

export interface RowProps {
  item: SortableItem;
  number: string;
  /** Makes the row's button ids unique on the page, so focus can find them after a move. */
  idPrefix: string;
  canMoveUp: boolean;
  canMoveDown: boolean;
  onMove: (step: -1 | 1) => void;
  drag?: RowDrag;
}

export const buttonId = (idPrefix: string, itemId: string, button: "up" | "down" | "handle") => `${idPrefix}-${itemId}-${button}`;

export function SortableRow({ item, number, idPrefix, canMoveUp, canMoveDown, onMove, drag }: RowProps) {
  // Move buttons stay focusable at the ends (aria-disabled), so the keyboard keeps its place;
  // before hydration they cannot move anything either.
  const moveButton = (step: -1 | 1, enabled: boolean) => (
    <Button
      id={buttonId(idPrefix, item.id, step < 0 ? "up" : "down")}
      type="button"
      variant="ghost"
      size="icon"
      aria-label={`${step < 0 ? "Переместить выше" : "Переместить ниже"}: ${item.title}`}
      aria-disabled={!enabled}
      className={enabled ? undefined : "opacity-40"}
      onClick={() => enabled && onMove(step)}
    >
      {step < 0 ? <ArrowUp aria-hidden /> : <ArrowDown aria-hidden />}
    </Button>
  );

  return (
    <li
      ref={drag?.rowRef}
      style={drag?.style}
      className={`flex items-center gap-2 rounded-lg border bg-card p-2 ${drag?.isDragging ? "relative z-10 shadow-lg" : ""}`}
      data-testid="sortable-row"
    >
      <button
        id={buttonId(idPrefix, item.id, "handle")}
        type="button"
        ref={drag?.handleRef}
        {...drag?.handleProps}
        aria-label={`Перетащить: ${item.title}`}
        className="flex size-9 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-muted-foreground outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 active:cursor-grabbing aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
      >
        <GripVertical className="size-4" aria-hidden />
      </button>
      <span className="w-20 shrink-0 text-sm font-medium text-primary">{number}</span>
      <Link href={item.href} className="min-w-0 flex-1 font-medium underline-offset-4 hover:underline">
        {item.title}
      </Link>
      {item.draft && <DraftBadge />}
      {item.meta && <span className="hidden shrink-0 text-xs text-muted-foreground sm:inline">{item.meta}</span>}
      {moveButton(-1, canMoveUp)}
      {moveButton(1, canMoveDown)}
    </li>
  );
}
