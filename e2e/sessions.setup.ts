import { test } from "./fixtures";
import { SEEDED } from "./helpers/backend";
import { SESSION_ROLES, sessionFile, signIn } from "./helpers/session";

// Signs each seeded role in once through the form; the other tests start from these cookies.
for (const role of SESSION_ROLES) {
  test(`sign in as the seeded ${role}`, async ({ page }) => {
    await signIn(page, SEEDED[role].email, SEEDED[role].password);
    await page.context().storageState({ path: sessionFile(role) });
  });
}
