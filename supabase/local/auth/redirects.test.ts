import { describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { globToRegExp, isRedirectAllowed } from "./redirects";

const config = { ...loadConfig({ NODE_ENV: "test" }), siteUrl: "https://school.example", additionalRedirectUrls: ["https://*.preview.example/**", "https://school.example/auth/?"] };

describe("globToRegExp (GoTrue's gobwas/glob with . and / as separators)", () => {
  it("stops * and ? at separators, lets ** cross them", () => {
    expect(globToRegExp("https://*.example/**").test("https://a.example/x/y")).toBe(true);
    expect(globToRegExp("https://*.example/**").test("https://a.b.example/x")).toBe(false);
    expect(globToRegExp("http://localhost:3000/*").test("http://localhost:3000/a/b")).toBe(false);
    expect(globToRegExp("http://localhost:3000/{a,b}").test("http://localhost:3000/b")).toBe(true);
    expect(globToRegExp("http://x/[!a]").test("http://x/a")).toBe(false);
  });
});

describe("isRedirectAllowed", () => {
  it.each([
    ["https://school.example/auth/confirm?next=/x", true],
    ["https://pr-1.preview.example/auth/confirm", true],
    ["http://127.0.0.1:9999/anything", true],
    ["https://school.example@evil.example/", false],
    ["https://user:pass@school.example/", false],
    ["https://school.example.evil.example/", false],
    ["http://school.example/", false],
    ["https://evil.example/https://school.example/", false],
    ["https://school.example/\tx", false],
    ["https://school.example\\@evil.example/", false],
    ["https://2130706433/", false],
    ["https://10.0.0.1/", false],
    ["not a url", false],
  ])("%s → %s", (target, allowed) => {
    expect(isRedirectAllowed(config, target)).toBe(allowed);
  });
});
