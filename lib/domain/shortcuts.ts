/** A key press as far as a shortcut needs it (a KeyboardEvent or a test's plain object). */
export interface KeyPress {
  key: string;
  code: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/**
 * «Отменить» from the keyboard: Ctrl+Z, or ⌘Z on a Mac, on any layout (the physical Z key, which
 * is «Я» on a Russian one). Not in a text field: there it undoes the typing.
 */
export function isUndoShortcut(press: KeyPress, inTextField: boolean): boolean {
  if (inTextField || press.shiftKey || press.altKey || press.ctrlKey === press.metaKey) return false;
  return press.code === "KeyZ" || ["z", "я"].includes(press.key.toLowerCase());
}

/** How the toast names the shortcut, as the person's keyboard spells it. */
export const undoShortcutLabel = (mac: boolean) => (mac ? "⌘Z" : "Ctrl+Z");
