import { test } from "./fixtures";
import { SEEDED } from "./helpers/backend";
import { recordSignInAction, SESSION_ROLES, sessionFile, signIn } from "./helpers/session";

// Signs each seeded role in once through the form; the other tests start from these cookies,
// or sign their own students in with the same server action (signInByAction).
for (const role of SESSION_ROLES) {
  test(`sign in as the seeded ${role}`, async ({ page }) => {
    const { email, password } = SEEDED[role];
    const sent = page.waitForRequest((request) => Boolean(request.headers()["next-action"]));
    await signIn(page, email, password);
    await recordSignInAction(await sent, email, password);
    await page.context().storageState({ path: sessionFile(role) });
  });
}
