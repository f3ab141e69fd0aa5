import { readFile } from "node:fs/promises";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { callAction, formOf } from "./actions";
import { builtActions } from "./hostile";
import { E2E_STACK_SUFFIX } from "./ports";

export const SESSION_ROLES = ["admin", "student"] as const;
export type SessionRole = (typeof SESSION_ROLES)[number];

/** Where e2e/sessions.setup.ts keeps each seeded role's signed-in browser state. */
export const sessionFile = (role: SessionRole) => path.join(import.meta.dirname, `../.sessions${E2E_STACK_SUFFIX}`, `${role}.json`);

/**
 * Signs a person in through the app's own sign-in action, as the form sends it, without rendering
 * the form: the session cookies land in the page's context. For tests about other things.
 */
export async function signInByAction(page: Page, email: string, password: string) {
  const answer = await callAction(page.context().request, builtActions().get("submitAuthForm")!, [
    { result: null, fields: {}, answered: 0 },
    formOf({ mode: "signIn", email, password }),
  ]);
  expect(answer.redirect, answer.text.slice(0, 200)).toMatch(/^\/dashboard\?welcome=signed-in$/);
  expect((await page.context().cookies()).some((cookie) => cookie.name.includes("auth-token"))).toBe(true);
}

/** Signs the page in as a seeded role from the session saved once per run, instead of the form. */
export async function useSession(page: Page, role: SessionRole) {
  const state: { cookies: Parameters<ReturnType<Page["context"]>["addCookies"]>[0] } = JSON.parse(
    await readFile(sessionFile(role), "utf8"),
  );
  await page.context().addCookies(state.cookies);
}

/** Fills and sends the landing page's sign-in form, as a person would. */
export async function submitSignIn(page: Page, email: string, password: string) {
  await page.goto("/");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Пароль").fill(password);
  await page.getByRole("button", { name: "Войти", exact: true }).click();
}

/** Signs in through the form and waits for the dashboard. */
export async function signIn(page: Page, email: string, password: string) {
  await submitSignIn(page, email, password);
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
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Пароль").fill(password);
  await page.getByRole("checkbox", { name: /согласие на обработку/ }).check();
  await page.getByRole("button", { name: "Зарегистрироваться" }).click();
}
