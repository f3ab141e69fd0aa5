import { toast } from "@/components/client-loading/toast";
import { isUndoShortcut, undoShortcutLabel } from "@/lib/domain/shortcuts";

/**
 * A success toast that offers «Отменить». A keyboard user reaches it in one press: the shortcut
 * (Ctrl+Z / ⌘Z) undoes the newest offer while its toast lives, wherever the focus is, and the
 * toast says so (it is read out by the toaster's live region); the focus stays on the control
 * that made the change. Tabbing to the toast's button still works, and pauses the toast.
 */

/** Long enough to read which change it was and decide, for someone who reads or listens slowly. */
export const UNDO_TOAST_MS = 30_000;

/** Each offer is its own object: a toast that reuses an id must not lose its offer to the old toast's late dismissal. */
const offers = new Map<string | number, { undo: () => void }>();
let listening = false;

const inTextField = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || target instanceof HTMLTextAreaElement || (target instanceof HTMLInputElement && !["checkbox", "radio", "button", "submit"].includes(target.type)));

function onKeyDown(event: KeyboardEvent) {
  if (offers.size === 0 || !isUndoShortcut(event, inTextField(event.target))) return;
  event.preventDefault();
  const newest = [...offers.keys()].at(-1)!;
  take(newest)?.();
}

/** Withdraws an offer and its toast, answering its undo (once). */
function take(id: string | number) {
  const offer = offers.get(id);
  offers.delete(id);
  toast.dismiss(id);
  return offer?.undo;
}

const isMac = () => typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

export function offerUndo(title: string, { description, undo, id }: { description: string; undo: () => void; id?: string }) {
  if (!listening && typeof window !== "undefined") {
    window.addEventListener("keydown", onKeyDown);
    listening = true;
  }
  const offer = { undo };
  // The toast closing withdraws this offer only: a newer one under the same id stays.
  const withdraw = () => {
    if (offers.get(toastId) === offer) offers.delete(toastId);
  };
  const toastId = toast.success(title, {
    id,
    description: `${description}. Отменить: ${undoShortcutLabel(isMac())}`,
    action: { label: "Отменить", onClick: () => take(toastId)?.() },
    duration: UNDO_TOAST_MS,
    onDismiss: withdraw,
    onAutoClose: withdraw,
  });
  offers.set(toastId, offer);
  return toastId;
}

/** Withdraws every offer: the screen it belongs to is gone or shows something else. */
export function dismissUndoOffers() {
  for (const id of [...offers.keys()]) take(id);
}
