import { describe, expect, it } from "vitest";
import { claimEnds, claimHolder, claimLabel, decisionMessage, elapsedShort, parseQueueFilters, queueHref, reviewerName, waitingLabel, waitsLong, type QueueFilters } from "./reviews";

const NOW = new Date("2026-11-25T12:00:00Z");
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe("decisionMessage", () => {
  it("names whose work was decided", () => {
    expect(decisionMessage("return", "Анна Тестова")).toBe("Работа возвращена на доработку: Анна Тестова");
    expect(decisionMessage("accept", "anna@example.com")).toBe("Работа принята: anna@example.com");
    expect(decisionMessage("accept", null)).toBe("Работа принята");
    expect(decisionMessage("return", "Я".repeat(200))).toHaveLength("Работа возвращена на доработку: ".length + 80);
  });
});

describe("waitingLabel", () => {
  it.each([
    [0, "ждёт меньше минуты"],
    [59_999, "ждёт меньше минуты"],
    [MIN, "ждёт 1 мин"],
    [59 * MIN + 59_000, "ждёт 59 мин"],
    [HOUR, "ждёт 1 ч"],
    [2 * HOUR + 59 * MIN, "ждёт 2 ч"],
    [23 * HOUR + 59 * MIN, "ждёт 23 ч"],
    [DAY, "ждёт 1 дн"],
    [3 * DAY + 23 * HOUR, "ждёт 3 дн"],
    [400 * DAY, "ждёт 400 дн"],
  ])("%i ms ago: %s", (elapsed, label) => {
    expect(waitingLabel(ago(elapsed), NOW)).toBe(label);
  });

  it("reads a moment ahead of the clock, or no moment at all, as just now", () => {
    expect(waitingLabel(ago(-5 * MIN), NOW)).toBe("ждёт меньше минуты");
    expect(elapsedShort("not a date", NOW)).toBe("меньше минуты");
  });

  it("takes a Date as well as the database's timestamp with its offset", () => {
    expect(elapsedShort(new Date(NOW.getTime() - 2 * HOUR), NOW)).toBe("2 ч");
    expect(elapsedShort("2026-11-25T14:00:00+03:00", NOW)).toBe("1 ч");
  });
});

describe("waitsLong", () => {
  it("is two days or more", () => {
    expect(waitsLong(ago(2 * DAY - 1), NOW)).toBe(false);
    expect(waitsLong(ago(2 * DAY), NOW)).toBe(true);
  });
});

describe("claims", () => {
  const me = "me";
  const soon = new Date(NOW.getTime() + 10 * MIN).toISOString();
  const past = new Date(NOW.getTime() - MIN).toISOString();

  it.each([
    [{ by: null, until: null }, null, null],
    [{ by: { id: me, full_name: "Анна Петрова" }, until: soon }, "me", "проверяете вы"],
    [{ by: { id: "other", full_name: "Анна Петрова" }, until: soon }, "other", "проверяет Анна"],
    // A curator may not read another's name: the claim still shows.
    [{ by: { id: "other", full_name: null }, until: soon }, "other", "проверяет другой куратор"],
    [{ by: { id: "other", full_name: "   " }, until: soon }, "other", "проверяет другой куратор"],
    // An expired claim is nobody's.
    [{ by: { id: "other", full_name: "Анна" }, until: past }, null, null],
    [{ by: { id: "other", full_name: "Анна" }, until: null }, null, null],
  ] as const)("%o: %s, %s", (claim, holder, label) => {
    expect(claimHolder(claim, me, NOW)).toBe(holder);
    expect(claimLabel(claim, me, NOW)).toBe(label);
  });

  it("names a reviewer by the first word of their name", () => {
    expect(reviewerName("  Анна   Петрова ")).toBe("Анна");
    expect(reviewerName("")).toBeNull();
    expect(reviewerName(null)).toBeNull();
  });

  it("says when a claim ends in Moscow time", () => {
    expect(claimEnds("2026-11-25T11:30:00Z")).toBe("14:30 МСК");
    expect(claimEnds("2026-11-25T21:05:00Z")).toBe("00:05 МСК");
  });
});

const GROUP = "E0000000-0000-4000-8000-000000000001";
const ITEM = "70000000-0000-4000-8000-000000000002";
const LESSON = "d0000000-0000-4000-8000-000000000006";

describe("parseQueueFilters", () => {
  it("defaults to the waiting works, everything, page 1", () => {
    expect(parseQueueFilters({})).toEqual({ status: "submitted", groupId: null, track: null, itemId: null, lessonId: null, page: 1 });
  });

  it("reads every filter", () => {
    expect(parseQueueFilters({ status: "returned", group: GROUP, track: "tech", item: ITEM, lesson: LESSON, page: "3" })).toEqual({
      status: "returned",
      groupId: GROUP.toLowerCase(),
      track: "tech",
      itemId: ITEM,
      lessonId: LESSON,
      page: 3,
    });
  });

  it("drops what it does not know, and takes the first of a repeated parameter", () => {
    expect(
      parseQueueFilters({ status: "deleted", group: "x", track: "design", item: "1; drop", lesson: "", page: "-1" }),
    ).toEqual({ status: "submitted", groupId: null, track: null, itemId: null, lessonId: null, page: 1 });
    expect(parseQueueFilters({ status: ["accepted", "returned"], page: ["2", "5"] })).toMatchObject({ status: "accepted", page: 2 });
    expect(parseQueueFilters({ page: "1.5" }).page).toBe(1);
    expect(parseQueueFilters({ page: "1e9" }).page).toBe(1);
  });
});

describe("queueHref", () => {
  const base: QueueFilters = { status: "submitted", groupId: null, track: null, itemId: null, lessonId: null, page: 1 };

  it("leaves the defaults out", () => {
    expect(queueHref(base)).toBe("/admin/reviews");
  });

  it("carries the filters and round-trips through the parser", () => {
    const filters: QueueFilters = { status: "accepted", groupId: GROUP.toLowerCase(), track: "product", itemId: ITEM, lessonId: LESSON, page: 4 };
    const href = queueHref(filters, { page: 4 });
    expect(href).toBe(`/admin/reviews?status=accepted&group=${GROUP.toLowerCase()}&track=product&item=${ITEM}&lesson=${LESSON}&page=4`);
    expect(parseQueueFilters(Object.fromEntries(new URL(href, "http://x").searchParams))).toEqual(filters);
  });

  it("starts a change of filters at the first page; a page change keeps the filters", () => {
    const onPage3 = { ...base, track: "tech" as const, page: 3 };
    expect(queueHref(onPage3, { status: "returned" })).toBe("/admin/reviews?status=returned&track=tech");
    expect(queueHref(onPage3, { page: 4 })).toBe("/admin/reviews?track=tech&page=4");
    expect(queueHref(onPage3)).toBe("/admin/reviews?track=tech");
  });
});
