import { ChartFigure } from "@/components/charts/chart-figure";
import { HorizontalBars } from "@/components/charts/horizontal-bars";
import { biggestDrop, exportHref, funnelTable, STUDENTS, studentsLeft, type AnalyticsFilters, type Funnel } from "@/lib/domain/analytics";
import { pluralRu } from "@/lib/domain/plural";
import { Panel } from "./panel";

/** A tool's or module's lessons in order: how many opened and passed each, the biggest drop marked. */
export function FunnelPanel({ funnel, filters }: { funnel: Funnel; filters: AnalyticsFilters }) {
  const item = funnel.items.find((option) => option.id === funnel.item_id);
  const title = item ? `Воронка: ${item.title}` : "Воронка";
  const drop = biggestDrop(funnel.lessons);
  const dropStep = drop === null ? null : funnel.lessons[drop];
  const loss = drop === null ? 0 : funnel.lessons[drop - 1].opened - funnel.lessons[drop].opened;
  return (
    <Panel
      id="funnel"
      title={title}
      csvHref={exportHref("funnel", { ...filters, itemId: funnel.item_id })}
      note="Открыли — есть отметка об открытии или прохождении урока; прошли — урок отмечен пройденным или работа принята. Черновики и уроки, скрытые от студента, не считаются."
    >
      {funnel.lessons.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">Здесь пока нет опубликованных уроков</p>
      ) : (
        <>
          <p className="text-sm" aria-live="polite">
            {dropStep
              ? `Самый большой отсев — перед уроком ${dropStep.position} «${dropStep.title}»: ${studentsLeft(loss)}.`
              : "Отсева между уроками нет."}
          </p>
          <p className="flex flex-wrap gap-4 text-sm text-muted-foreground" aria-hidden>
            <span className="flex items-center gap-1.5"><span className="size-3 rounded-sm bg-primary/25" /> открыли</span>
            <span className="flex items-center gap-1.5"><span className="size-3 rounded-sm bg-primary" /> прошли</span>
          </p>
          <ChartFigure caption={title} table={funnelTable(funnel)}>
            <HorizontalBars
              id="funnel-chart"
              title={title}
              description={`Открыли и прошли каждый урок, по порядку, из ${pluralRu(funnel.students, STUDENTS)}.${dropStep ? ` Самый большой отсев перед уроком ${dropStep.position}.` : ""}`}
              markLabel="отсев"
              rows={funnel.lessons.map((step, index) => ({
                label: `${step.position}. ${step.title}`,
                value: step.opened,
                inner: step.passed,
                valueLabel: `${step.opened} / ${step.passed}`,
                marked: index === drop,
              }))}
            />
          </ChartFigure>
        </>
      )}
    </Panel>
  );
}
