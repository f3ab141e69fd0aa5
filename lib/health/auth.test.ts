import { describe, expect, it } from "vitest";
import { acceptedCodeLengths, authUrlsVerdict, confirmUrlOf, otpVerdict } from "./auth";

describe("otpVerdict", () => {
  it("takes every length the app's recovery form takes", () => {
    const lengths = acceptedCodeLengths();
    expect(lengths.length).toBeGreaterThan(0);
    for (const length of lengths) expect(otpVerdict("7".repeat(length))).toMatchObject({ status: "ok", detail: `${length} цифр, приложение принимает такой код` });
  });

  it.each(["12345", "12345678901", "12ab56"])("names a code the app would refuse: %s", (code) => {
    const result = otpVerdict(code);
    expect(result.status).toBe("fail");
    expect(result.detail).toMatch(new RegExp(`^Supabase присылает код из ${code.length} (цифр|символов), а приложение принимает .+: поставьте Email OTP Length = \\d+`));
  });
});

describe("authUrlsVerdict", () => {
  const app = "https://school.example";
  const confirm = confirmUrlOf(app);
  const refused = (site: string) => `${site}#error=access_denied&error_code=otp_expired&sb=`;

  it("builds the confirm address as the app's e-mails do", () => {
    expect(confirm).toBe("https://school.example/auth/confirm?next=%2Fauth%2Freset-password");
  });

  it("passes when the Site URL is the app and the confirm address is allowed", () => {
    expect(authUrlsVerdict(app, refused(`${app}/`), refused(confirm))).toMatchObject({
      status: "ok",
      detail: "Site URL — https://school.example, https://school.example/auth/confirm есть в Redirect URLs",
    });
  });

  it("names the Site URL Supabase has, and the app's", () => {
    const result = authUrlsVerdict(app, refused("http://localhost:3000"), refused(confirm));
    expect(result.status).toBe("fail");
    expect(result.detail).toBe(
      "Site URL в Supabase — http://localhost:3000, а приложение — https://school.example (NEXT_PUBLIC_SITE_URL): ссылки в письмах поведут не туда. Поставьте Site URL = https://school.example (Authentication → URL Configuration)",
    );
  });

  it("names the refused redirect and what Supabase put instead", () => {
    const result = authUrlsVerdict(app, refused(app), refused(app));
    expect(result.detail).toBe(
      `адреса ${confirm} нет в Redirect URLs: Supabase подставляет вместо него https://school.example. Добавьте https://school.example/** (Authentication → URL Configuration)`,
    );
  });

  it("names both together", () => {
    const { detail } = authUrlsVerdict(app, refused("http://localhost:3000"), refused("http://localhost:3000"));
    expect(detail).toContain("Site URL в Supabase — http://localhost:3000,");
    expect(detail).toContain("; адреса https://school.example/auth/confirm");
  });
});
