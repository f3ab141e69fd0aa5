import { describe, expect, it } from "vitest";
import { groundsLabel, keptAfterRemoval, membershipLabel, removableByAdmin, type Ground, type Membership } from "./memberships";

const NOW = new Date("2027-01-10T12:00:00Z");
const order = (ref: string, ends_at: string | null = null): Membership => ({ source: "order", ref, ends_at });
const manual: Membership = { source: "manual", ref: null, ends_at: null };

describe("membershipLabel", () => {
  it("names the source, and the end when there is one", () => {
    expect(membershipLabel(manual, NOW)).toBe("вручную");
    expect(membershipLabel(order("1042"), NOW)).toBe("оплачено: заказ №1042");
    expect(membershipLabel({ source: "promo", ref: "ВЕСНА", ends_at: null }, NOW)).toBe("промокод «ВЕСНА»");
    expect(membershipLabel(order("1042", "2027-03-01T07:00:00Z"), NOW)).toBe("оплачено: заказ №1042 · до 01.03 в 10:00 МСК");
    expect(membershipLabel(order("1042", "2027-01-01T07:00:00Z"), NOW)).toBe("оплачено: заказ №1042 · истекло 01.01 в 10:00 МСК");
  });
});

describe("what an admin may remove", () => {
  it("only what an admin added; what an order gave stays and is named", () => {
    expect(removableByAdmin([order("1")])).toBe(false);
    expect(removableByAdmin([manual, order("1")])).toBe(true);
    expect(keptAfterRemoval([manual, order("7")], NOW)).toEqual(["оплачено: заказ №7"]);
    expect(keptAfterRemoval([manual], NOW)).toEqual([]);
  });
});

describe("groundsLabel", () => {
  const ground = (group: string, membership: Membership): Ground => ({ group, ...membership });
  it("names the groups, and the order or promo code that put the student there", () => {
    expect(groundsLabel(["Поток"], [ground("Поток", manual)])).toBe("группа «Поток»");
    expect(groundsLabel(["А", "Б"], [ground("А", manual), ground("Б", manual)])).toBe("группы «А», «Б»");
    expect(groundsLabel(["Курс"], [ground("Курс", order("1042"))])).toBe("оплачено: заказ №1042 (группа «Курс»)");
    expect(groundsLabel(["Курс", "Поток"], [ground("Курс", manual), ground("Курс", order("1042")), ground("Поток", manual)])).toBe(
      "оплачено: заказ №1042 (группа «Курс»); группа «Поток»",
    );
    expect(groundsLabel(["Курс"], [])).toBe("группа «Курс»");
  });
});
