import { describe, expect, it } from "vitest";
import { firstIssue } from "./auth";
import { grantSchema, MAX_EMAILS, MAX_EMAILS_TEXT, memberEmailsSchema, unknownEmailsMessage } from "./groups";

const groupId = "e0000000-0000-4000-8000-000000000001";

function emailsMessage(emails: string) {
  const result = memberEmailsSchema.safeParse({ groupId, emails });
  return result.success ? null : firstIssue(result.error);
}

const addresses = (count: number, domain = "example.com") => Array.from({ length: count }, (_, index) => `s${index + 1}@${domain}`);

describe("memberEmailsSchema", () => {
  it("reads one address per line, or separated by commas, semicolons or spaces, once each", () => {
    const result = memberEmailsSchema.parse({ groupId, emails: "Anna@Example.com\n ivan@example.com; anna@example.com,petr@example.com  olga@example.com" });
    expect(result.emails).toEqual(["anna@example.com", "ivan@example.com", "petr@example.com", "olga@example.com"]);
  });

  it("asks for at least one address", () => {
    expect(emailsMessage(" \n ,; ")).toBe("Вставьте хотя бы один e-mail");
  });

  it("names a few malformed addresses and counts the rest", () => {
    expect(emailsMessage("anna@example.com, not-an-email")).toBe("Это не e-mail: not-an-email");
    const bad = Array.from({ length: 42 }, (_, index) => `bad${index + 1}`);
    expect(emailsMessage(bad.join("\n"))).toBe("Это не e-mail: bad1, bad2, bad3, bad4, bad5 и ещё 37");
  });

  it("shortens a long malformed address it names", () => {
    const message = emailsMessage(`${"x".repeat(10_000)} y`)!;
    expect(message).toBe(`Это не e-mail: ${"x".repeat(59)}…, y`);
  });

  it("refuses an address longer than an account's", () => {
    const long = `${"a".repeat(256 - "@example.com".length)}@example.com`;
    expect(emailsMessage(long)).toMatch(/^Это не e-mail: a+…$/);
    expect(emailsMessage(long.slice(1))).toBeNull();
  });

  it(`takes up to ${MAX_EMAILS} addresses at once`, () => {
    expect(emailsMessage(addresses(MAX_EMAILS).join("\n"))).toBeNull();
    expect(emailsMessage(addresses(MAX_EMAILS + 1).join("\n"))).toBe(
      `Не больше ${MAX_EMAILS} адресов за раз, а вставлено ${MAX_EMAILS + 1}: разделите список на части`,
    );
  });

  it(`takes ${MAX_EMAILS} addresses of the longest kind`, () => {
    const longest = addresses(MAX_EMAILS).map((address) => `${address.split("@")[0].padEnd(64, "x")}@${"d".repeat(63)}.${"e".repeat(63)}.${"f".repeat(59)}.ru`);
    expect(longest[0].length).toBe(255);
    expect(emailsMessage(longest.join("\r\n"))).toBeNull();
  });

  it("refuses a paste too long to be split, without naming what is in it", () => {
    const paste = `${"x@y.z ".repeat(100_000)}`;
    expect(paste.length).toBeGreaterThan(MAX_EMAILS_TEXT);
    expect(emailsMessage(paste)).toBe(`Список слишком длинный: вставьте не больше ${MAX_EMAILS} адресов за раз`);
    expect(emailsMessage("a".repeat(600_000))).toBe(`Список слишком длинный: вставьте не больше ${MAX_EMAILS} адресов за раз`);
  });
});

describe("unknownEmailsMessage", () => {
  it("names a few unknown addresses and counts the rest", () => {
    expect(unknownEmailsMessage(["nobody@example.com"])).toBe("Не нашли студентов с адресами: nobody@example.com. Никто не добавлен.");
    expect(unknownEmailsMessage(addresses(42))).toBe(
      "Не нашли студентов с адресами: s1@example.com, s2@example.com, s3@example.com, s4@example.com, s5@example.com и ещё 37. Никто не добавлен.",
    );
  });

  it("stays short for the longest paste", () => {
    const longest = addresses(MAX_EMAILS).map((address) => address.padStart(255, "x"));
    expect(unknownEmailsMessage(longest).length).toBeLessThan(400);
  });
});

describe("grantSchema dates", () => {
  const grant = { groupId, kind: "tool", itemId: "d0000000-0000-4000-8000-000000000001", is_unlocked: true, is_visible: true, unlock_at: "", expires_at: "" };
  const parse = (dates: { unlock_at?: string; expires_at?: string }) => grantSchema.safeParse({ ...grant, ...dates });

  it("stores Moscow dates as instants, and empty as no date", () => {
    expect(parse({ unlock_at: "2028-02-29T10:00", expires_at: "" }).data).toMatchObject({ unlock_at: "2028-02-29T07:00:00.000Z", expires_at: null });
  });

  it.each([
    ["2027-02-30T10:00", "Такой даты нет в календаре: 30.02.2027"],
    ["2027-04-31T10:00", "Такой даты нет в календаре: 31.04.2027"],
    ["2027-01-12T24:00", "Такого времени нет: 24:00 (от 00:00 до 23:59)"],
    ["2027-01-12T10:60", "Такого времени нет: 10:60 (от 00:00 до 23:59)"],
    ["0000-01-12T10:00", "Укажите год от 2000 до 2100"],
    ["завтра", "Укажите дату и время"],
  ])("refuses %s with «%s», for either date", (value, message) => {
    for (const field of ["unlock_at", "expires_at"] as const) {
      const result = parse({ [field]: value });
      expect(result.success).toBe(false);
      expect(result.error?.issues).toEqual([expect.objectContaining({ path: [field], message })]);
    }
  });

  it("needs the access to close after it opens", () => {
    const result = parse({ unlock_at: "2027-01-12T10:00", expires_at: "2027-01-12T10:00" });
    expect(result.error?.issues[0]).toMatchObject({ path: ["expires_at"], message: "Доступ должен закрываться позже, чем открывается" });
  });
});
