import { PGlite } from "@electric-sql/pglite";
import { pgcrypto } from "@electric-sql/pglite/contrib/pgcrypto";
import { describe, expect, it } from "vitest";
import { hashPassword, passwordMatches } from "./passwords";

describe("passwords on worker threads", () => {
  it("hashes with bcrypt cost 10 and checks, many at once", async () => {
    const passwords = Array.from({ length: 8 }, (_, index) => `пароль-${index}`);
    const hashes = await Promise.all(passwords.map(hashPassword));
    expect(hashes.every((hash) => /^\$2[aby]\$10\$/.test(hash))).toBe(true);
    const checks = await Promise.all(passwords.map((password, index) => passwordMatches(password, hashes[index])));
    expect(checks).toEqual(passwords.map(() => true));
    expect(await passwordMatches("не тот", hashes[0])).toBe(false);
  });

  it("accepts the $2a$ hashes pgcrypto writes (seed.sql) and refuses missing or malformed ones", async () => {
    const db = await PGlite.create({ extensions: { pgcrypto } });
    await db.exec("create extension pgcrypto");
    const { rows } = await db.query<{ hash: string }>(`select crypt('student12345', gen_salt('bf', 6)) as hash`);
    await db.close();
    expect(rows[0].hash).toMatch(/^\$2a\$06\$/);
    expect(await passwordMatches("student12345", rows[0].hash)).toBe(true);
    expect(await passwordMatches("student12346", rows[0].hash)).toBe(false);
    expect(await passwordMatches("password", null)).toBe(false);
    expect(await passwordMatches("password", "")).toBe(false);
    expect(await passwordMatches("password", "not-a-hash")).toBe(false);
    expect(await passwordMatches("password", `$2a$10$${"!".repeat(53)}`)).toBe(false);
  });
});
