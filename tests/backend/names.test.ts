import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeThrown } from "@/lib/actions/errors";
import * as settings from "@/lib/mutations/settings";
import { PRIVACY_POLICY_VERSION, signUpSchema } from "@/lib/validation/auth";
import type { LocalBackend } from "@/local-backend/server";
import { anonClient, serviceClient, signedIn, startTestBackend, uniqueEmail } from "@/local-backend/tests/harness";

/**
 * The registration form's name rule (lib/validation/auth.ts) held by the database on the paths
 * around the form (issue 41): a sign-up straight to Auth, a user made through the Admin API, a
 * rename straight through the REST API. The welcome notification (and so its e-mail) never
 * carries a name the form would refuse.
 */

const PHISHING = "Ваш аккаунт заблокирован! Войдите на https://evil.example/вход";

let backend: LocalBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(async () => backend?.close());

const formKeeps = (name: string) => {
  const parsed = signUpSchema.shape.fullName.safeParse(name);
  return parsed.success ? parsed.data : null;
};

describe("one rule in the form and the database", () => {
  it.each([
    "Анна",
    "  Анна-Мария Петрова  ",
    "Jean-Luc Picard",
    "Ёлка ёжик",
    "Олесь Гончар",
    "Ґанна Їжак Єва",
    "José Muñoz",
    "Zoë Ångström",
    "Йо\u0301ко",
    "Iñ\u0303",
    "A".repeat(100),
    "A".repeat(101),
    "",
    "   ",
    "-",
    "O'Brien",
    "Анна1",
    "Анна,=2+3",
    "Анна\tМария",
    "<b>Анна</b>",
    "\u0301Анна",
    "李雷",
    "Αλέξης",
    PHISHING,
  ])("%j", async (name) => {
    const { data, error } = await serviceClient(backend).rpc("clean_full_name", { _name: name });
    expect(error).toBeNull();
    expect(data).toBe(formKeeps(name));
  });
});

describe("a name around the form", () => {
  it("a sign-up straight to Auth with a name the form refuses is refused, and nothing is created", async () => {
    const email = uniqueEmail("phishing-name");
    const { data, error } = await anonClient(backend).auth.signUp({
      email,
      password: "password123",
      options: { data: { full_name: PHISHING, privacy_policy_version: PRIVACY_POLICY_VERSION } },
    });
    expect(error?.status).toBe(400);
    expect(error?.message).toBe("Имя может содержать только буквы, пробелы и дефисы");
    expect(data.user).toBeNull();
    const { data: profile } = await serviceClient(backend).from("profiles").select("id").eq("email", email).maybeSingle();
    expect(profile).toBeNull();
  });

  it("a user made through the Admin API keeps no such name, and the welcome carries none", async () => {
    const service = serviceClient(backend);
    const { data, error } = await service.auth.admin.createUser({ email: uniqueEmail("admin-made"), password: "password123", user_metadata: { full_name: PHISHING } });
    expect(error).toBeNull();
    const { data: profile } = await service.from("profiles").select("full_name").eq("id", data.user!.id).single();
    expect(profile?.full_name).toBeNull();
    const { data: welcome } = await service.from("notifications").select("payload").eq("user_id", data.user!.id).eq("kind", "welcome").single();
    expect(welcome?.payload).toEqual({ name: null });
  });

  it("a name that follows the rule is kept as the form keeps it", async () => {
    const service = serviceClient(backend);
    const { data } = await service.auth.admin.createUser({ email: uniqueEmail("fine-name"), password: "password123", user_metadata: { full_name: "  Анна Петрова " } });
    const { data: welcome } = await service.from("notifications").select("payload").eq("user_id", data.user!.id).eq("kind", "welcome").single();
    expect(welcome?.payload).toEqual({ name: "Анна Петрова" });
  });

  it("a student cannot rename themselves straight through the REST API to what the form refuses", async () => {
    const service = serviceClient(backend);
    const email = uniqueEmail("rest-rename");
    const { data } = await service.auth.admin.createUser({ email, password: "password123", email_confirm: true, user_metadata: { full_name: "Анна" } });
    const { client } = await signedIn(backend, email, "password123");
    for (const name of [PHISHING, "=HYPERLINK(\"https://evil.example\")", "", "   "]) {
      const { error } = await client.from("profiles").update({ full_name: name }).eq("id", data.user!.id);
      expect(error?.code, name).toBe("23514");
    }
    // The app's own write layer words the refusal as the form does.
    const refused = await settings.renameSelf(client, data.user!.id, PHISHING).then(
      () => null,
      (thrown) => describeThrown(thrown, "сбой").error,
    );
    expect(refused).toBe("Имя может содержать только буквы, пробелы и дефисы");
    const { error } = await client.from("profiles").update({ full_name: "  Анна-Мария " }).eq("id", data.user!.id);
    expect(error).toBeNull();
    const { data: profile } = await service.from("profiles").select("full_name").eq("id", data.user!.id).single();
    expect(profile?.full_name).toBe("Анна-Мария");
  });
});
