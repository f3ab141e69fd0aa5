import { expect, type Page } from "@playwright/test";

/** Signs in through the landing page's form, as a person would. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto("/");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Пароль").fill(password);
  await page.getByRole("button", { name: "Войти", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

export function toast(page: Page, title: string) {
  return page.locator("[data-sonner-toast]").filter({ hasText: title });
}

/** Fills and sends the registration form on the landing page. */
export async function signUp(page: Page, fullName: string, email: string, password = "password123") {
  await page.goto("/");
  await page.getByRole("button", { name: "Зарегистрироваться" }).click();
  await page.getByLabel("Имя").fill(fullName);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Пароль").fill(password);
  await page.getByRole("checkbox", { name: /согласие на обработку/ }).check();
  await page.getByRole("button", { name: "Зарегистрироваться" }).click();
}
