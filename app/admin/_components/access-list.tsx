"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Switch } from "@/components/ui/switch";
import { accessChangeMessage, type AccessField, type AccessKind } from "@/lib/validation/access";
import { setAccess, setAllAccess, type AccessResult } from "../actions";

export interface AccessItem {
  id: string;
  label: string;
  order_index: number;
  is_unlocked: boolean;
  is_visible: boolean;
  hasRecord: boolean;
  /** Why the student may not get the item even when it is open here (e.g. its tool is locked). */
  note?: string | null;
}

function report(result: AccessResult, kind: AccessKind, field: AccessField, value: boolean) {
  if (result.ok) toast.success("Успешно", { description: accessChangeMessage(kind, field, value) });
  else toast.error("Ошибка", { description: "Не удалось изменить доступ" });
}

function AccessRow({ kind, studentId, item }: { kind: AccessKind; studentId: string; item: AccessItem }) {
  const [state, setState] = useState(item);
  const [pending, startTransition] = useTransition();

  const toggle = (field: AccessField, value: boolean) =>
    startTransition(async () => {
      const previous = state;
      setState({ ...state, [field]: value, hasRecord: true });
      const result = await setAccess({ kind, studentId, itemId: item.id, field, value }).catch(
        (): AccessResult => ({ ok: false, error: "network" }),
      );
      if (!result.ok) setState(previous);
      report(result, kind, field, value);
    });

  // SPEC.md: a lesson without an access record opens for the student although the switch is off.
  const openByDefault = kind === "lesson" && !state.hasRecord;
  const switchId = `${kind}-${item.id}`;
  return (
    <li className="flex flex-col gap-3 rounded-lg border p-3 sm:flex-row sm:items-center sm:justify-between" data-testid="access-row">
      <div className="flex min-w-0 flex-col gap-1">
        <span className="break-words font-medium">{item.label}</span>
        <span className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          № {item.order_index}
          {openByDefault && <Badge variant="outline">открыт по умолчанию</Badge>}
          {item.note && <Badge variant="secondary">{item.note}</Badge>}
        </span>
      </div>
      <div className="flex shrink-0 items-center gap-5" aria-busy={pending}>
        <label htmlFor={`${switchId}-unlocked`} className="flex items-center gap-2 text-sm">
          <Switch
            id={`${switchId}-unlocked`}
            aria-label={`Доступ открыт: ${item.label}`}
            checked={state.is_unlocked}
            disabled={pending}
            onCheckedChange={(value) => toggle("is_unlocked", value)}
          />
          Доступ открыт
        </label>
        <label htmlFor={`${switchId}-visible`} className="flex items-center gap-2 text-sm">
          <Switch
            id={`${switchId}-visible`}
            aria-label={`Видимость: ${item.label}`}
            checked={state.is_visible}
            disabled={pending}
            onCheckedChange={(value) => toggle("is_visible", value)}
          />
          Видимость
        </label>
      </div>
    </li>
  );
}

export function AccessList({
  kind,
  studentId,
  items,
  emptyText,
}: {
  kind: AccessKind;
  studentId: string;
  items: AccessItem[];
  emptyText: string;
}) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  if (items.length === 0) return <p className="text-muted-foreground">{emptyText}</p>;

  const setAll = (value: boolean) =>
    startTransition(async () => {
      const itemIds = items.map((item) => item.id);
      const result = await setAllAccess({ kind, studentId, itemIds, field: "is_unlocked", value }).catch(
        (): AccessResult => ({ ok: false, error: "network" }),
      );
      report(result, kind, "is_unlocked", value);
      if (result.ok) router.refresh();
    });

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" disabled={pending} onClick={() => setAll(true)}>
          Открыть всё
        </Button>
        <Button variant="outline" size="sm" disabled={pending} onClick={() => setAll(false)}>
          Закрыть всё
        </Button>
      </div>
      <ul className="flex flex-col gap-2">
        {items.map((item) => (
          // The key carries the server's state, so a refresh after a bulk change resets the rows.
          <AccessRow key={`${item.id}:${item.is_unlocked}:${item.is_visible}:${item.hasRecord}`} kind={kind} studentId={studentId} item={item} />
        ))}
      </ul>
    </div>
  );
}
