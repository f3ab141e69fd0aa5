import { expect, test } from "./fixtures";
import { useSession } from "./helpers/session";

/** «Состояние школы»: reached from the admin menu, the running school's checks in words; admins only. */

test("the admin opens «Состояние школы» from the menu and reads each check's state", async ({ page }) => {
  await useSession(page, "admin");
  await page.goto("/admin");
  await page.getByRole("navigation", { name: "Разделы администрирования" }).getByRole("link", { name: "Состояние школы" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Состояние школы" })).toBeVisible();
  const checks = page.getByRole("list", { name: "Проверки" });
  // The e2e stack's database, worker and SMTP catcher are set up as a school should be.
  for (const check of ["Права", "Работник уведомлений", "Почта уведомлений"]) {
    await expect(checks.getByText(new RegExp(`^${check} — в порядке$`))).toBeVisible();
  }
  await expect(checks.getByText(/^(Telegram|Ключ планировщика) — /)).toHaveCount(2);
});

test("a student asking for it lands on the dashboard", async ({ page }) => {
  await useSession(page, "student");
  await page.goto("/admin/health");
  await expect(page).toHaveURL(/\/dashboard$/);
});
