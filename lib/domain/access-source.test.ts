import { describe, expect, it } from "vitest";
import { accessSourceLabel, effectiveStateLabel, type EffectiveAccess } from "./access-source";

const access = (overrides: Partial<EffectiveAccess>): EffectiveAccess => ({
  is_unlocked: true,
  is_visible: true,
  source: "group",
  group_names: ["Поток: январь 2027"],
  opens_at: null,
  expired: false,
  ...overrides,
});

describe("accessSourceLabel", () => {
  it("names the source: personal, one group, several groups, default", () => {
    expect(accessSourceLabel(access({ source: "personal", group_names: null }))).toBe("личная настройка");
    expect(accessSourceLabel(access({}))).toBe("группа «Поток: январь 2027»");
    expect(accessSourceLabel(access({ group_names: ["А", "Б"] }))).toBe("группы «А», «Б»");
    expect(accessSourceLabel(undefined)).toBe("по умолчанию");
  });

  it("says when a scheduled grant opens, in Moscow time, and when access ran out", () => {
    expect(accessSourceLabel(access({ is_unlocked: false, opens_at: "2027-01-12T07:00:00Z" }))).toBe(
      "группа «Поток: январь 2027» · откроется 12.01 в 10:00 МСК",
    );
    expect(accessSourceLabel(access({ is_unlocked: false, expired: true }))).toBe("группа «Поток: январь 2027» · доступ истёк");
  });
});

describe("effectiveStateLabel", () => {
  it("uses the effective flags, or the defaults without any record", () => {
    expect(effectiveStateLabel(access({ is_visible: false }), false)).toBe("Сейчас: открыт, скрыт");
    expect(effectiveStateLabel(undefined, false)).toBe("Сейчас: закрыт, виден");
    expect(effectiveStateLabel(undefined, true)).toBe("Сейчас: открыт, виден");
  });
});
