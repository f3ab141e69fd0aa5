import { describe, expect, it } from "vitest";
import { grantSummary, membersAddedMessage, shownAccess, switchName, switchText, untouchedLabel, withDatesTurningOn, type GrantState } from "./access-source";

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

describe("an untouched item on the group page reads as the access rule's default does in the student's panel", () => {
  const now = new Date("2027-01-10T07:00:00Z");
  it.each([
    ["module", null, "закрыт, виден · по умолчанию"],
    ["tool", null, "закрыт, виден · по умолчанию"],
    ["lesson", "tool", "как у инструмента · по умолчанию"],
    ["lesson", "module", "как у модуля · по умолчанию"],
  ] as const)("%s in a %s", (kind, parent, words) => {
    expect(untouchedLabel(kind, parent)).toBe(words);
    expect(grantSummary(undefined, now, { kind, parent })).toBe(`нет настройки группы: ${words}`);
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
    ["the own record wins over the groups", { is_unlocked: false, is_visible: false, hasRecord: true }, { is_unlocked: true, is_visible: true }, { is_unlocked: false, is_visible: false }],
    ["a group opens it: on, though there is no record", none, { is_unlocked: true, is_visible: true }, { is_unlocked: true, is_visible: true }],
    ["a group hides it", none, { is_unlocked: false, is_visible: false }, { is_unlocked: false, is_visible: false }],
    ["the rule's default for a lesson without any record: on", none, { is_unlocked: true, is_visible: true }, { is_unlocked: true, is_visible: true }],
  ] as const)("%s", (_, own, decided, shown) => {
    expect(shownAccess(own, decided)).toEqual(shown);
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
