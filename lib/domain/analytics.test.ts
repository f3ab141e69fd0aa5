import { describe, expect, it } from "vitest";
import { splitCsv } from "@/tests/support/csv";
import {
  activityStats,
  activityTable,
  analyticsQuery,
  atRiskTable,
  biggestDrop,
  dayLabel,
  daysSince,
  formatMinutes,
  funnelTable,
  homeworkTable,
  riskStats,
  studentsLeft,
  parseAnalyticsFilters,
  parseAnalyticsPanel,
  percent,
  toCsv,
} from "./analytics";

const GROUP = "f0000000-0000-4000-8000-000000000001";

describe("filters", () => {
  it.each([
    [{}, { groupId: null, track: null, itemId: null }],
    [{ group: GROUP.toUpperCase(), track: "tech", item: GROUP }, { groupId: GROUP, track: "tech", itemId: GROUP }],
    [{ group: "x", track: "other", item: ["nope", GROUP] }, { groupId: null, track: null, itemId: null }],
    [{ group: [GROUP, "x"], track: ["product"] }, { groupId: GROUP, track: "product", itemId: null }],
  ])("%j → %j", (params, expected) => {
    expect(parseAnalyticsFilters(params)).toEqual(expected);
  });

  it("writes the address without defaults", () => {
    expect(analyticsQuery({ groupId: null, track: null, itemId: null })).toBe("");
    expect(analyticsQuery({ groupId: GROUP, track: "tech", itemId: null }, { panel: "risk" })).toBe(`?panel=risk&group=${GROUP}&track=tech`);
  });

  it.each([["activity", "activity"], ["risk", "risk"], ["x", null], [undefined, null], [["funnel"], "funnel"]] as const)("panel %j → %j", (value, expected) => {
    expect(parseAnalyticsPanel(value as string)).toBe(expected);
  });
});

describe("biggestDrop", () => {
  it.each([
    [[], null],
    [[5], null],
    [[5, 5, 6], null],
    [[10, 8, 3, 2], 2],
    [[10, 6, 6, 2], 1], // a tie: the first
    [[2, 5, 1], 2],
  ])("%j → %j", (opened, expected) => {
    expect(biggestDrop(opened.map((n) => ({ opened: n })))).toBe(expected);
  });
});

describe("words and numbers", () => {
  it.each([
    [null, "—"],
    [-1, "—"],
    [0.4, "меньше минуты"],
    [45, "45 мин"],
    [59.6, "1 ч"],
    [200, "3 ч 20 мин"],
    [24 * 60, "1 дн"],
    [52 * 60 + 10, "2 дн 4 ч"],
  ])("formatMinutes(%j) = %s", (minutes, expected) => {
    expect(formatMinutes(minutes)).toBe(expected);
  });

  it("percent, day labels, days since", () => {
    expect([percent(1, 3), percent(0, 0), percent(2, 2)]).toEqual(["33 %", "—", "100 %"]);
    expect(dayLabel("2026-11-05")).toBe("05.11.2026");
    const now = new Date("2026-11-25T12:00:00Z");
    expect([daysSince(null, now), daysSince("2026-11-15T13:00:00Z", now), daysSince("2026-11-26T00:00:00Z", now)]).toEqual([null, 9, 0]);
  });
});

