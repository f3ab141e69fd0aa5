import { describe, expect, it } from "vitest";
import { accessSourceLabel, describeEffectiveAccess, effectiveStateLabel, grantSummary, membersAddedMessage, opensLabel, shownAccess, switchName, switchText, untouchedLabel, withDatesTurningOn, type EffectiveAccess, type GrantState } from "./access-source";

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
    expect(accessSourceLabel(access({ is_unlocked: false, opens_at: "2027-01-12T07:00:00Z" }), new Date("2027-01-01T12:00:00Z"))).toBe(
      "группа «Поток: январь 2027» · откроется 12.01 в 10:00 МСК",
    );
    expect(accessSourceLabel(access({ is_unlocked: false, opens_at: "2027-01-12T07:00:00Z" }), new Date("2026-11-25T12:00:00Z"))).toBe(
      "группа «Поток: январь 2027» · откроется 12.01.2027 в 10:00 МСК",
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

describe("opensLabel", () => {
  it("tells the student when a closed item opens, with the year when it is not this one", () => {
    expect(opensLabel("2026-12-01T07:00:00Z", new Date("2026-11-25T12:00:00Z"))).toBe("Откроется 01.12 в 10:00 МСК");
    expect(opensLabel("2027-01-12T07:00:00Z", new Date("2026-11-25T12:00:00Z"))).toBe("Откроется 12.01.2027 в 10:00 МСК");
  });
});

describe("grantSummary", () => {
  const now = new Date("2027-01-10T07:00:00Z");
  const grant = (overrides: Partial<GrantState>): GrantState => ({ is_unlocked: true, is_visible: true, unlock_at: null, expires_at: null, ...overrides });

  it.each([
    [undefined, "нет настройки группы: закрыт, виден · по умолчанию"],
    [grant({}), "открыт"],
    [grant({ is_unlocked: false, is_visible: false }), "закрыт, скрыт"],
    [grant({ unlock_at: "2027-01-12T07:00:00Z" }), "откроется 12.01 в 10:00 МСК"],
    [grant({ unlock_at: "2027-01-01T07:00:00Z", expires_at: "2027-03-01T07:00:00Z" }), "открыт до 01.03 в 10:00 МСК"],
    [grant({ expires_at: "2027-01-09T07:00:00Z" }), "доступ истёк"],
  ])("%j → %s", (value, text) => {
    expect(grantSummary(value, now)).toBe(text);
  });
});

describe("describeEffectiveAccess", () => {
  it("labels every item: rows as they say, the rest by the defaults (lessons open with their parent)", () => {
    const rows = [{ kind: "tool", item_id: "t1", ...access({}) }];
    expect(describeEffectiveAccess("tool", ["t1", "t2"], rows)).toEqual({
      t1: { is_unlocked: true, is_visible: true, label: "Сейчас: открыт, виден · группа «Поток: январь 2027»" },
      t2: { is_unlocked: false, is_visible: true, label: "Сейчас: закрыт, виден · по умолчанию" },
    });
    expect(describeEffectiveAccess("lesson", [{ id: "l1", tool_id: "t1", course_module_id: null }], rows).l1).toEqual({
      is_unlocked: true,
      is_visible: true,
      label: "Сейчас: как у инструмента · по умолчанию",
    });
  });
});

describe("an untouched item reads the same on the group page and in the student's panel", () => {
  const now = new Date("2027-01-10T07:00:00Z");
  it.each([
    ["module", null, "закрыт, виден · по умолчанию"],
    ["tool", null, "закрыт, виден · по умолчанию"],
    ["lesson", "tool", "как у инструмента · по умолчанию"],
    ["lesson", "module", "как у модуля · по умолчанию"],
  ] as const)("%s in a %s", (kind, parent, words) => {
    expect(untouchedLabel(kind, parent)).toBe(words);
    expect(grantSummary(undefined, now, { kind, parent })).toBe(`нет настройки группы: ${words}`);
    const item = { id: "x", tool_id: parent === "tool" ? "t" : null, course_module_id: parent === "module" ? "m" : null };
    expect(describeEffectiveAccess(kind, [item], []).x.label).toBe(`Сейчас: ${words}`);
  });
});

describe("withDatesTurningOn: a date entered on a closed grant turns it on", () => {
  const closed = { is_unlocked: false, is_visible: true, unlock_at: "", expires_at: "" };
  it.each([
    ["an opening date on a closed grant", closed, { ...closed, unlock_at: "2027-01-12T10:00" }, true, true],
    ["a closing date on a closed grant", closed, { ...closed, expires_at: "2027-03-01T10:00" }, true, true],
    ["a date on an open grant", { ...closed, is_unlocked: true }, { ...closed, is_unlocked: true, unlock_at: "2027-01-12T10:00" }, true, false],
    ["switching off a dated grant keeps it off", { ...closed, is_unlocked: true, unlock_at: "2027-01-12T10:00" }, { ...closed, unlock_at: "2027-01-12T10:00" }, false, false],
    ["a date cleared", { ...closed, unlock_at: "2027-01-12T10:00" }, closed, false, false],
  ] as const)("%s", (_, before, next, unlocked, turnedOn) => {
    const result = withDatesTurningOn(before, next);
    expect(result.values.is_unlocked).toBe(unlocked);
    expect(result.turnedOn).toBe(turnedOn);
  });
});

describe("membersAddedMessage", () => {
  it.each([
    [0, "Все уже в группе"],
    [1, "Добавлен 1 студент"],
    [3, "Добавлены 3 студента"],
    [5, "Добавлено 5 студентов"],
    [21, "Добавлен 21 студент"],
  ])("%i → %s", (count, text) => {
    expect(membersAddedMessage(count)).toBe(text);
  });
});

describe("shownAccess", () => {
  const none = { is_unlocked: false, is_visible: true, hasRecord: false };
  it.each([
    ["the own record wins over the groups", "module", { is_unlocked: false, is_visible: false, hasRecord: true }, { is_unlocked: true, is_visible: true }, { is_unlocked: false, is_visible: false }],
    ["a group opens it: on, though there is no record", "tool", none, { is_unlocked: true, is_visible: true }, { is_unlocked: true, is_visible: true }],
    ["a group hides it", "module", none, { is_unlocked: false, is_visible: false }, { is_unlocked: false, is_visible: false }],
    ["a lesson without any record opens (docs/product.md): on", "lesson", none, undefined, { is_unlocked: true, is_visible: true }],
    ["a module without any record is locked: off", "module", none, undefined, { is_unlocked: false, is_visible: true }],
  ] as const)("%s", (_, kind, own, effective, shown) => {
    expect(shownAccess(kind, own, effective)).toEqual(shown);
  });
});

describe("switchText and switchName", () => {
  it("name what the switch controls and the state it is in", () => {
    expect(switchText("is_unlocked", true)).toBe("Доступ открыт");
    expect(switchText("is_unlocked", false)).toBe("Доступ закрыт");
    expect(switchText("is_visible", true)).toBe("Виден студентам");
    expect(switchText("is_visible", false)).toBe("Скрыт от студентов");
    expect(switchName("is_unlocked", false, "Модуль 1")).toBe("Доступ закрыт — Модуль 1");
  });
});
