import { test } from "./fixtures";
import { SEEDED } from "./helpers/backend";
import { SESSION_ROLES, sessionFile, signIn } from "./helpers/session";

// Signs each seeded role in once through the form; the other tests start from these cookies,
// or sign their own students in through the form's server action (signInByAction).
for (const role of SESSION_ROLES) {
  test(`sign in as the seeded ${role}`, async ({ page }) => {
    const { email, password } = SEEDED[role];
    await signIn(page, email, password);
    await page.context().storageState({ path: sessionFile(role) });
  });
}
