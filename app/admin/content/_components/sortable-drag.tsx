"use client";

import type { ReactNode } from "react";
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
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { SortableRow, type RowProps, type SortableItem } from "./sortable-row";

/** Dragging for a studio list (dnd-kit). */

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

export function DragList({
  id,
  order,
  onMove,
  children,
}: {
  /** A stable id keeps dnd-kit's screen-reader ids unique on the page. */
  id: string;
  order: SortableItem[];
  onMove: (from: number, to: number) => void;
  children: ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const indexOf = (itemId: string | number) => order.findIndex((item) => item.id === itemId);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over) onMove(indexOf(active.id), indexOf(over.id));
  };
  const titleOf = (itemId: string | number) => order[indexOf(itemId)]?.title ?? "";
  const positionOf = (itemId: string | number) => indexOf(itemId) + 1;

  return (
    <DndContext
      id={id}
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements: announcements(titleOf, positionOf), screenReaderInstructions: instructions }}
    >
      <SortableContext items={order} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

/** Until the list has hydrated the handle cannot drag: dnd-kit's server HTML would say it can (aria-disabled="false"). */
export function DraggableRow({ hydrated, ...props }: RowProps & { hydrated: boolean }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: props.item.id,
    disabled: !hydrated,
    attributes: { roleDescription: "перетаскиваемый элемент" },
  });
  return (
    <SortableRow
      {...props}
      drag={{
        rowRef: setNodeRef,
        style: { transform: CSS.Translate.toString(transform), transition },
        handleRef: setActivatorNodeRef,
        handleProps: { ...attributes, ...listeners },
        isDragging,
      }}
    />
  );
}
