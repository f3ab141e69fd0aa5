import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, pagePolicy, paymentPageOrigin, securityHeaders, STATIC_PAGES, SUBMIT_GUARD_HASH } from "./headers";

const options = { supabaseUrl: "https://abc.supabase.co", siteUrl: "https://school.example", development: false };
const directive = (policy: string, name: string) => policy.split("; ").find((entry) => entry.startsWith(`${name} `))?.split(" ").slice(1);

describe("pagePolicy", () => {
  it("gives a page rendered per request a fresh nonce and no inline allowance for scripts", () => {
    const first = pagePolicy("/dashboard", options);
    const second = pagePolicy("/dashboard", options);
    expect(first.nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(second.nonce).not.toBe(first.nonce);
    expect(directive(first.policy, "script-src")).toEqual(["'self'", `'nonce-${first.nonce}'`, SUBMIT_GUARD_HASH, "'strict-dynamic'"]);
    expect(first.policy).toContain("frame-ancestors 'none'");
    expect(first.policy).toContain("upgrade-insecure-requests");
  });

  it("keeps the inline allowance for the static pages only, which cannot carry a nonce", () => {
    for (const path of STATIC_PAGES) {
      expect(pagePolicy(path, options)).toEqual({ policy: contentSecurityPolicy(options), nonce: null });
    }
    expect(directive(contentSecurityPolicy(options), "script-src")).toEqual(["'self'", "'unsafe-inline'"]);
    for (const path of ["/privacy/", "/admin", "/auth/code", "/no/such/page", "//"]) expect(pagePolicy(path, options).nonce).not.toBeNull();
  });

  it("adds eval for next dev, and names the Supabase project where scripts may connect", () => {
    const { policy, nonce } = pagePolicy("/settings", { ...options, development: true });
    expect(directive(policy, "script-src")).toEqual(["'self'", `'nonce-${nonce}'`, SUBMIT_GUARD_HASH, "'strict-dynamic'", "'unsafe-eval'"]);
    expect(directive(policy, "connect-src")).toEqual(["'self'", "https://abc.supabase.co", "wss://abc.supabase.co", "ws:"]);
  });
});

describe("securityHeaders", () => {
  it("sends HSTS only on https", () => {
    expect(securityHeaders(options)["Strict-Transport-Security"]).toBe("max-age=63072000; includeSubDomains");
    expect(securityHeaders({ ...options, siteUrl: "http://localhost:3000" })).not.toHaveProperty("Strict-Transport-Security");
  });
});

describe("the payment page in form-action", () => {
  it("lets a checkout posted before its script be redirected to ЮKassa's page, and nowhere else", () => {
    expect(paymentPageOrigin({})).toBeNull();
    expect(paymentPageOrigin({ YOOKASSA_SHOP_ID: "123" })).toBe("https://yoomoney.ru");
    expect(paymentPageOrigin({ YOOKASSA_SHOP_ID: "demo-shop", YOOKASSA_API_URL: "http://127.0.0.1:54328/v3" })).toBe("http://127.0.0.1:54328");
    const base = { supabaseUrl: "https://project.supabase.co", siteUrl: "https://school.example", development: false };
    expect(directive(contentSecurityPolicy(base, "n"), "form-action")).toEqual(["'self'"]);
    expect(directive(contentSecurityPolicy({ ...base, paymentPageOrigin: "https://yoomoney.ru" }, "n"), "form-action")).toEqual(["'self'", "https://yoomoney.ru"]);
  });
});
