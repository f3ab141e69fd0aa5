import { toast } from "@/components/client-loading/toast";
import { dismissUndoOffers, offerUndo } from "@/components/undo-toast";
import { accessChangeMessage, type AccessField, type AccessKind } from "@/lib/domain/access";
import type { ActionResult } from "@/lib/actions/result";

export interface StudentRef {
  id: string;
  name: string;
}

/** Withdraws every offer to undo: the panel they belong to is gone or shows another student. */
export const dismissUndoToasts = dismissUndoOffers;

/**
 * docs/product.md §8's toast, naming whose access changed; a bulk change can offer to undo itself.
 * `toastId` names the change (a switch, a list): its success replaces the error it resolves.
 */
export function reportAccess(
  result: ActionResult,
  change: { kind: AccessKind; field: AccessField; value: boolean; student: StudentRef },
  toastId: string,
  undo?: () => void,
) {
  if (!result.ok) {
    toast.error("Ошибка", { id: toastId, description: "Не удалось изменить доступ" });
    return;
  }
  const description = `${accessChangeMessage(change.kind, change.field, change.value)} — ${change.student.name}`;
  if (undo) offerUndo("Успешно", { id: toastId, description, undo });
  else toast.success("Успешно", { id: toastId, description });
}

/** A server action that could not be reached answers like a refused one. */
export const unreachable = (): ActionResult => ({ ok: false, error: "network" });
