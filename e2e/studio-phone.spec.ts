import { expect, test } from "./fixtures";
import { createTool, service } from "./helpers/backend";
import { expectNotHydrated, holdScripts } from "./helpers/scripts";
import { useSession } from "./helpers/session";

/** On a phone a lesson's Markdown and its preview take turns («Текст» / «Предпросмотр»); switching needs the script. */
test("a lesson's text and preview on a phone: the switch says it cannot act before the script, then shows the preview", async ({ page }) => {
  const tool = await createTool({ lessons: [{ title: "Урок на телефоне", order_index: 1 }] });
  try {
    const lessonId = tool.lessonId("Урок на телефоне");
    await service.from("lessons").update({ body_md: "## Шаги на телефоне" }).eq("id", lessonId);
    await useSession(page, "admin");
    await page.setViewportSize({ width: 360, height: 800 });
    const scripts = await holdScripts(page);
    await page.goto(`/admin/content/lessons/${lessonId}`, { waitUntil: "commit" });
    const views = page.getByRole("group", { name: "Что показать" });
    const preview = views.getByRole("button", { name: "Предпросмотр" });
    await expectNotHydrated(scripts, preview);
    await expect(preview).toHaveAttribute("aria-disabled", "true");
    await expect(page.getByLabel("Текст урока", { exact: true })).toBeVisible();

    scripts.release();
    await expect(preview).not.toHaveAttribute("aria-disabled");
    await preview.click();
    await expect(preview).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("heading", { name: "Шаги на телефоне" })).toBeVisible();
    await expect(page.getByLabel("Текст урока", { exact: true })).toBeHidden();
  } finally {
    await tool.remove();
  }
});
