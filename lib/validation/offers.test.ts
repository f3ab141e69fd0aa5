import { describe, expect, it } from "vitest";
import { firstIssue } from "./auth";
import { MESSAGES, offerSchema, slugFromTitle, type OfferForm } from "./offers";

const groupId = "e0000000-0000-4000-8000-000000000001";

const form = (values: Partial<OfferForm> = {}): OfferForm => ({
  title: "Курс для начинающих",
  slug: "kurs-dlya-nachinayushchih",
  description_md: "## Что внутри\n\n- уроки",
  price: "4900,50",
  group_id: groupId,
  access_days: "",
  is_published: false,
  ...values,
});

function message(values: Partial<OfferForm>) {
  const result = offerSchema.safeParse(form(values));
  return result.success ? null : firstIssue(result.error);
}

describe("offerSchema", () => {
  it("turns the price typed in rubles into kopecks and an empty access into «as long as the group»", () => {
    expect(offerSchema.parse(form())).toMatchObject({ price: 490050, access_days: null, is_published: false });
    expect(offerSchema.parse(form({ price: "4900", access_days: " 30 " }))).toMatchObject({ price: 490000, access_days: 30 });
    expect(offerSchema.parse(form({ price: "0" })).price).toBe(0);
    expect(offerSchema.parse(form({ price: "1000000" })).price).toBe(100_000_000);
  });

  it("refuses a price that is not one, or above 1 000 000 ₽", () => {
    for (const price of ["", "-5", "4900,505", "сто", "1e3"]) expect(message({ price }), price).toBe(MESSAGES.price);
    expect(message({ price: "1000000,01" })).toBe(MESSAGES.priceRange);
  });

  it("takes access days from 1 to 3650", () => {
    for (const days of ["1", "3650"]) expect(offerSchema.parse(form({ access_days: days })).access_days).toBe(Number(days));
    for (const days of ["0", "3651", "1,5", "-1", "30 дней", "00000"]) expect(message({ access_days: days }), days).toBe(MESSAGES.accessDays);
  });

  it("takes a slug of latin lowercase words, digits and hyphens between them", () => {
    expect(offerSchema.parse(form({ slug: " kurs-2027 " })).slug).toBe("kurs-2027");
    for (const slug of ["", "Kurs", "kurs--2", "-kurs", "kurs-", "курс", "kurs_2", "kurs 2"]) expect(message({ slug }), slug).toBe(MESSAGES.slug);
    expect(message({ slug: "a".repeat(81) })).toBe(MESSAGES.slugLength);
  });

  it("asks for a title, a group, and a description of at most 20 000 characters", () => {
    expect(message({ title: "   " })).toBe(MESSAGES.title);
    expect(message({ title: "я".repeat(201) })).toBe(MESSAGES.title);
    expect(message({ group_id: "" })).toBe(MESSAGES.group);
    expect(message({ description_md: "я".repeat(20_001) })).toBe(MESSAGES.description);
  });

  it("refuses values of the wrong type", () => {
    expect(offerSchema.safeParse({ ...form(), price: 4900 }).success).toBe(false);
    expect(offerSchema.safeParse({ ...form(), access_days: 30 }).success).toBe(false);
    expect(offerSchema.safeParse({ ...form(), is_published: "on" }).success).toBe(false);
  });
});

describe("slugFromTitle", () => {
  it.each([
    ["Курс для начинающих", "kurs-dlya-nachinayushchih"],
    ["No-code: сайт за 7 дней!", "no-code-sayt-za-7-dney"],
    ["  Щука и ёж  ", "shchuka-i-ezh"],
    ["Объявление", "obyavlenie"],
    ["!!!", ""],
  ])("«%s» → %s", (title, slug) => {
    expect(slugFromTitle(title)).toBe(slug);
  });

  it("is at most 80 characters and never ends on a hyphen", () => {
    const slug = slugFromTitle("ab ".repeat(60));
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });
});
