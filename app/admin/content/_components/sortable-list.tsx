"use client";

import { useId, useState, useTransition } from "react";
import { toast } from "@/components/client-loading/toast";
import { useHydrated } from "@/components/forms/use-hydrated";
import type { ContentKind } from "@/lib/validation/content";
import { reorderContent } from "../actions";
import { DraggableRow, DragList } from "./sortable-drag";
import { type SortableItem } from "./sortable-row";

interface Props {
  kind: ContentKind;
  items: SortableItem[];
  /** The list's accessible name, e.g. «Уроки модуля». */
  label: string;
  /** The word before each row's number: «Урок» 2, «Модуль» 3. */
  noun: string;
  emptyText: string;
}

const arrayMove = <T,>(list: T[], from: number, to: number) => {
  const next = [...list];
  next.splice(to, 0, ...next.splice(from, 1));
  return next;
};

/**
 * A list the owner reorders by dragging or with the move buttons. The new order shows at once
 * and is saved as a whole list in one transaction; a refused save puts the old order back.
 * Dragging (dnd-kit) and the move buttons work once the list has hydrated; until then they say they
 * cannot act (aria-disabled).
 */
export function SortableList({ kind, items, label, noun, emptyText }: Props) {
  const [saved, setSaved] = useState(items);
  const [order, setOrder] = useState(items);
  // A server render with new items (an item added or renamed) replaces the local order.
  if (items !== saved) {
    setSaved(items);
    setOrder(items);
  }
  const [pending, startTransition] = useTransition();
  const idPrefix = useId();
  const hydrated = useHydrated();

  const move = (from: number, to: number) => {
    if (pending || from === to || to < 0 || to >= order.length) return;
    const previous = order;
    const next = arrayMove(order, from, to);
    setOrder(next);
    // Moving the focused row's node makes the browser drop its focus: give it back to the button pressed.
    const focused = document.activeElement instanceof HTMLElement ? document.activeElement.id : "";
    if (focused) requestAnimationFrame(() => document.getElementById(focused)?.focus());
    startTransition(async () => {
      const result = await reorderContent({ kind, ids: next.map((item) => item.id) }).catch(() => null);
      if (result?.ok) {
        toast.success("Порядок сохранён");
        return;
      }
      setOrder(previous);
      toast.error(result?.error ?? "Не удалось изменить порядок: нет связи с сервером");
    });
  };

  if (order.length === 0) return <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">{emptyText}</p>;

  return (
    <DragList id={idPrefix} order={order} onMove={move}>
      <ol aria-label={label} aria-busy={pending} className="flex flex-col gap-2">
        {order.map((item, index) => (
          <DraggableRow
            key={item.id}
            item={item}
            number={`${noun} ${index + 1}`}
            canMoveUp={hydrated && index > 0}
            canMoveDown={hydrated && index < order.length - 1}
            idPrefix={idPrefix}
            hydrated={hydrated}
            onMove={(step) => move(index, index + step)}
          />
        ))}
      </ol>
    </DragList>
  );
}
