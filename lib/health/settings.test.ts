import { describe, expect, it } from "vitest";
import { DEFAULT_STALE_MINUTES, healthSettings, projectRefOf } from "./settings";

describe("projectRefOf", () => {
  it.each([
    ["https://abcdefghijklmnopqrst.supabase.co", "abcdefghijklmnopqrst"],
    ["https://abcdefghijklmnopqrst.supabase.co/", "abcdefghijklmnopqrst"],
    ["http://127.0.0.1:54321", null],
    ["https://api.school.ru", null],
    ["https://short.supabase.co", null],
    ["not a url", null],
  ])("%s → %s", (url, ref) => {
    expect(projectRefOf(url)).toBe(ref);
  });
});

describe("healthSettings", () => {
  it("reads the app's variables, trimmed, without trailing slashes", () => {
    const settings = healthSettings({
      NEXT_PUBLIC_SUPABASE_URL: " https://abcdefghijklmnopqrst.supabase.co/ ",
      NEXT_PUBLIC_SUPABASE_ANON_KEY: "anon",
      SUPABASE_SECRET_KEY: "",
      NEXT_PUBLIC_SITE_URL: "https://school.example/",
      TELEGRAM_BOT_USERNAME: "@school_bot",
      TELEGRAM_API_ROOT: "http://127.0.0.1:8081/",
      DOCTOR_STALE_MINUTES: "30",
    });
    expect(settings).toMatchObject({
      supabaseUrl: "https://abcdefghijklmnopqrst.supabase.co",
      publishableKey: "anon",
      secretKey: null,
      siteUrl: "https://school.example",
      projectRef: "abcdefghijklmnopqrst",
      telegram: { token: null, username: "school_bot", webhookSecret: null, apiRoot: "http://127.0.0.1:8081" },
      staleMinutes: 30,
      local: false,
    });
  });

  it("prefers the publishable key, an explicit ref, and falls back on the defaults", () => {
    const settings = healthSettings({ NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY: "pub", NEXT_PUBLIC_SUPABASE_ANON_KEY: "anon", SUPABASE_PROJECT_REF: "own", DOCTOR_STALE_MINUTES: "soon" }, true);
    expect(settings).toMatchObject({ publishableKey: "pub", projectRef: "own", siteUrl: "http://localhost:3000", staleMinutes: DEFAULT_STALE_MINUTES, local: true });
    expect(settings.telegram.apiRoot).toBe("https://api.telegram.org");
  });
});
