import { expect, test } from "./fixtures";
import { E2E_CONTROL_URL } from "./helpers/ports";
import { useSession } from "./helpers/session";

test("an unreachable backend shows a Russian error page, and retry recovers once it is back", async ({ page }) => {
  await useSession(page, "student");
  await fetch(`${E2E_CONTROL_URL}/outage/on`, { method: "POST" });
  try {
    await page.goto("/product-founder");
    await expect(page.getByRole("heading", { name: "Не удалось загрузить страницу" })).toBeVisible({ timeout: 30_000 });
    await expect(page.locator("body")).not.toContainText("fetch failed");
    await expect(page.locator("body")).not.toContainText("at async");
  } finally {
    await fetch(`${E2E_CONTROL_URL}/outage/off`, { method: "POST" });
  }
  await page.getByRole("button", { name: "Попробовать снова" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Product Founder" })).toBeVisible({ timeout: 30_000 });
});
