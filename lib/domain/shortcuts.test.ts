import { describe, expect, it } from "vitest";
import { isUndoShortcut, undoShortcutLabel, type KeyPress } from "./shortcuts";

const press = (overrides: Partial<KeyPress>): KeyPress => ({ key: "z", code: "KeyZ", ctrlKey: true, metaKey: false, shiftKey: false, altKey: false, ...overrides });

describe("isUndoShortcut", () => {
  it.each([
    ["Ctrl+Z", press({}), false, true],
    ["⌘Z", press({ ctrlKey: false, metaKey: true }), false, true],
    ["Ctrl+Я on a Russian layout", press({ key: "я" }), false, true],
    ["Ctrl+Z with Caps Lock", press({ key: "Z" }), false, true],
    ["Ctrl+Z in a text field (undoes typing there)", press({}), true, false],
    ["Z alone", press({ ctrlKey: false }), false, false],
    ["Ctrl+Shift+Z (redo)", press({ shiftKey: true }), false, false],
    ["Ctrl+Alt+Z", press({ altKey: true }), false, false],
    ["Ctrl+⌘+Z", press({ metaKey: true }), false, false],
    ["Ctrl+Y", press({ key: "y", code: "KeyY" }), false, false],
  ])("%s", (_, keys, inTextField, expected) => {
    expect(isUndoShortcut(keys, inTextField)).toBe(expected);
  });
});

describe("undoShortcutLabel", () => {
  it("spells the shortcut as the keyboard does", () => {
    expect(undoShortcutLabel(true)).toBe("⌘Z");
    expect(undoShortcutLabel(false)).toBe("Ctrl+Z");
  });
});
