import { describe, expect, it } from "vitest";
import { lockCauses, lockText, needsAdmin, type LockCause, type StudentVerdict } from "./access-reasons";

const now = new Date("2026-11-25T12:00:00Z");
const verdict = (overrides: Partial<StudentVerdict>): StudentVerdict => ({
  item_id: "item",
  is_open: false,
  is_visible: true,
  why: "default",
  opens_at: null,
  group_names: null,
  ...overrides,
});
const group = (overrides: Partial<StudentVerdict> = {}) => verdict({ why: "group", group_names: ["Поток"], ...overrides });
const open = verdict({ is_open: true, why: "default" });
const stop = { stopTitle: "Стоп-урок" };

describe("lockCauses and lockText: every cause the verdict names and when it ends, a date promised only when nothing else holds", () => {
  it.each<[string, StudentVerdict, Parameters<typeof lockCauses>[1], string | null, boolean]>([
    ["open, nothing holds", verdict({ is_open: true, why: "group", group_names: ["Поток"] }), null, null, false],
    ["a lesson with no record follows its open tool", open, null, null, false],
    ["a module or tool with no record", verdict({ why: "default" }), null, "Откроется, когда администратор школы откроет доступ", true],
    ["the student's own record", verdict({ why: "personal" }), null, "Откроется, когда администратор школы откроет доступ", true],
    ["the student's own record, dated", verdict({ why: "scheduled", opens_at: "2026-11-29T07:00:00Z" }), null, "Откроется, когда администратор школы откроет доступ", true],
    ["a group date alone", group({ why: "scheduled", opens_at: "2026-11-29T07:00:00Z" }), null, "Откроется 29.11 в 10:00 МСК (группа «Поток»)", false],
    ["two groups, a date", group({ why: "scheduled", group_names: ["А", "Б"], opens_at: "2026-11-29T07:00:00Z" }), null, "Откроется 29.11 в 10:00 МСК (группы «А», «Б»)", false],
    ["a group that keeps it closed", group(), null, "Откроется, когда группе «Поток» откроют доступ", true],
    ["a group whose access ran out", group({ why: "expired" }), null, "Откроется, когда группе «Поток» продлят доступ", true],
    ["a stop-lesson alone", verdict({ why: "held" }), stop, "Откроется после принятия задания урока «Стоп-урок»", false],
    ["a stop-lesson the list cannot name", verdict({ why: "held" }), { stopTitle: null }, "Откроется после принятия задания стоп-урока перед ним", false],
    ["a quiz stop-lesson", verdict({ why: "held" }), { stopTitle: "Тест", quiz: true }, "Откроется после прохождения теста урока «Тест»", false],
    ["a quiz stop-lesson the list cannot name", verdict({ why: "held" }), { stopTitle: null, quiz: true }, "Откроется после прохождения теста стоп-урока перед ним", false],
    [
      "a group date and a stop-lesson: no promise of the date",
      group({ why: "scheduled", opens_at: "2026-11-29T07:00:00Z" }),
      stop,
      "Откроется не раньше 29.11 в 10:00 МСК (группа «Поток») и после принятия задания урока «Стоп-урок»",
      false,
    ],
    [
      "the student's record and a stop-lesson",
      verdict({ why: "personal" }),
      stop,
      "Откроется, когда администратор школы откроет доступ и после принятия задания урока «Стоп-урок»",
      true,
    ],
    ["a closed tool or module keeps its lessons closed: the list is not shown", verdict({ why: "parent" }), null, null, false],
  ])("%s", (_, given, held, text, admin) => {
    const causes = lockCauses(given, held);
    expect(lockText(causes, now)).toBe(text);
    expect(needsAdmin(causes)).toBe(admin);
  });

  it("a date of another year says the year", () => {
    const causes: LockCause[] = [{ kind: "group", groups: ["Поток"], opensAt: "2027-01-12T07:00:00Z", expired: false }];
    expect(lockText(causes, now)).toBe("Откроется 12.01.2027 в 10:00 МСК (группа «Поток»)");
  });
});
