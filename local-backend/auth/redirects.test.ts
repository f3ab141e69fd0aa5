import { describe, expect, it } from "vitest";
import { loadConfig, type BackendConfig } from "../config";
import { globToRegExp, isValidGlob } from "./glob";
import { isRedirectAllowed, redirectTarget } from "./redirects";

const base = loadConfig({ NODE_ENV: "test" });
const configWith = (siteUrl: string, additionalRedirectUrls: string[] = []): BackendConfig => ({ ...base, siteUrl, additionalRedirectUrls });

// supabase/auth internal/utilities/request_test.go, TestIsRedirectURLValidSameOrigin: each case its own site URL, no allow list.
describe("the site itself (TestIsRedirectURLValidSameOrigin)", () => {
  it.each([
    ["exact match", "https://example.com", "https://example.com/path", true],
    ["scheme downgrade https→http rejected", "https://example.com", "http://example.com/path", false],
    ["scheme upgrade http→https rejected", "http://example.com", "https://example.com/path", false],
    ["different port rejected", "https://example.com", "https://example.com:8443/path", false],
    ["explicit port matches SiteURL explicit port", "https://example.com:9000", "https://example.com:9000/path", true],
    ["no port vs explicit port rejected", "https://example.com:9000", "https://example.com/path", false],
    ["different explicit ports rejected", "https://example.com:9000", "https://example.com:9001/path", false],
    ["localhost with different port allowed (RFC 8252 Section 7.3)", "http://localhost:3000", "http://localhost:8080/callback", true],
    ["127.0.0.1 with different port allowed (RFC 8252 Section 7.3)", "http://127.0.0.1:3000", "http://127.0.0.1:8080/callback", true],
    ["localhost without port in redirect allowed (RFC 8252 Section 7.3)", "http://localhost:3000", "http://localhost/callback", true],
    ["localhost scheme downgrade still rejected despite RFC 8252", "https://localhost:3000", "http://localhost:8080/callback", false],
    ["non-localhost variable port still rejected", "https://example.com:9000", "https://example.com:9001/path", false],
  ])("%s", (_, siteUrl, redirectUrl, allowed) => {
    expect(isRedirectAllowed(configWith(siteUrl), redirectUrl)).toBe(allowed);
  });
});

// request_test.go, TestGetReferrer: the redirect Supabase Auth ends up using, with their site URL and allow list.
describe("the redirect used (TestGetReferrer)", () => {
  const config = configWith("https://example.com", [
    "http://localhost:8000/*",
    "http://*.localhost:8000/*",
    "http://*:12345/*",
    "http://**:12345/*",
  ]);
  const site = config.siteUrl;
  it.each([
    ["valid redirect url", "http://localhost:8000/path", "http://localhost:8000/path"],
    ["invalid redirect url", "http://localhost:3000", site],
    ["no / separator", "http://localhost:8000", site],
    ["* respects separator", "http://localhost:8000/path/to/page", site],
    ["* respects parameters", "http://localhost:8000/path?param=1", "http://localhost:8000/path?param=1"],
    ["invalid redirect url due to decimal IP address", "http://123?.localhost:8000/path", site],
    ["invalid redirect url due to IPv4 address", "http://123.123.123.123?localhost:8000/path", site],
    ["invalid redirect url due to IPv6 address", "http://[65e7:9410:d8b6:e227:58cd:e55b:8fc0:206d]?localhost:8000/path", site],
    ["invalid redirect url due to bad URL", "http://65e7:9410:d8b6:e227:58cd:e55b:8fc0:206d?localhost:8000/path", site],
    ["valid loopback IPv4 address", "http://127.0.0.1:12345/path", "http://127.0.0.1:12345/path"],
    ["valid loopback IPv6 address", "http://[0:0:0:0:0:0:0:1]:12345/path", "http://[0:0:0:0:0:0:0:1]:12345/path"],
    ["same origin allowed", "https://example.com/dashboard", "https://example.com/dashboard"],
    ["same hostname but http scheme rejected (scheme downgrade)", "http://example.com/dashboard", site],
    ["same hostname and scheme but explicit non-default port rejected", "https://example.com:8443/dashboard", site],
  ])("%s", (_, redirectUrl, expected) => {
    expect(redirectTarget(config, redirectUrl)).toBe(expected);
  });

  it("falls back to an allowed Referer, then to the site URL (GetReferrer)", () => {
    expect(redirectTarget(config, "https://evil.example/", "http://localhost:8000/from")).toBe("http://localhost:8000/from");
    expect(redirectTarget(config, null, "https://evil.example/")).toBe(site);
    expect(redirectTarget(config, "")).toBe(site);
  });
});

