import { DataTable } from "@/components/charts/data-table";
import { atRiskTable, exportHref, riskStats, type AnalyticsFilters, type AtRisk } from "@/lib/domain/analytics";
import { Panel, Stat } from "./panel";

const TITLE = "Студенты в зоне риска";

/**
 * Students who have not started, idle or stuck, longest idle first. An admin follows a name to the student's access
 * panel; a curator has no access panel, so the name is plain text for them.
 */
export function RiskPanel({ risk, filters, linkToStudents, now }: { risk: AtRisk; filters: AnalyticsFilters; linkToStudents: boolean; now: Date }) {
  const table = atRiskTable(risk, now);
  return (
    <Panel
      id="risk"
      title={TITLE}
      csvHref={exportHref("risk", filters)}
      note="Ещё не начинал(а) — с регистрации ничего не открывал(а), не проходил(а) и не сдавал(а). Не занимается — занимался(ась), но 7 дней и больше ничего не открывал(а), не проходил(а) и не сдавал(а). Застрял(а) — заходил(а) за последние 7 дней, но ничего не прошёл(ла), и последний открытый урок не пройден. Кураторы и администраторы в подсчёт не входят."
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {riskStats(risk).map((figure) => (
          <Stat key={figure.label} value={figure.value.toLocaleString("ru-RU")} label={figure.label} />
        ))}
      </div>
      {risk.items.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">Все студенты занимаются</p>
      ) : (
        <>
          <DataTable
            caption={TITLE}
            table={table}
            hrefOf={(row, column) => (linkToStudents && column === 0 ? `/admin?student=${risk.items[row].id}` : null)}
          />
          {risk.total > risk.items.length && (
            <p className="text-sm text-muted-foreground">
              Показаны первые {risk.items.length} из {risk.total.toLocaleString("ru-RU")}; в CSV — все.
            </p>
          )}
        </>
      )}
    </Panel>
  );
}
