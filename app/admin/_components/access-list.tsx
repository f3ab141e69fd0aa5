"use client";

import { useOptimistic, useTransition } from "react";
import { toast } from "@/components/client-loading/toast";
import { Badge } from "@/components/ui/badge";
import { FormSwitch } from "@/components/forms/form-switch";
import { SubmitButton } from "@/components/ui/submit-button";
import type { AccessField, AccessFlags, AccessKind } from "@/lib/domain/access";
import { shownAccess, switchName, switchText } from "@/lib/domain/access-source";
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
  /** The effective state and where it comes from in words («Сейчас: открыт, виден · группа «…»»). */
  effective?: AccessFlags & { label: string };
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

  // The switches show what is in effect (see shownAccess); a press makes that a personal record.
  const shown = shownAccess(state, item.effective ?? state);
  // Each switch and «Сбросить личную настройку» is its own form's submit: a press before the page's
  // script is held by React and made once it hydrates. Busy, they keep their focus and take no press.
  const toggle = (field: AccessField, value: boolean) => {
    if (pending) return;
    startTransition(async () => {
      const flags = { ...shown, [field]: value };
      showOptimistic({ ...item, ...flags, hasRecord: true });
      const result = await setAccess({ kind, studentId: student.id, itemId: item.id, field, value, shown }).catch(unreachable);
      // On failure the switch falls back to the saved state when the transition ends.
      if (result.ok) onSaved(flags);
      reportAccess(result, { kind, field, value, student }, `access-${kind}-${item.id}-${field}`);
    });
  };

  const drop = () => {
    if (pending) return;
    startTransition(async () => {
      const result = await dropAccess({ kind, studentId: student.id, itemId: item.id }).catch(unreachable);
      const toastId = `access-drop-${kind}-${item.id}`;
      if (!result.ok) return void toast.error("Ошибка", { id: toastId, description: "Не удалось снять личную настройку" });
      onDropped();
      toast.success("Успешно", { id: toastId, description: `Личная настройка снята — ${student.name}` });
    });
  };

  const switchId = `${kind}-${item.id}`;
  return (
    <li className="flex flex-col gap-3 rounded-lg border p-3 sm:flex-row sm:items-center sm:justify-between" data-testid="access-row">
      <div className="flex min-w-0 flex-col gap-1">
        <span className="font-medium">{item.label}</span>
        <span className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          № {item.order_index}
          {item.note && <Badge variant="secondary">{item.note}</Badge>}
        </span>
        {item.effective && (
          <span id={`${switchId}-effective`} className="text-xs text-muted-foreground">
            {item.effective.label}
          </span>
        )}
        {state.hasRecord && (
          <form action={drop} className="self-start">
            <SubmitButton variant="link" size="inline" className="text-xs" pending={pending}>
              Сбросить личную настройку
            </SubmitButton>
          </form>
        )}
      </div>
      <div className="flex shrink-0 items-center gap-5" aria-busy={pending}>
        {(["is_unlocked", "is_visible"] as const).map((field) => (
          <FormSwitch
            key={field}
            id={`${switchId}-${field}`}
            formClassName="flex items-center gap-2 text-sm"
            onPress={() => toggle(field, !shown[field])}
            pending={pending}
            checked={shown[field]}
            aria-label={switchName(field, shown[field], item.label)}
            aria-describedby={item.effective ? `${switchId}-effective` : undefined}
          >
            <label htmlFor={`${switchId}-${field}`}>{switchText(field, shown[field])}</label>
          </FormSwitch>
        ))}
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
