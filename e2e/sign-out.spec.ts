import { expect, test } from "./fixtures";
import { createStudent, deleteUser } from "./helpers/backend";
import { expectNotHydrated, holdScripts } from "./helpers/scripts";
import { signInByAction, toast } from "./helpers/session";

/** «Выйти» on the dashboard is a plain form (after the script, e2e/auth.spec.ts holds what it does). */
test("«Выйти» pressed before the page's script is the browser's post: the session ends and the home page opens and says so", async ({ page }) => {
  const student = await createStudent();
  try {
    await signInByAction(page, student.email, student.password);
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.headers()["next-action"] ? "React" : "browser");
    });
    const scripts = await holdScripts(page);
    await page.goto("/dashboard", { waitUntil: "commit" });
    const signOut = page.getByRole("button", { name: "Выйти" });
    await expectNotHydrated(scripts, signOut);

    await signOut.click();
    await expect(page).toHaveURL(/\/\?welcome=signed-out$/);
    expect(posts).toEqual(["browser"]);
    // The home page says so once its script is here, and takes the word out of the address.
    scripts.release();
    await expect(toast(page, "Вы вышли из аккаунта")).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/$/);
  } finally {
    await deleteUser(student.id);
  }
});
