"use client";

import { useId, useState, useTransition } from "react";
import Link from "next/link";
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type ScreenReaderInstructions,
} from "@dnd-kit/core";
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ArrowDown, ArrowUp, GripVertical } from "lucide-react";
import { toast } from "@/components/ui/toast";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/lib/use-hydrated";
import type { ContentKind } from "@/lib/validation/content";
import { reorderContent } from "../actions";
import { DraftBadge } from "./draft-badge";

export interface SortableItem {
  id: string;
  title: string;
  href: string;
  draft: boolean;
  /** A short note beside the title, e.g. how many lessons it holds. */
  meta?: string;
}

interface Props {
  kind: ContentKind;
  items: SortableItem[];
  /** The list's accessible name, e.g. «Уроки модуля». */
  label: string;
  /** The word before each row's number: «Урок» 2, «Модуль» 3. */
  noun: string;
  emptyText: string;
}

const instructions: ScreenReaderInstructions = {
  draggable:
    "Чтобы взять элемент, нажмите пробел или Enter. Перемещайте его стрелками вверх и вниз, пробелом или Enter отпустите, Escape отменяет перенос.",
};

function announcements(titleOf: (id: string | number) => string, positionOf: (id: string | number) => number): Announcements {
  return {
    onDragStart: ({ active }) => `Взят элемент «${titleOf(active.id)}», позиция ${positionOf(active.id)}.`,
    onDragOver: ({ active, over }) => (over ? `«${titleOf(active.id)}» над позицией ${positionOf(over.id)}.` : `«${titleOf(active.id)}» вне списка.`),
    onDragEnd: ({ active, over }) => (over ? `«${titleOf(active.id)}» перемещён на позицию ${positionOf(over.id)}.` : `«${titleOf(active.id)}» отпущен.`),
    onDragCancel: ({ active }) => `Перенос «${titleOf(active.id)}» отменён.`,
  };
}

/**
 * A list the owner reorders by dragging or with the move buttons. The new order shows at once
 * and is saved as a whole list in one transaction; a refused save puts the old order back.
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
  // A stable id keeps dnd-kit's screen-reader ids the same on the server and in the browser.
  const dndId = useId();
  const hydrated = useHydrated();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

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

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    move(
      order.findIndex((item) => item.id === active.id),
      order.findIndex((item) => item.id === over.id),
    );
  };

  if (order.length === 0) return <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">{emptyText}</p>;
  const titleOf = (id: string | number) => order.find((item) => item.id === id)?.title ?? "";
  const positionOf = (id: string | number) => order.findIndex((item) => item.id === id) + 1;

  return (
    <DndContext
      id={dndId}
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements: announcements(titleOf, positionOf), screenReaderInstructions: instructions }}
    >
      <SortableContext items={order} strategy={verticalListSortingStrategy}>
        <ol aria-label={label} aria-busy={pending} className="flex flex-col gap-2">
          {order.map((item, index) => (
            <SortableRow
              key={item.id}
              item={item}
              number={`${noun} ${index + 1}`}
              canMoveUp={hydrated && index > 0}
              canMoveDown={hydrated && index < order.length - 1}
              idPrefix={dndId}
              onMove={(step) => move(index, index + step)}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({
  item,
  number,
  canMoveUp,
  canMoveDown,
  idPrefix,
  onMove,
}: {
  item: SortableItem;
  number: string;
  /** Makes the move buttons' ids unique on the page, so focus can find them after a move. */
  idPrefix: string;
  canMoveUp: boolean;
  canMoveDown: boolean;
  onMove: (step: -1 | 1) => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: item.id,
    attributes: { roleDescription: "перетаскиваемый элемент" },
  });
  // Move buttons stay focusable at the ends (aria-disabled), so the keyboard keeps its place;
  // before hydration they cannot move anything either.
  const moveButton = (step: -1 | 1, enabled: boolean) => (
    <Button
      id={`${idPrefix}-${item.id}-${step < 0 ? "up" : "down"}`}
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
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={`flex items-center gap-2 rounded-lg border bg-card p-2 ${isDragging ? "relative z-10 shadow-lg" : ""}`}
      data-testid="sortable-row"
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={`Перетащить: ${item.title}`}
        className="flex size-9 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-muted-foreground outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 active:cursor-grabbing"
      >
        <GripVertical className="size-4" aria-hidden />
      </button>
      <span className="w-20 shrink-0 text-sm font-medium text-primary">{number}</span>
      <Link href={item.href} className="min-w-0 flex-1 break-words font-medium underline-offset-4 hover:underline">
        {item.title}
      </Link>
      {item.draft && <DraftBadge />}
      {item.meta && <span className="hidden shrink-0 text-xs text-muted-foreground sm:inline">{item.meta}</span>}
      {moveButton(-1, canMoveUp)}
      {moveButton(1, canMoveDown)}
    </li>
  );
}
