import { DataTable } from "@/components/charts/data-table";
import { atRiskTable, exportHref, type AnalyticsFilters, type AtRisk } from "@/lib/domain/analytics";
import { Panel, Stat } from "./panel";

const TITLE = "Студенты в зоне риска";

/**
 * Idle or stuck students, longest idle first. An admin follows a name to the student's access
 * panel; a curator has no access panel, so the name is plain text for them.
 */
export function RiskPanel({ risk, filters, linkToStudents, now }: { risk: AtRisk; filters: AnalyticsFilters; linkToStudents: boolean; now: Date }) {
  const table = atRiskTable(risk, now);
  return (
    <Panel
      id="risk"
      title={TITLE}
      csvHref={exportHref("risk", filters)}
      note="Не занимается — 7 дней и больше ничего не открывал, не проходил и не сдавал (или ещё не начинал). Застрял — заходил за последние 7 дней, но ничего не прошёл, и последний открытый урок не пройден."
    >
      <div className="grid gap-3 sm:grid-cols-3">
        <Stat value={risk.total.toLocaleString("ru-RU")} label={`в зоне риска из ${risk.students.toLocaleString("ru-RU")}`} />
        <Stat value={risk.idle.toLocaleString("ru-RU")} label="не занимаются 7+ дней" />
        <Stat value={risk.stuck.toLocaleString("ru-RU")} label="застряли на уроке" />
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
