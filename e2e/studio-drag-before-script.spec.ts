import { expect, test } from "./fixtures";
import { createTool, service } from "./helpers/backend";
import { expectNotHydrated, holdScripts } from "./helpers/scripts";
import { toast, useSession } from "./helpers/session";

/** A studio list's drag handles and move buttons say they cannot act until the list has hydrated, then reorder. */
test("before the script a lesson's drag handle is aria-disabled, as its move buttons are; once hydrated both reorder", async ({ page }) => {
  const tool = await createTool({
    lessons: [
      { title: "Первый перетаскиваемый", order_index: 1 },
      { title: "Второй перетаскиваемый", order_index: 2 },
    ],
  });
  const titles = async () => (await service.from("lessons").select("title").eq("tool_id", tool.id).order("order_index")).data!.map((lesson) => lesson.title);
  try {
    await useSession(page, "admin");
    const scripts = await holdScripts(page);
    await page.goto(`/admin/content/tools/${tool.id}`, { waitUntil: "commit" });
    const handle = page.getByRole("button", { name: "Перетащить: Первый перетаскиваемый" });
    const moveDown = page.getByRole("button", { name: "Переместить ниже: Первый перетаскиваемый" });
    await expectNotHydrated(scripts, handle);
    await expect(handle).toHaveAttribute("aria-disabled", "true");
    await expect(moveDown).toHaveAttribute("aria-disabled", "true");

    scripts.release();
    await expect(handle).toHaveAttribute("aria-disabled", "false");
    await expect(moveDown).toHaveAttribute("aria-disabled", "false");
    // The handle by keyboard: pick up, one row down, drop, each key after what a screen reader hears of the last.
    const heard = page.getByRole("status").filter({ hasText: "Первый перетаскиваемый" });
    await handle.focus();
    await page.keyboard.press("Space");
    await expect(heard).toHaveText("«Первый перетаскиваемый» над позицией 1.");
    await page.keyboard.press("ArrowDown");
    await expect(heard).toHaveText("«Первый перетаскиваемый» над позицией 2.");
    await page.keyboard.press("Space");
    await expect(toast(page, "Порядок сохранён")).toBeVisible();
    await expect.poll(titles).toEqual(["Второй перетаскиваемый", "Первый перетаскиваемый"]);

    await page.getByRole("button", { name: "Переместить выше: Первый перетаскиваемый" }).click();
    await expect.poll(titles).toEqual(["Первый перетаскиваемый", "Второй перетаскиваемый"]);
  } finally {
    await tool.remove();
  }
});
