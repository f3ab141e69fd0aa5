"use client";

import { useOptimistic, useTransition } from "react";
import { toast } from "@/components/ui/toast";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Switch } from "@/components/ui/switch";
import type { AccessField, AccessFlags, AccessKind } from "@/lib/domain/access";
import { dropAccess, setAccess } from "../actions";
import { reportAccess, unreachable, type StudentRef } from "./access-toast";
import { BulkAccess } from "./bulk-access";

export interface AccessItem {
  id: string;
  label: string;
  order_index: number;
  is_unlocked: boolean;
  is_visible: boolean;
  hasRecord: boolean;
  /** Why the student may not get the item even when it is open here (e.g. its tool is locked). */
  note?: string | null;
  /** The effective state and where it comes from («Сейчас: открыт, виден · группа «…»»). */
  effective?: string;
}

function AccessRow({
  kind,
  student,
  item,
  onSaved,
  onDropped,
}: {
  kind: AccessKind;
  student: StudentRef;
  item: AccessItem;
  onSaved: (change: Partial<AccessFlags>) => void;
  onDropped: () => void;
}) {
  const [state, showOptimistic] = useOptimistic(item);
  const [pending, startTransition] = useTransition();

  const toggle = (field: AccessField, value: boolean) => {
    // Busy switches stay focusable (aria-disabled, not disabled), so the keyboard keeps its place.
    if (pending) return;
    startTransition(async () => {
      const change = { [field]: value };
      showOptimistic({ ...item, ...change, hasRecord: true });
      const result = await setAccess({ kind, studentId: student.id, itemId: item.id, field, value }).catch(unreachable);
      // On failure the switch falls back to the saved state when the transition ends.
      if (result.ok) onSaved(change);
      reportAccess(result, { kind, field, value, student });
    });
  };

  const drop = () => {
    if (pending) return;
    startTransition(async () => {
      const result = await dropAccess({ kind, studentId: student.id, itemId: item.id }).catch(unreachable);
      if (!result.ok) return void toast.error("Ошибка", { description: "Не удалось снять личную настройку" });
      onDropped();
      toast.success("Успешно", { description: `Личная настройка снята — ${student.name}` });
    });
  };

  // SPEC.md: a lesson without an access record opens for the student although the switch is off.
  const openByDefault = kind === "lesson" && !state.hasRecord;
  const switchId = `${kind}-${item.id}`;
  const switchProps = (field: AccessField) => ({
    id: `${switchId}-${field}`,
    checked: state[field],
    "aria-disabled": pending,
    className: pending ? "cursor-progress opacity-70" : undefined,
    onCheckedChange: (value: boolean) => toggle(field, value),
  });
  return (
    <li className="flex flex-col gap-3 rounded-lg border p-3 sm:flex-row sm:items-center sm:justify-between" data-testid="access-row">
      <div className="flex min-w-0 flex-col gap-1">
        <span className="font-medium">{item.label}</span>
        <span className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          № {item.order_index}
          {openByDefault && <Badge variant="outline">открыт по умолчанию</Badge>}
          {item.note && <Badge variant="secondary">{item.note}</Badge>}
        </span>
        {item.effective && <span className="text-xs text-muted-foreground">{item.effective}</span>}
        {state.hasRecord && (
          <Button variant="link" size="inline" className="self-start text-xs" onClick={drop} aria-disabled={pending}>
            Сбросить личную настройку
          </Button>
        )}
      </div>
      <div className="flex shrink-0 items-center gap-5" aria-busy={pending}>
        <label htmlFor={`${switchId}-is_unlocked`} className="flex items-center gap-2 text-sm">
          <Switch {...switchProps("is_unlocked")} aria-label={`Доступ открыт: ${item.label}`} />
          Доступ открыт
        </label>
        <label htmlFor={`${switchId}-is_visible`} className="flex items-center gap-2 text-sm">
          <Switch {...switchProps("is_visible")} aria-label={`Видимость: ${item.label}`} />
          Видимость
        </label>
      </div>
      {/* The result is announced by the toast; this says a save is under way. */}
      <span role="status" className="sr-only">
        {pending && `${item.label}: сохраняем…`}
      </span>
    </li>
  );
}

export function AccessList({
  kind,
  student,
  items,
  emptyText,
  onSaved,
  onDropped,
}: {
  kind: AccessKind;
  student: StudentRef;
  items: AccessItem[];
  emptyText: string;
  onSaved: (itemIds: string[], change: Partial<AccessFlags>) => void;
  onDropped: (itemId: string) => void;
}) {
  if (items.length === 0) return <p className="text-muted-foreground">{emptyText}</p>;
  return (
    <div className="flex flex-col gap-2">
      <BulkAccess kind={kind} student={student} items={items} onSaved={(ids, value) => onSaved(ids, { is_unlocked: value })} />
      <ul className="flex flex-col gap-2">
        {items.map((item) => (
          <AccessRow
            key={item.id}
            kind={kind}
            student={student}
            item={item}
            onSaved={(change) => onSaved([item.id], change)}
            onDropped={() => onDropped(item.id)}
          />
        ))}
      </ul>
    </div>
  );
}
