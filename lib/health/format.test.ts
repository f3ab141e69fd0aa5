import { describe, expect, it } from "vitest";
import { formatReport, formatResult, formatSummary } from "./format";
import { fail, ok, skipped } from "./types";

describe("the doctor's report", () => {
  it("writes one marked line per check, its problems indented under it", () => {
    expect(formatResult(ok("grants", "все права на месте"))).toEqual(["✓ Права: все права на месте"]);
    expect(formatResult(skipped("telegram", "бот не настроен"))).toEqual(["○ Telegram: не проверено — бот не настроен"]);
    expect(formatResult(fail("grants", "не хватает прав (2)", ["anon не может SELECT на table tools", "authenticated не может SELECT на table tools"]))).toEqual([
      "✗ Права: не хватает прав (2)",
      "    anon не может SELECT на table tools",
      "    authenticated не может SELECT на table tools",
    ]);
  });

  it.each([
    [[ok("grants", "."), skipped("telegram", ".")], "Всё в порядке: 1 в порядке, 1 не проверено."],
    [[ok("grants", "."), fail("worker", ".")], "Есть ошибки: 1 в порядке, 1 с ошибкой."],
    [[fail("grants", "."), fail("worker", "."), fail("telegram", ".")], "Есть ошибки: 0 в порядке, 3 с ошибками."],
  ])("ends with a total", (results, summary) => {
    expect(formatSummary(results)).toBe(summary);
    expect(formatReport(results).endsWith(`\n\n${summary}`)).toBe(true);
  });
});
