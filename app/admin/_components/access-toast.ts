import { toast } from "@/components/ui/toast";
import { accessChangeMessage, type AccessField, type AccessKind } from "@/lib/domain/access";
import type { ActionResult } from "@/lib/actions/result";

export interface StudentRef {
  id: string;
  name: string;
}

const undoToasts = new Set<string | number>();

/** Withdraws every offer to undo: the panel they belong to is gone or shows another student. */
export function dismissUndoToasts() {
  for (const id of undoToasts) toast.dismiss(id);
  undoToasts.clear();
}

/** SPEC.md §8's toast, naming whose access changed; a bulk change can offer to undo itself. */
export function reportAccess(
  result: ActionResult,
  change: { kind: AccessKind; field: AccessField; value: boolean; student: StudentRef },
  undo?: () => void,
) {
  if (!result.ok) {
    toast.error("Ошибка", { description: "Не удалось изменить доступ" });
    return;
  }
  const id = toast.success("Успешно", {
    description: `${accessChangeMessage(change.kind, change.field, change.value)} — ${change.student.name}`,
    action: undo ? { label: "Отменить", onClick: undo } : undefined,
    // Time to read which change it was and reach «Отменить» (Sonner also pauses on hover and focus).
    duration: undo ? 15_000 : undefined,
    onDismiss: () => undoToasts.delete(id),
    onAutoClose: () => undoToasts.delete(id),
  });
  if (undo) undoToasts.add(id);
}

/** A server action that could not be reached answers like a refused one. */
export const unreachable = (): ActionResult => ({ ok: false, error: "network" });
