import { pluralRu } from "@/lib/domain/plural";
import type { HealthResult, HealthStatus } from "./types";

/** The doctor's report as text: one line per check, its problems indented under it, a total last. */

const MARKS: Record<HealthStatus, string> = { ok: "✓", fail: "✗", skipped: "○" };

export function formatResult(result: HealthResult): string[] {
  const detail = result.status === "skipped" ? `не проверено — ${result.detail}` : result.detail;
  return [`${MARKS[result.status]} ${result.title}: ${detail}`, ...(result.items ?? []).map((item) => `    ${item}`)];
}

export function formatSummary(results: HealthResult[]): string {
  const count = (status: HealthStatus) => results.filter((result) => result.status === status).length;
  const failed = count("fail");
  const parts = [`${count("ok")} в порядке`, failed ? pluralRu(failed, { one: "с ошибкой", few: "с ошибками", many: "с ошибками" }) : null, count("skipped") ? `${count("skipped")} не проверено` : null];
  return `${failed ? "Есть ошибки" : "Всё в порядке"}: ${parts.filter(Boolean).join(", ")}.`;
}

export function formatReport(results: HealthResult[]): string {
  return [...results.flatMap(formatResult), "", formatSummary(results)].join("\n");
}
