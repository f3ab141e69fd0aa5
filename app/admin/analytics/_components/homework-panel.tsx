import { ChartFigure } from "@/components/charts/chart-figure";
import { HorizontalBars } from "@/components/charts/horizontal-bars";
import { exportHref, formatMinutes, homeworkTable, percent, type AnalyticsFilters, type Homework } from "@/lib/domain/analytics";
import { formatMoscowTime } from "@/lib/domain/dates";
import { Panel, Stat } from "./panel";

const TITLE = "Домашние задания";

/** What waits for review now, and how the reviewers answered over the last 30 days. */
export function HomeworkPanel({ homework, filters }: { homework: Homework; filters: AnalyticsFilters }) {
  const chartTitle = "Медиана времени до первого ответа по проверяющим";
  return (
    <Panel
      id="homework"
      title={TITLE}
      csvHref={exportHref("homework", filters)}
      note="Ответ — работа принята или возвращена на доработку; время до ответа считается от сдачи попытки. Ответы за последние 30 дней."
    >
      <div className="grid gap-3 sm:grid-cols-3">
        <Stat
          value={homework.waiting.toLocaleString("ru-RU")}
          label={homework.oldest_waiting_at ? `ждут проверки, самая давняя с ${formatMoscowTime(homework.oldest_waiting_at)}` : "ждут проверки"}
        />
        <Stat value={formatMinutes(homework.median_minutes)} label="медиана до первого ответа" />
        <Stat value={percent(homework.returned, homework.answered)} label={`возвращено на доработку из ${homework.answered} ответов`} />
      </div>
      {homework.reviewers.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">За 30 дней ответов на работы не было</p>
      ) : (
        <ChartFigure caption={TITLE} table={homeworkTable(homework)}>
          <HorizontalBars
            id="homework-chart"
            title={chartTitle}
            description={`Проверяющих: ${homework.reviewers.length}. Медиана по всем: ${formatMinutes(homework.median_minutes)}, возвращено ${percent(homework.returned, homework.answered)} работ.`}
            rows={homework.reviewers.map((reviewer) => ({
              label: reviewer.name ?? "Удалённый аккаунт",
              value: reviewer.median_minutes ?? 0,
              valueLabel: `${formatMinutes(reviewer.median_minutes)} · возвратов ${percent(reviewer.returned, reviewer.answered)}`,
            }))}
          />
        </ChartFigure>
      )}
    </Panel>
  );
}
