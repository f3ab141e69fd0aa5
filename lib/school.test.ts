import { describe, expect, it } from "vitest";
import { privacyDetails, schoolContacts } from "./school";

describe("schoolContacts", () => {
  it("offers nothing when the owner configured nothing", () => {
    expect(schoolContacts({})).toEqual([]);
    expect(schoolContacts({ NEXT_PUBLIC_SCHOOL_CONTACT_EMAIL: "  ", NEXT_PUBLIC_SCHOOL_CONTACT_TELEGRAM: "" })).toEqual([]);
  });

  it("links an e-mail with mailto and Telegram with t.me, e-mail first", () => {
    expect(schoolContacts({ NEXT_PUBLIC_SCHOOL_CONTACT_EMAIL: "school@example.ru", NEXT_PUBLIC_SCHOOL_CONTACT_TELEGRAM: "@school_help" })).toEqual([
      { label: "school@example.ru", href: "mailto:school@example.ru" },
      { label: "@school_help", href: "https://t.me/school_help" },
    ]);
  });

  it.each(["school_help", "@school_help", "https://t.me/school_help", "https://telegram.me/school_help/"])(
    "reads the Telegram name from %s",
    (telegram) => {
      expect(schoolContacts({ NEXT_PUBLIC_SCHOOL_CONTACT_TELEGRAM: telegram })).toEqual([{ label: "@school_help", href: "https://t.me/school_help" }]);
    },
  );

  it.each([
    ["NEXT_PUBLIC_SCHOOL_CONTACT_EMAIL", "not an e-mail"],
    ["NEXT_PUBLIC_SCHOOL_CONTACT_EMAIL", "a@b"],
    ["NEXT_PUBLIC_SCHOOL_CONTACT_TELEGRAM", "https://evil.example/school"],
    ["NEXT_PUBLIC_SCHOOL_CONTACT_TELEGRAM", "javascript:alert(1)"],
    ["NEXT_PUBLIC_SCHOOL_CONTACT_TELEGRAM", "@ab"],
  ])("leaves out a malformed %s: %s", (name, value) => {
    expect(schoolContacts({ [name]: value })).toEqual([]);
  });
});

describe("privacyDetails", () => {
  it("has no bracketed placeholder without configuration", () => {
    const details = privacyDetails({});
    expect(details.operator).toBeNull();
    expect(details.email).toBeNull();
    for (const text of [details.retention, details.hosting, details.processors]) {
      expect(text).not.toMatch(/[[\]]/);
      expect(text.length).toBeGreaterThan(0);
    }
  });

  it("names the operator with the details the owner set, and only those", () => {
    expect(
      privacyDetails({
        SCHOOL_OPERATOR_NAME: "ИП Иванов Иван Иванович",
        SCHOOL_OPERATOR_INN: "770123456789",
        SCHOOL_OPERATOR_OGRN: "304770000000000",
        SCHOOL_OPERATOR_ADDRESS: "Москва, ул. Тверская, 1",
      }).operator,
    ).toBe("ИП Иванов Иван Иванович, ИНН 770123456789, ОГРН/ОГРНИП 304770000000000, адрес: Москва, ул. Тверская, 1");
    expect(privacyDetails({ SCHOOL_OPERATOR_NAME: "ООО «Школа»" }).operator).toBe("ООО «Школа»");
  });

  it("writes to the privacy e-mail, else to the school's, and keeps the owner's wording", () => {
    expect(privacyDetails({ NEXT_PUBLIC_SCHOOL_CONTACT_EMAIL: "school@example.ru" }).email).toBe("school@example.ru");
    expect(privacyDetails({ NEXT_PUBLIC_SCHOOL_CONTACT_EMAIL: "school@example.ru", SCHOOL_PRIVACY_EMAIL: "pd@example.ru" }).email).toBe("pd@example.ru");
    const details = privacyDetails({ SCHOOL_DATA_RETENTION: "3 лет", SCHOOL_DATA_HOSTING: "ООО «Хостер» (Россия)", SCHOOL_DATA_PROCESSORS: "сервиса Unisender Go" });
    expect([details.retention, details.hosting, details.processors]).toEqual(["3 лет", "ООО «Хостер» (Россия)", "сервиса Unisender Go"]);
  });
});
