import { describe, expect, it } from "vitest";
import { loadConfig, parseConfig, sizeInBytes } from "./config";

const withAuth = (auth: string) => parseConfig(`[auth]\nsite_url = "http://localhost:3000"\n${auth}`, { NODE_ENV: "test" });

describe("config.toml's [auth.hook] tables", () => {
  it("reads the Before User Created Hook's Postgres function, as Supabase Auth names it", () => {
    const config = withAuth(`[auth.hook.before_user_created]\nenabled = true\nuri = "pg-functions://postgres/public/hook_before_user_created"`);
    expect(config.beforeUserCreatedHook).toEqual({
      schema: "public",
      name: "hook_before_user_created",
      uri: "pg-functions://postgres/public/hook_before_user_created",
    });
    expect(config.customAccessTokenHook).toBeNull();
  });

  it("ignores a disabled hook and refuses an enabled one without a pg-functions URI", () => {
    expect(withAuth(`[auth.hook.before_user_created]\nenabled = false`).beforeUserCreatedHook).toBeNull();
    expect(() => withAuth(`[auth.hook.before_user_created]\nenabled = true`)).toThrow(/pg-functions/);
    expect(() => withAuth(`[auth.hook.before_user_created]\nenabled = true\nuri = "https://hooks.example/x"`)).toThrow(/pg-functions/);
  });

  it("reads the Password Verification Attempt hook, which the project's config.toml turns on", () => {
    const uri = "pg-functions://postgres/public/password_verification_attempt_hook";
    const config = withAuth(`[auth.hook.password_verification_attempt]\nenabled = true\nuri = "${uri}"`);
    expect(config.passwordVerificationAttemptHook).toEqual({ schema: "public", name: "password_verification_attempt_hook", uri });
    expect(withAuth("").passwordVerificationAttemptHook).toBeNull();
    expect(loadConfig({}).passwordVerificationAttemptHook).toEqual({ schema: "public", name: "password_verification_attempt_hook", uri });
  });

  it("refuses an allow-list glob Supabase Auth could not compile", () => {
    expect(() => withAuth(`additional_redirect_urls = ["http://localhost:3000/[x"]`)).toThrow(/glob/);
    expect(withAuth(`additional_redirect_urls = ["http://localhost:3000/**"]`).additionalRedirectUrls).toEqual(["http://localhost:3000/**"]);
  });
});

describe("config.toml's [storage] table", () => {
  it("reads file_size_limit as the Supabase CLI does (go-units: binary units, any spelling), 50 MiB by default", () => {
    expect(withAuth("").storageFileSizeLimit).toBe(50 * 1024 * 1024);
    const config = parseConfig(`[storage]\nenabled = true\nfile_size_limit = "5MiB"`, { NODE_ENV: "test" });
    expect(config.storageFileSizeLimit).toBe(5 * 1024 * 1024);
    expect([sizeInBytes("50MiB"), sizeInBytes("50MB"), sizeInBytes("50m"), sizeInBytes("1.5 KiB"), sizeInBytes("512")]).toEqual([
      52_428_800, 52_428_800, 52_428_800, 1536, 512,
    ]);
    expect(sizeInBytes("fifty")).toBeNull();
    expect(() => parseConfig(`[storage]\nfile_size_limit = "lots"`, { NODE_ENV: "test" })).toThrow(/size/);
    expect(() => parseConfig(`[storage]\nfile_size_limit = 52428800`, { NODE_ENV: "test" })).toThrow();
  });
});

describe("config.toml's [auth.email] switches", () => {
  it("reads the CLI's enable_confirmations (inverted, as GOTRUE_MAILER_AUTOCONFIRM) and double_confirm_changes", () => {
    expect(withAuth("")).toMatchObject({ mailerAutoconfirm: true, secureEmailChange: true });
    const config = withAuth(`[auth.email]\nenable_confirmations = true\ndouble_confirm_changes = false`);
    expect(config).toMatchObject({ mailerAutoconfirm: false, secureEmailChange: false });
  });

  it("reads the project's own template for an email change", () => {
    const config = parseConfig(
      `[auth.email.template.email_change]\nsubject = "Смена"\ncontent_path = "./supabase/templates/email_change.html"`,
      { NODE_ENV: "test" },
    );
    expect(config.emailTemplates.email_change?.subject).toBe("Смена");
    expect(config.emailTemplates.email_change?.content).toContain("{{ .NewEmail }}");
  });
});

describe("env(NAME) values, as the Supabase CLI reads them", () => {
  const urls = `[auth]\nsite_url = "env(SUPABASE_AUTH_SITE_URL)"\nadditional_redirect_urls = ["env(SUPABASE_AUTH_REDIRECT_URL)", "https://other.example/**"]`;

  it("takes the variable when it is set", () => {
    const config = parseConfig(urls, { SUPABASE_AUTH_SITE_URL: "https://school.example", SUPABASE_AUTH_REDIRECT_URL: "https://school.example/**" });
    expect([config.siteUrl, config.additionalRedirectUrls]).toEqual(["https://school.example", ["https://school.example/**", "https://other.example/**"]]);
  });

  it("falls back to the local app's addresses when the site or redirect variable is unset or empty", () => {
    const config = parseConfig(urls, { SUPABASE_AUTH_SITE_URL: "" });
    expect([config.siteUrl, config.additionalRedirectUrls]).toEqual([
      "http://localhost:3000",
      ["http://localhost:3000/**", "http://127.0.0.1:3000/**", "https://other.example/**"],
    ]);
  });

  it("leaves any other unset env() as written, as the CLI does, so a bad value fails loudly", () => {
    expect(() => parseConfig(`[storage]\nfile_size_limit = "env(NO_SUCH_SIZE)"`, {})).toThrow(/size/);
    expect(parseConfig(`[storage]\nfile_size_limit = "env(SIZE)"`, { SIZE: "1MiB" }).storageFileSizeLimit).toBe(1 << 20);
  });

  it("reads the project's own config.toml the same way: localhost unless the variables say otherwise", () => {
    expect(loadConfig({}).siteUrl).toBe("http://localhost:3000");
    expect(loadConfig({ SUPABASE_AUTH_SITE_URL: "https://school.example" }).siteUrl).toBe("https://school.example");
    expect(loadConfig({}).additionalRedirectUrls).toEqual(["http://localhost:3000/**", "http://127.0.0.1:3000/**"]);
  });
});

describe("what hosted Supabase turns off by default", () => {
  it("honours Sb-Forwarded-For and a rate-limit header only when the environment asks", () => {
    expect(withAuth("")).toMatchObject({ sbForwardedForEnabled: false, rateLimitHeader: null });
    const on = parseConfig("", { LOCAL_BACKEND_SB_FORWARDED_FOR: "true", LOCAL_BACKEND_RATE_LIMIT_HEADER: "X-Real-Ip" });
    expect(on).toMatchObject({ sbForwardedForEnabled: true, rateLimitHeader: "X-Real-Ip" });
  });

  it("refuses anonymous sign-ins, which the local backend does not implement", () => {
    expect(() => withAuth("enable_anonymous_sign_ins = true")).toThrow(/anonymous/);
    expect(() => withAuth("enable_anonymous_sign_ins = false")).not.toThrow();
  });

  it("reads otp_length within Supabase Auth's 6 to 10 digits", () => {
    expect(withAuth(`[auth.email]\notp_length = 8`).otpLength).toBe(8);
    expect(() => withAuth(`[auth.email]\notp_length = 5`)).toThrow();
    expect(() => withAuth(`[auth.email]\notp_length = 11`)).toThrow();
  });
});
