import { BarChart } from "@/components/charts/bar-chart";
import { ChartFigure } from "@/components/charts/chart-figure";
import { activityStats, activityTable, dayLabel, exportHref, STUDENTS, type Activity, type AnalyticsFilters } from "@/lib/domain/analytics";
import { pluralForm, pluralRu } from "@/lib/domain/plural";
import { Panel, Stat } from "./panel";

const TITLE = "Активные студенты по дням";

/** Who was active on each of the last 30 Moscow days. */
export function ActivityPanel({ activity, filters }: { activity: Activity; filters: AnalyticsFilters }) {
  const busiest = activity.days.reduce((best, day) => (day.active > best.active ? day : best), activity.days[0]);
  return (
    <Panel
      id="activity"
      title={TITLE}
      csvHref={exportHref("activity", filters)}
      note={
        <>
          Активный день — студент открыл или прошёл урок либо сдал работу (дни по Москве). База хранит только последнее открытие
          каждого урока: если студент вернулся к уроку позже, прежний день не виден, поэтому за прошлые дни число активных —
          нижняя оценка.
        </>
      }
    >
      <div className="grid gap-3 sm:grid-cols-3">
        {activityStats(activity).map((figure) => (
          <Stat key={figure.label} value={figure.value.toLocaleString("ru-RU")} label={figure.label} />
        ))}
      </div>
      <ChartFigure caption={TITLE} table={activityTable(activity)}>
        <BarChart
          id="activity-chart"
          title={`${TITLE} за 30 дней`}
          description={
            busiest && busiest.active > 0
              ? `Больше всего активных ${dayLabel(busiest.day)}: ${pluralRu(busiest.active, STUDENTS)}. За 7 дней ${pluralForm(activity.active_7d, { one: "активен", few: "активны", many: "активны" })} ${pluralRu(activity.active_7d, STUDENTS)} из ${activity.students}.`
              : "За 30 дней активных студентов не было."
          }
          labelEvery={5}
          bars={activity.days.map((day) => ({
            label: dayLabel(day.day).slice(0, 5),
            value: day.active,
            hint: `${dayLabel(day.day)}: ${pluralRu(day.active, STUDENTS)}`,
          }))}
        />
      </ChartFigure>
    </Panel>
  );
}
