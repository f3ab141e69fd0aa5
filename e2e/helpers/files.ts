import type { Locator, Page } from "@playwright/test";

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

/** Drops a file on what `target` shows as a person's mouse does: a trusted drop, with the browser's own default. */
export async function dropOn(page: Page, target: Locator, file: string) {
  await target.scrollIntoViewIfNeeded();
  const box = (await target.boundingBox())!;
  const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const data = { items: [], files: [file], dragOperationsMask: 1 };
  const cdp = await page.context().newCDPSession(page);
  for (const type of ["dragEnter", "dragOver", "drop"] as const) await cdp.send("Input.dispatchDragEvent", { type, ...at, data });
  await cdp.detach();
}
