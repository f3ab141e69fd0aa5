import { describe, expect, it } from "vitest";
import { parseConfig, sizeInBytes } from "./config";

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
