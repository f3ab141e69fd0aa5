import { createSign, generateKeyPairSync } from "node:crypto";
import type { JWK } from "@supabase/supabase-js";
import { stringToBase64URL } from "@supabase/ssr";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { freshSession, verifiedClaims } from "./fresh-session";

/** The proxy's fast path decides only what it can check itself; everything else goes the full way (null). */

const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
const known = { ...(publicKey.export({ format: "jwk" }) as JWK), kid: "known", alg: "ES256" };
vi.mock("./signing-keys", () => ({ signingKeys: async () => [known] }));

beforeAll(() => {
  vi.stubEnv("NEXT_PUBLIC_SUPABASE_URL", "http://127.0.0.1:54321");
  vi.stubEnv("NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY", "sb_publishable_test");
});
afterAll(() => vi.unstubAllEnvs());

const now = () => Math.floor(Date.now() / 1000);
const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");

function token(claims: object, kid = "known") {
  const unsigned = `${part({ alg: "ES256", kid, typ: "JWT" })}.${part(claims)}`;
  const signature = createSign("SHA256").update(unsigned).sign({ key: privateKey, dsaEncoding: "ieee-p1363" }).toString("base64url");
  return `${unsigned}.${signature}`;
}

const claims = (seconds: number, extra: object = { user_role: "student" }) => ({ sub: "6b0b2c1e-0000-4000-8000-000000000001", email: "student@example.com", exp: now() + seconds, ...extra });
const cookiesOf = (accessToken: string, expiresIn: number) => [
  { name: "sb-127-auth-token", value: `base64-${stringToBase64URL(JSON.stringify({ access_token: accessToken, expires_at: now() + expiresIn, refresh_token: "r" }))}` },
];

describe("verifiedClaims", () => {
  it("gives the claims of a token signed by a known key", async () => {
    expect(await verifiedClaims(token(claims(3600)))).toMatchObject({ sub: claims(0).sub });
  });

  it("is null for an expired, forged, unknown-key or malformed token", async () => {
    expect(await verifiedClaims(token(claims(-1)))).toBeNull();
    expect(await verifiedClaims(token(claims(3600), "rotated"))).toBeNull();
    const [header, , signature] = token(claims(3600)).split(".");
    expect(await verifiedClaims(`${header}.${part(claims(3600, { user_role: "admin" }))}.${signature}`)).toBeNull();
    expect(await verifiedClaims("header.payload.signature")).toBeNull();
  });
});

describe("freshSession", () => {
  it("is the cookie's user when no refresh is due", async () => {
    expect(await freshSession(cookiesOf(token(claims(3600)), 3600))).toEqual({
      kind: "user",
      user: { id: claims(0).sub, email: "student@example.com", role: "student" },
      accessToken: expect.any(String),
    });
  });

  it("leaves a refresh, a token without its role claim, or no cookie to the Auth client", async () => {
    expect(await freshSession(cookiesOf(token(claims(60)), 60))).toBeNull();
    expect(await freshSession(cookiesOf(token(claims(3600, {})), 3600))).toBeNull();
    expect(await freshSession([])).toBeNull();
    expect(await freshSession([{ name: "sb-127-auth-token", value: "base64-not-json" }])).toBeNull();
  });
});
