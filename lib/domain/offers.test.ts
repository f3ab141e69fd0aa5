import { describe, expect, it } from "vitest";
import { accessDaysLabel, lessonsCountLabel } from "./offers";

describe("an offer in words", () => {
  it("says how long access lasts", () => {
    expect(accessDaysLabel(1)).toBe("Доступ на 1 день с оплаты");
    expect(accessDaysLabel(30)).toBe("Доступ на 30 дней с оплаты");
    expect(accessDaysLabel(92)).toBe("Доступ на 92 дня с оплаты");
    expect(accessDaysLabel(null)).toBe("Доступ на всё время потока");
  });

  it("counts lessons, and says when there are none yet", () => {
    expect(lessonsCountLabel(21)).toBe("21 урок");
    expect(lessonsCountLabel(3)).toBe("3 урока");
    expect(lessonsCountLabel(0)).toBe("уроки скоро");
  });
});
