"use client";

import { useState, useTransition } from "react";
import { toast } from "@/components/client-loading/toast";
import { SubmitButton } from "@/components/ui/submit-button";
import { ConfirmDialog } from "@/components/client-loading/confirm-dialog";
import type { AccessKind } from "@/lib/domain/access";
import { shownAccess } from "@/lib/domain/access-source";
import { pluralRu } from "@/lib/domain/plural";
import { setAllAccess } from "../actions";
import type { AccessItem } from "./access-list";
import { reportAccess, unreachable, type StudentRef } from "./access-toast";

const NOUNS = {
  module: { one: "модуль", few: "модуля", many: "модулей" },
  tool: { one: "инструмент", few: "инструмента", many: "инструментов" },
  lesson: { one: "урок", few: "урока", many: "уроков" },
} as const satisfies Record<AccessKind, { one: string; few: string; many: string }>;

/**
 * «Открыть всё» / «Закрыть всё»: asks first, naming how many items change for whom, changes only
 * those (in one request), and offers to undo from the toast.
 */
export function BulkAccess({
  kind,
  student,
  items,
  onSaved,
}: {
  kind: AccessKind;
  student: StudentRef;
  items: AccessItem[];
  onSaved: (itemIds: string[], value: boolean) => void;
}) {
  const [pending, startTransition] = useTransition();
  const [asking, setAsking] = useState<boolean | null>(null);
  // What the switches show, groups included: only the items whose switch would flip change.
  const changing = (value: boolean) => items.filter((item) => shownAccess(item, item.effective ?? item).is_unlocked !== value).map((item) => item.id);
  const toastId = `access-bulk-${kind}`;

  const apply = (value: boolean, itemIds: string[], undoable: boolean) =>
    startTransition(async () => {
      const result = await setAllAccess({ kind, studentId: student.id, itemIds, field: "is_unlocked", value }).catch(unreachable);
      const undo = undoable ? () => apply(!value, itemIds, false) : undefined;
      reportAccess(result, { kind, field: "is_unlocked", value, student }, undoable ? toastId : `${toastId}-undone`, undo);
      if (result.ok) onSaved(itemIds, value);
    });

  const ask = (value: boolean) => {
    if (changing(value).length === 0) toast.info(value ? "Всё уже открыто" : "Всё уже закрыто", { description: student.name });
    else setAsking(value);
  };
  const count = asking === null ? 0 : changing(asking).length;

  // Each button is its own form's submit: a press before the page's script is held by React and asks
  // once it hydrates. aria-disabled, not disabled, while saving: the confirmed dialog gives the focus
  // back to its button, and a disabled one cannot take it (it would fall to the page's body).
  return (
    <div className="flex flex-wrap gap-2" aria-busy={pending}>
      {([true, false] as const).map((value) => (
        <form key={String(value)} action={() => ask(value)}>
          <SubmitButton variant="outline" size="sm" aria-haspopup="dialog" pending={pending}>
            {value ? "Открыть всё" : "Закрыть всё"}
          </SubmitButton>
        </form>
      ))}
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={asking ? "Открыть доступ?" : "Закрыть доступ?"}
        description={`${asking ? "Будет открыто" : "Будет закрыто"}: ${pluralRu(count, NOUNS[kind])} для ${student.name}. Изменение можно отменить в уведомлении.`}
        confirmLabel={`${asking ? "Открыть" : "Закрыть"} (${count})`}
        onConfirm={() => asking !== null && apply(asking, changing(asking), true)}
      />
    </div>
  );
}
