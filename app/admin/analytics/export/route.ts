import { admits } from "@/lib/actions/roles";
import { getSession } from "@/lib/auth";
import {
  activityTable,
  atRiskTable,
  funnelTable,
  homeworkTable,
  parseAnalyticsFilters,
  parseAnalyticsPanel,
  toCsv,
} from "@/lib/domain/analytics";
import { getAnalyticsPanel } from "@/lib/queries/analytics";

const text = (body: string, status: number) =>
  new Response(body, { status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });

/**
 * «Скачать CSV» of one analytics panel, with the page's filters: the same table the page shows
 * beside the chart (lib/domain/analytics), as a file. A GET, not a server action: a link that
 * downloads, and nothing is written.
 */
export async function GET(request: Request) {
  const session = await getSession();
  if (session.kind !== "user" || !admits("reviewer", session.user.role)) return text("Недостаточно прав", 403);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const panel = parseAnalyticsPanel(params.panel);
  if (!panel) return text("Нет такой таблицы", 404);
  const answer = await getAnalyticsPanel(panel, parseAnalyticsFilters(params));
  if (!answer) return text("Недостаточно прав", 403);
  const table =
    answer.panel === "activity"
      ? activityTable(answer.data)
      : answer.panel === "funnel"
        ? funnelTable(answer.data)
        : answer.panel === "homework"
          ? homeworkTable(answer.data)
          : atRiskTable(answer.data, new Date());
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Moscow" }).format(new Date());
  return new Response(toCsv(table), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="analytics-${panel}-${day}.csv"`,
      "cache-control": "private, no-store",
    },
  });
}
