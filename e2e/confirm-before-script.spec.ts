import { expect, test } from "./fixtures";
import { createTool, service } from "./helpers/backend";
import { expectNotHydrated, holdScripts } from "./helpers/scripts";
import { useSession } from "./helpers/session";

/** A button that asks first (a lazily loaded dialog) is its own form's submit: a press before the page's script asks once it hydrates. */
test("«Удалить урок» pressed before the page's script asks once the page hydrates, and deletes nothing unasked", async ({ page }) => {
  const tool = await createTool({ lessons: [{ title: "Урок под вопросом", order_index: 1 }] });
  try {
    await useSession(page, "admin");
    const scripts = await holdScripts(page);
    await page.goto(`/admin/content/lessons/${tool.lessonId("Урок под вопросом")}`, { waitUntil: "commit" });
    const remove = page.getByRole("button", { name: "Удалить урок" });
    await expectNotHydrated(scripts, remove);

    await remove.click();
    await expect(remove).toHaveAttribute("aria-busy", "true");
    scripts.release();
    const dialog = page.getByRole("alertdialog", { name: "Удалить урок «Урок под вопросом»?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Отмена" }).click();
    await expect(dialog).toBeHidden();
    await expect(remove).toBeFocused();
    const lessonId = tool.lessonId("Урок под вопросом");
    expect((await service.from("lessons").select("id").eq("id", lessonId)).data).toEqual([{ id: lessonId }]);
  } finally {
    await tool.remove();
  }
});