describe("what Supabase Auth's rules make of other addresses", () => {
  const config = configWith("https://example.com", ["https://*.preview.example/**", "myapp://*"]);
  it.each([
    // Loopback IPs pass with any scheme and port: IsRedirectURLValid returns ip.IsLoopback() before any scheme check.
    ["http://127.0.0.2/x", true],
    ["http://[::1]:9999/x", true],
    ["http://[::ffff:127.0.0.1]/x", true],
    ["javascript://127.0.0.1/%0aalert(1)", true],
    ["javascript://localhost/%0aalert(1)", false],
    ["http://10.0.0.1/", false],
    // Hosts as Go's url.Parse and net.ParseIP read them, not as a browser would normalize them.
    ["https://2130706433/", false],
    ["http://127.1/", false],
    ["http://127.0.0.01/", false],
    ["http://0x7f.0.0.1/", false],
    ["http://localhost:80:80/", false],
    ["http://[fe80::1%25en0]/", false],
    ["https://example.com:443/", false],
    ["https://EXAMPLE.com/", false],
    ["HTTPS://example.com/", true],
    ["https://example.com/#/anything", true],
    // Credentials before the host: the host decides, so the site with credentials passes.
    ["https://user:pass@example.com/", true],
    ["https://example.com@evil.example/", false],
    ["https://example.com\\@evil.example/", false],
    ["https://example.com.evil.example/", false],
    ["https://evil.example/https://example.com/", false],
    ["https://example.com/\tx", false],
    ["https://example.com/%zz", false],
    ["https://ex ample.com/", false],
    // The allow list: globs see the URL as written, without its fragment.
    ["https://pr-1.preview.example/auth/confirm?next=/x", true],
    ["https://a.b.preview.example/", false],
    ["https://pr-1.preview.example/x#frag/ment", true],
    ["myapp://callback", true],
    ["myapp://callback/more", false],
    ["", false],
    ["not a url", false],
  ])("%s → %s", (target, allowed) => {
    expect(isRedirectAllowed(config, target)).toBe(allowed);
  });

  it("keeps the app's own email links working with config.toml's site URL and allow list", () => {
    const app = configWith("http://localhost:3000", ["http://localhost:3000/**", "http://127.0.0.1:3000/**"]);
    for (const link of ["http://localhost:3000/auth/confirm?next=%2Fauth%2Freset-password", "http://127.0.0.1:3000/auth/code"]) {
      expect(redirectTarget(app, link)).toBe(link);
    }
    expect(redirectTarget(app, "https://evil.example/auth/confirm")).toBe("http://localhost:3000");
  });
});

describe("allow-list globs (gobwas/glob with . and / as separators)", () => {
  it.each([
    ["https://*.example/**", "https://a.example/x/y", true],
    ["https://*.example/**", "https://a.b.example/x", false],
    ["http://localhost:3000/*", "http://localhost:3000/a/b", false],
    ["http://localhost:3000/**", "http://localhost:3000/a/b?c=d.e", true],
    ["http://x/?", "http://x/a", true],
    ["http://x/?", "http://x/.", false],
    ["http://x/{a,b}", "http://x/b", true],
    ["http://x/{a,b*}c", "http://x/bzzc", true],
    ["http://x/{a,b*}c", "http://x/b/c", false],
    ["http://x/{a,b", "http://x/b", true],
    ["http://x/[abc]", "http://x/c", true],
    ["http://x/[!abc]", "http://x/d", true],
    ["http://x/[!abc]", "http://x/a", false],
    ["http://x/[!abc]", "http://x//", true],
    ["http://x/[a-c]", "http://x/b", true],
    ["http://x/[a-c]", "http://x/d", false],
    ["http://x/\\*", "http://x/*", true],
    ["http://x/\\*", "http://x/a", false],
    ["http://x/a,b}", "http://x/a,b}", true],
    ["http://x/(a|b)+", "http://x/(a|b)+", true],
    ["http://x/(a|b)+", "http://x/a", false],
  ])("%s on %s → %s", (glob, url, matches) => {
    expect(globToRegExp(glob).test(url)).toBe(matches);
  });

  it("refuses what gobwas refuses (Supabase Auth then does not start)", () => {
    for (const glob of ["http://x/[abc", "http://x/[]", "http://x/[!]", "http://x/[c-a]", "http://x/[a-"]) {
      expect(isValidGlob(glob)).toBe(false);
    }
    expect(isValidGlob("http://localhost:3000/**")).toBe(true);
  });
});
