import { describe, expect, it } from "vitest";
import { keyKind } from "./keys";

const jwt = (payload: object) => `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify(payload)).toString("base64url")}.signature`;

describe("keyKind", () => {
  it.each([
    ["sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH", "publishable"],
    ["sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz", "secret"],
    [jwt({ iss: "supabase", role: "anon" }), "publishable"],
    [jwt({ iss: "supabase", role: "service_role" }), "secret"],
    [jwt({ role: "authenticated" }), "unknown"],
    ["eyJ.not-json.x", "unknown"],
    ["some-random-text", "unknown"],
    ["", "unknown"],
  ])("%s is %s", (key, kind) => {
    expect(keyKind(key)).toBe(kind);
  });
});
