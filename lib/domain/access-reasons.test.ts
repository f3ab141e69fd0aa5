import { describe, expect, it } from "vitest";
import { lockCauses, lockText, needsAdmin, type LockCause } from "./access-reasons";

const now = new Date("2026-11-25T12:00:00Z");
const closed = { is_unlocked: false, is_visible: true };
const group = (overrides: Partial<{ group_names: string[]; opens_at: string | null; expired: boolean }> = {}) => ({
  ...closed,
  source: "group",
  group_names: ["Поток"],
  opens_at: null,
  expired: false,
  ...overrides,
});
const stop = { stopTitle: "Стоп-урок" };

describe("lockCauses and lockText: every cause and when it ends, a date promised only when nothing else holds", () => {
  it.each<[string, Parameters<typeof lockCauses>[0], Parameters<typeof lockCauses>[1], string | null, boolean]>([
    ["open, nothing holds", { is_unlocked: true, is_visible: true, source: "group", group_names: ["Поток"] }, {}, null, false],
    ["a lesson with no record follows its tool", undefined, {}, null, false],
    ["a module or tool with no record", undefined, { section: true }, "Откроется, когда администратор школы откроет доступ", true],
    ["the student's own record", { ...closed, source: "personal" }, {}, "Откроется, когда администратор школы откроет доступ", true],
    ["a group date alone", group({ opens_at: "2026-11-29T07:00:00Z" }), {}, "Откроется 29.11 в 10:00 МСК (группа «Поток»)", false],
    ["two groups, a date", group({ group_names: ["А", "Б"], opens_at: "2026-11-29T07:00:00Z" }), {}, "Откроется 29.11 в 10:00 МСК (группы «А», «Б»)", false],
    ["a group that keeps it closed", group(), {}, "Откроется, когда группе «Поток» откроют доступ", true],
    ["a group whose access ran out", group({ expired: true }), {}, "Откроется, когда группе «Поток» продлят доступ", true],
    ["a stop-lesson alone", undefined, { held: stop }, "Откроется после принятия задания урока «Стоп-урок»", false],
    ["a stop-lesson the list cannot name", undefined, { held: { stopTitle: null } }, "Откроется после принятия задания стоп-урока перед ним", false],
    ["a quiz stop-lesson", undefined, { held: { stopTitle: "Тест", quiz: true } }, "Откроется после прохождения теста урока «Тест»", false],
    ["a quiz stop-lesson the list cannot name", undefined, { held: { stopTitle: null, quiz: true } }, "Откроется после прохождения теста стоп-урока перед ним", false],
    [
      "a group date and a stop-lesson: no promise of the date",
      group({ opens_at: "2026-11-29T07:00:00Z" }),
      { held: stop },
      "Откроется не раньше 29.11 в 10:00 МСК (группа «Поток») и после принятия задания урока «Стоп-урок»",
      false,
    ],
    [
      "the student's record and a stop-lesson",
      { ...closed, source: "personal" },
      { held: stop },
      "Откроется, когда администратор школы откроет доступ и после принятия задания урока «Стоп-урок»",
      true,
    ],
  ])("%s", (_, record, options, text, admin) => {
    const causes = lockCauses(record, options);
    expect(lockText(causes, now)).toBe(text);
    expect(needsAdmin(causes)).toBe(admin);
  });

  it("a date of another year says the year", () => {
    const causes: LockCause[] = [{ kind: "group", groups: ["Поток"], opensAt: "2027-01-12T07:00:00Z", expired: false }];
    expect(lockText(causes, now)).toBe("Откроется 12.01.2027 в 10:00 МСК (группа «Поток»)");
  });
});
