import { beforeEach, describe, expect, it } from "vitest";
import { openSession, sealSession, tokenExpiry, type SealedSession } from "./session-seal";

/** The session the proxy verified, sealed for the page: bound to the session cookies and to this process. */

const newProcess = () => {
  delete (globalThis as { [key: symbol]: unknown })[Symbol.for("founder-school.verified-session")];
};
beforeEach(newProcess);

const token = (exp: number) => `header.${Buffer.from(JSON.stringify({ sub: "u", exp })).toString("base64url")}.signature`;
const inAnHour = Math.floor(Date.now() / 1000) + 3600;
const student: SealedSession = {
  kind: "user",
  user: { id: "6b0b2c1e-0000-4000-8000-000000000001", email: "student@example.com", role: "student" },
  accessToken: token(inAnHour),
};
const cookies = [
  { name: "sb-127-auth-token", value: "base64-session" },
  { name: "theme", value: "dark" },
];

describe("the sealed session", () => {
  it("reads back as sealed, for a user and for a visitor", () => {
    expect(openSession(sealSession(student, cookies), [...cookies].reverse())).toEqual(student);
    expect(openSession(sealSession({ kind: "anonymous" }, []), [])).toEqual({ kind: "anonymous" });
  });

  it("is nothing when missing, altered, sealed by another process or past its token's expiry", () => {
    const sealed = sealSession(student, cookies);
    const [, signature] = sealed.split(".");
    const promoted = Buffer.from(JSON.stringify({ ...student, user: { ...student.user, role: "admin" } })).toString("base64url");
    expect(openSession(null, cookies)).toBeNull();
    expect(openSession("garbage", cookies)).toBeNull();
    expect(openSession(`${promoted}.${signature}`, cookies)).toBeNull();
    expect(openSession(`${sealed}.extra`, cookies)).toBeNull();
    expect(openSession(sealSession({ ...student, accessToken: token(inAnHour - 7200) }, cookies), cookies)).toBeNull();
    expect(openSession(sealSession({ ...student, accessToken: "not a token" }, cookies), cookies)).toBeNull();
    newProcess();
    expect(openSession(sealed, cookies)).toBeNull();
  });

  it("is nothing once the session cookies changed, as after a sign-in or sign-out in a server action", () => {
    const sealed = sealSession(student, cookies);
    expect(openSession(sealed, [{ name: "sb-127-auth-token", value: "" }, cookies[1]])).toBeNull();
    expect(openSession(sealed, [cookies[1]])).toBeNull();
    // Other cookies are not the session's.
    expect(openSession(sealed, [cookies[0], { name: "theme", value: "light" }])).toEqual(student);
  });

  it("never seals an unreachable Auth as someone: only the two answers it can carry open", () => {
    const forged = sealSession({ kind: "unavailable" } as unknown as SealedSession, cookies);
    expect(openSession(forged, cookies)).toBeNull();
  });
});

describe("tokenExpiry", () => {
  it("reads a token's exp, or 0 for anything else", () => {
    expect(tokenExpiry(token(123))).toBe(123);
    expect(tokenExpiry("a.b.c")).toBe(0);
    expect(tokenExpiry("")).toBe(0);
  });
});
