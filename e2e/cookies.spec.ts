import { expect, test } from "./fixtures";
import { createStudent, deleteUser } from "./helpers/backend";
import { signIn } from "./helpers/session";

/**
 * No page script needs the session: the browser has no Supabase client, so every cookie the app
 * sets (the session's access and refresh tokens, the trusted browser) is out of scripts' reach.
 */
test("after sign-in, page scripts see no session cookie: every cookie is HttpOnly and SameSite=Lax", async ({ page, context }) => {
  const user = await createStudent();
  await signIn(page, user.email, user.password);

  const cookies = await context.cookies();
  expect(cookies.map(({ name }) => name)).toEqual(expect.arrayContaining([expect.stringMatching(/^sb-.+-auth-token/), "trusted_browser"]));
  for (const cookie of cookies) expect(cookie, cookie.name).toMatchObject({ httpOnly: true, sameSite: "Lax" });
  expect(await page.evaluate(() => document.cookie)).toBe("");

  // The session still works for the server: the dashboard opens after a reload.
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);
  await deleteUser(user.id);
});