describe("tables", () => {
  it("activity: one row per day", () => {
    const table = activityTable({ students: 3, active_7d: 1, active_30d: 2, days: [{ day: "2026-11-25", active: 2, opened: 1, completed: 1, submitted: 0 }] });
    expect(table.rows).toEqual([["25.11.2026", "2", "1", "1", "0"]]);
  });

  it("funnel: the loss from the lesson before, the biggest marked", () => {
    const lesson = (position: number, opened: number, passed: number) => ({ id: String(position), title: `Урок ${position}`, position, opened, passed });
    const table = funnelTable({ students: 5, item_id: "t", items: [], lessons: [lesson(1, 5, 4), lesson(2, 4, 1), lesson(3, 1, 0)] });
    expect(table.rows).toEqual([
      ["1", "Урок 1", "5", "4", "—", ""],
      ["2", "Урок 2", "4", "1", "1", ""],
      ["3", "Урок 3", "1", "0", "3", "самый большой отсев"],
    ]);
  });

  it("homework: a row per reviewer and the total", () => {
    const table = homeworkTable({
      waiting: 1,
      oldest_waiting_at: null,
      answered: 3,
      returned: 1,
      median_minutes: 60,
      reviewers: [{ id: "k", name: "Куратор", answered: 2, returned: 1, median_minutes: 90 }, { id: null, name: null, answered: 1, returned: 0, median_minutes: 30 }],
    });
    expect(table.rows).toEqual([
      ["Куратор", "2", "1", "50 %", "1 ч 30 мин"],
      ["Удалённый аккаунт", "1", "0", "0 %", "30 мин"],
      ["Все проверяющие", "3", "1", "33 %", "1 ч"],
    ]);
  });

  it("at risk: a student who has not started is «ещё не начинал(а)», never active «ни разу»", () => {
    const table = atRiskTable(
      {
        students: 1,
        total: 1,
        idle: 0,
        not_started: 1,
        stuck: 0,
        items: [{ id: "e", full_name: " ", email: "e@example.com", reason: "not_started", last_active_at: null, passed_at: null, lesson_title: null, item_title: null }],
      },
      new Date(),
    );
    expect(table.rows).toEqual([["e@example.com", "e@example.com", "ещё не начинал(а)", "ни разу", "—", "—"]]);
  });
});

describe("numbers in Russian", () => {
  it("declines who left the funnel", () => {
    expect(studentsLeft(1)).toBe("ушёл 1 студент");
    expect(studentsLeft(2)).toBe("ушли 2 студента");
    expect(studentsLeft(5)).toBe("ушли 5 студентов");
    expect(studentsLeft(21)).toBe("ушёл 21 студент");
  });

  it("declines the panels' numbers", () => {
    const labels = (figures: { label: string }[]) => figures.map((figure) => figure.label);
    expect(labels(activityStats({ students: 1, active_7d: 2, active_30d: 5, days: [] }))).toEqual([
      "студент в выборке",
      "студента активны за 7 дней",
      "студентов активны за 30 дней",
    ]);
    expect(labels(riskStats({ students: 21, total: 3, not_started: 1, idle: 2, stuck: 0, items: [] }))).toEqual([
      "в зоне риска из 21",
      "ещё не начинал(а)",
      "не занимаются 7+ дней",
      "застряли на уроке",
    ]);
    expect(riskStats({ students: 1, total: 1, not_started: 0, idle: 1, stuck: 1, items: [] }).map((figure) => figure.label).slice(2)).toEqual([
      "не занимается 7+ дней",
      "застрял(а) на уроке",
    ]);
  });
});

describe("toCsv", () => {
  it("starts with a BOM, separates by «;», quotes every cell and defuses formulas", () => {
    const csv = toCsv({ columns: ["Имя", "Число"], rows: [["Анна; «А»", "1"], ['Он сказал "да"', "2"], ["=HYPERLINK(1)", "-3"], ["строка\nдве", "4"]] });
    expect(csv.startsWith('\uFEFF"Имя";"Число"\r\n')).toBe(true);
    expect(csv.slice(1).split("\r\n")).toEqual(['"Имя";"Число"', '"Анна; «А»";"1"', '"Он сказал ""да""";"2"', `"'=HYPERLINK(1)";"'-3"`, '"строка\nдве";"4"', ""]);
  });

  it.each([",", ";", "\t"])("leaves no cell that starts like a formula when a spreadsheet splits at %j", (separator) => {
    const hostile = ["=2+3", "+7", "-1+1", "@SUM(A1)", "\t=1", "\r=1", "Анна,=2+3", "Анна;=2+3", "Анна\t=2+3", 'a",=1+1', "=cmd|' /C calc'!A0"];
    const csv = toCsv({ columns: ["Имя"], rows: hostile.map((name) => [name]) });
    const cells = splitCsv(csv.slice(1), separator).flat();
    expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
    // Each name stays one cell, readable as it was typed after the apostrophe.
    expect(cells.slice(1).map((cell) => cell.replace(/^'/, ""))).toEqual(hostile);
  });
});
