import type { Metadata } from "next";
import { PageHeader } from "@/components/page-header";
import { admits } from "@/lib/actions/roles";
import { requireReviewer } from "@/lib/auth";
import { parseAnalyticsFilters } from "@/lib/domain/analytics";
import { getAnalytics, getQuizAnalytics } from "@/lib/queries/analytics";
import { getRevenue } from "@/lib/queries/orders";
import { RevenueSection } from "../_components/revenue-section";
import { ActivityPanel } from "./_components/activity-panel";
import { AnalyticsFilterForm } from "./_components/analytics-filters";
import { FunnelPanel } from "./_components/funnel-panel";
import { HomeworkPanel } from "./_components/homework-panel";
import { QuizPanel } from "./_components/quiz-panel";
import { RiskPanel } from "./_components/risk-panel";

export const metadata: Metadata = { title: "Аналитика", robots: { index: false } };

interface Props {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/**
 * Where a cohort is and where it gets stuck: activity, a funnel, homework, quizzes and students at risk,
 * for an admin about any group, for a curator about the groups they curate. One wave of database
 * functions; the charts are SVG drawn here, with their tables and CSV.
 */
export default async function AnalyticsPage({ searchParams }: Props) {
  const [user, params] = await Promise.all([requireReviewer(), searchParams]);
  const filters = parseAnalyticsFilters(params);
  const isAdmin = admits("admin", user.role);
  const [data, quizzes, revenue] = await Promise.all([getAnalytics(filters), getQuizAnalytics(filters), isAdmin ? getRevenue() : null]);

  return (
    <main id="main" className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-10">
      <PageHeader backHref={isAdmin ? "/admin" : "/admin/reviews"} backLabel={isAdmin ? "К студентам" : "К проверке работ"} title="Аналитика" />
      {!data ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">
          Аналитика доступна по группам, которые вы курируете. Попросите администратора добавить вас куратором группы.
        </p>
      ) : (
        <>
          <AnalyticsFilterForm
            filters={filters}
            groups={data.groups}
            items={data.funnel.items}
            itemId={data.funnel.item_id}
            allGroupsLabel={isAdmin ? "Все студенты" : "Все мои группы"}
          />
          <ActivityPanel activity={data.activity} filters={filters} />
          <FunnelPanel funnel={data.funnel} filters={filters} />
          <HomeworkPanel homework={data.homework} filters={filters} />
          <QuizPanel quizzes={quizzes} />
          <RiskPanel risk={data.risk} filters={filters} linkToStudents={isAdmin} now={new Date()} />
          {revenue && <RevenueSection days={revenue} />}
        </>
      )}
    </main>
  );
}
