import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRIVACY_POLICY_VERSION } from "@/lib/validation/auth";
import type { LocalBackend } from "@/local-backend/server";
import { serviceClient, signedIn, startTestBackend, TEST_DATABASES, uniqueEmail } from "@/local-backend/tests/harness";
import { appEnvFor, runProjectScript } from "@/tests/support/project-scripts";

/**
 * The deploy steps an owner runs after `supabase db push`, on a database set up as a new hosted
 * project (no default privileges, pg-safeupdate, migrations as postgres): the owner signs up,
 * `npm run grant-admin` makes them an admin with the app's variables, and `npm run doctor` passes.
 */

describe.skipIf(!TEST_DATABASES.includes("PostgreSQL"))("deploy steps on a hosted-style project", () => {
  let project: LocalBackend;
  beforeAll(async () => {
    // From nothing, as a new project: the deploy check reads how long ago the seed's notifications were planned.
    project = await startTestBackend({}, "PostgreSQL", { template: false });
  });
  afterAll(async () => project?.close());

  it("signs the owner up, makes them an admin, and passes the deploy check", async () => {
    const email = uniqueEmail("owner");
    const signUp = await serviceClient(project).auth.admin.createUser({
      email,
      password: "owner-password-1",
      email_confirm: true,
      user_metadata: { full_name: "Владелец Школы", privacy_policy_version: PRIVACY_POLICY_VERSION },
    });
    expect(signUp.error).toBeNull();

    const granted = await runProjectScript("scripts/grant-admin.ts", [email], appEnvFor(project));
    expect(granted).toEqual({ code: 0, output: `✓ ${email} теперь администратор. Войдите заново, чтобы роль вступила в силу.\n` });
    const owner = await signedIn(project, email, "owner-password-1");
    expect((await owner.client.rpc("is_admin")).data).toBe(true);

    const doctor = await runProjectScript("scripts/doctor.ts", [], appEnvFor(project));
    expect(doctor.output).not.toContain("✗");
    expect(doctor.code).toBe(0);
  });

  it("names what is wrong instead of failing silently: an unknown address, a missing key", async () => {
    const unknown = await runProjectScript("scripts/grant-admin.ts", ["nobody@example.com"], appEnvFor(project));
    expect(unknown).toEqual({ code: 1, output: "✗ Нет пользователя nobody@example.com: сначала он регистрируется на сайте.\n" });
    const keyless = await runProjectScript("scripts/grant-admin.ts", ["nobody@example.com"], appEnvFor(project, { SUPABASE_SECRET_KEY: "" }));
    expect(keyless.code).toBe(1);
    expect(keyless.output).toContain("Задайте SUPABASE_SECRET_KEY");
  });
});
