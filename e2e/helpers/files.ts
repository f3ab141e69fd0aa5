import type { Locator } from "@playwright/test";

/** A 1×1 PNG. */
export const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

/** Pastes a picture into a field, as a screenshot or a copied image is pasted. */
export async function pastePicture(field: Locator, name: string, bytes: Buffer = PNG) {
  await field.evaluate(
    (element, { base64, fileName }) => {
      const data = new DataTransfer();
      data.items.add(new File([Uint8Array.from(atob(base64), (character) => character.charCodeAt(0))], fileName, { type: "image/png" }));
      element.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    },
    { base64: bytes.toString("base64"), fileName: name },
  );
}
