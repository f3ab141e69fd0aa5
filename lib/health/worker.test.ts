import { describe, expect, it } from "vitest";
import { formatAge, workerVerdict } from "./worker";

const now = new Date("2026-12-01T10:00:00Z");
const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();

describe("formatAge", () => {
  it.each([
    [0, "0 с"],
    [59_400, "59 с"],
    [60_000, "1 мин"],
    [59 * 60_000, "59 мин"],
    [60 * 60_000, "1 ч"],
    [125 * 60_000, "2 ч 5 мин"],
    [47 * 3600_000, "47 ч"],
    [72 * 3600_000, "3 дн"],
    [-5_000, "0 с"],
  ])("%d ms is «%s»", (ms, text) => {
    expect(formatAge(ms)).toBe(text);
  });
});

describe("workerVerdict", () => {
  it("is fine after a recent round with nothing overdue", () => {
    expect(workerVerdict({ lastRound: ago(0.5), overdue: 0, oldestOverdue: null }, now, 10)).toMatchObject({
      status: "ok",
      detail: "последний круг 30 с назад, дольше 10 мин ничего не ждёт",
    });
  });

  it("names a round older than the limit, with its Moscow time", () => {
    const result = workerVerdict({ lastRound: ago(11), overdue: 0, oldestOverdue: null }, now, 10);
    expect(result.status).toBe("fail");
    expect(result.detail).toMatch(/^последний удачный круг был 11 мин назад \(1 дек\. 2026 г\., 12:49 МСК\): запустите npm run worker/);
  });

  it.each([
    [1, "1 уведомление ждёт"],
    [3, "3 уведомления ждут"],
    [25, "25 уведомлений ждут"],
  ])("names %d overdue deliveries and the oldest", (overdue, words) => {
    const result = workerVerdict({ lastRound: ago(1), overdue, oldestOverdue: ago(60) }, now, 10);
    expect(result.status).toBe("fail");
    expect(result.detail).toContain(`${words} отправки дольше 10 мин (самое давнее — с 1 дек. 2026 г., 12:00 МСК)`);
  });

  it("names both at once", () => {
    const { detail } = workerVerdict({ lastRound: ago(180), overdue: 2, oldestOverdue: ago(120) }, now, 10);
    expect(detail).toContain("последний удачный круг был 3 ч назад");
    expect(detail).toContain("2 уведомления ждут");
  });

  it("fails without the scan's row", () => {
    expect(workerVerdict({ lastRound: null, overdue: 0, oldestOverdue: null }, now, 10).detail).toContain("примените миграции");
  });
});
