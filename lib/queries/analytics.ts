import "server-only";
import { z } from "zod";
import type { Activity, AnalyticsFilters, AnalyticsPanel, AtRisk, Funnel, Homework } from "@/lib/domain/analytics";
import { createDataClient } from "@/lib/supabase/server";
import { orThrow } from "./result";

/**
 * Reads of /admin/analytics: one database function per panel (migration 20261125001800), all in
 * one parallel wave with the groups the filter offers. Each function answers null to someone who
 * reviews nobody's work; a curator gets the groups they curate only.
 */

const track = z.enum(["tech", "product"]);
const activitySchema = z.object({
  students: z.number(),
  active_7d: z.number(),
  active_30d: z.number(),
  days: z.array(z.object({ day: z.string(), active: z.number(), opened: z.number(), completed: z.number(), submitted: z.number() })),
}) satisfies z.ZodType<Activity>;
const funnelSchema = z.object({
  students: z.number(),
  item_id: z.string().nullable(),
  items: z.array(z.object({ id: z.string(), title: z.string(), track })),
  lessons: z.array(z.object({ id: z.string(), title: z.string(), position: z.number(), opened: z.number(), passed: z.number() })),
}) satisfies z.ZodType<Funnel>;
const homeworkSchema = z.object({
  waiting: z.number(),
  oldest_waiting_at: z.string().nullable(),
  answered: z.number(),
  returned: z.number(),
  median_minutes: z.number().nullable(),
  reviewers: z.array(
    z.object({ id: z.string().nullable(), name: z.string().nullable(), answered: z.number(), returned: z.number(), median_minutes: z.number().nullable() }),
  ),
}) satisfies z.ZodType<Homework>;
const atRiskSchema = z.object({
  students: z.number(),
  total: z.number(),
  idle: z.number(),
  not_started: z.number(),
  stuck: z.number(),
  items: z.array(
    z.object({
      id: z.string(),
      full_name: z.string().nullable(),
      email: z.string(),
      reason: z.enum(["not_started", "idle", "stuck"]),
      last_active_at: z.string().nullable(),
      passed_at: z.string().nullable(),
      lesson_title: z.string().nullable(),
      item_title: z.string().nullable(),
    }),
  ),
}) satisfies z.ZodType<AtRisk>;

/** Students at risk listed on the page; the CSV takes up to the database's cap. */
export const RISK_PAGE_LIMIT = 200;
const RISK_EXPORT_LIMIT = 10_000;

type Client = Awaited<ReturnType<typeof createDataClient>>;
const scope = (filters: AnalyticsFilters) => ({ _group_id: filters.groupId ?? undefined, _track: filters.track ?? undefined });

const panels = {
  activity: async (supabase: Client, filters: AnalyticsFilters) =>
    activitySchema.nullable().parse(orThrow(await supabase.rpc("analytics_activity", scope(filters)))),
  funnel: async (supabase: Client, filters: AnalyticsFilters) =>
    funnelSchema.nullable().parse(orThrow(await supabase.rpc("analytics_funnel", { ...scope(filters), _item_id: filters.itemId ?? undefined }))),
  homework: async (supabase: Client, filters: AnalyticsFilters) =>
    homeworkSchema.nullable().parse(orThrow(await supabase.rpc("analytics_homework", scope(filters)))),
  risk: async (supabase: Client, filters: AnalyticsFilters, limit = RISK_PAGE_LIMIT) =>
    atRiskSchema.nullable().parse(orThrow(await supabase.rpc("analytics_at_risk", { ...scope(filters), _limit: limit }))),
};

export type AnalyticsData = NonNullable<Awaited<ReturnType<typeof getAnalytics>>>;

/** What public.quiz_analytics returns: per quiz and per question, how the students did (issue 46). */
const quizzesSchema = z.array(
  z.object({
    quiz_id: z.string(),
    lesson_title: z.string(),
    is_published: z.boolean(),
    students: z.number(),
    passed: z.number(),
    attempts_to_pass: z.number().nullable(),
    questions: z.array(
      z.object({ id: z.string(), prompt_md: z.string(), answered: z.number(), right: z.number(), attempts_to_right: z.number().nullable() }),
    ),
  }),
);
export type QuizAnalytics = z.infer<typeof quizzesSchema>;

/** The quizzes panel: the students the caller may see (the group filter applies), never the key. */
export async function getQuizAnalytics(filters: AnalyticsFilters): Promise<QuizAnalytics> {
  const supabase = await createDataClient();
  return quizzesSchema.parse(orThrow(await supabase.rpc("quiz_analytics", { _group_id: filters.groupId ?? undefined })));
}

/** Every panel and the groups to filter by, in one wave; null when the caller reviews nobody. */
export async function getAnalytics(filters: AnalyticsFilters) {
  const supabase = await createDataClient();
  const [activity, funnel, homework, risk, groups] = await Promise.all([
    panels.activity(supabase, filters),
    panels.funnel(supabase, filters),
    panels.homework(supabase, filters),
    panels.risk(supabase, filters),
    // Row level security offers an admin every group, a curator the groups they curate.
    supabase.from("groups").select("id, name").order("name"),
  ]);
  if (!activity || !funnel || !homework || !risk) return null;
  return { activity, funnel, homework, risk, groups: orThrow(groups) };
}

export type PanelData = { panel: "activity"; data: Activity } | { panel: "funnel"; data: Funnel } | { panel: "homework"; data: Homework } | { panel: "risk"; data: AtRisk };

/** One panel's figures for its CSV; null when the caller reviews nobody. */
export async function getAnalyticsPanel(panel: AnalyticsPanel, filters: AnalyticsFilters): Promise<PanelData | null> {
  const supabase = await createDataClient();
  switch (panel) {
    case "activity": {
      const data = await panels.activity(supabase, filters);
      return data && { panel, data };
    }
    case "funnel": {
      const data = await panels.funnel(supabase, filters);
      return data && { panel, data };
    }
    case "homework": {
      const data = await panels.homework(supabase, filters);
      return data && { panel, data };
    }
    case "risk": {
      const data = await panels.risk(supabase, filters, RISK_EXPORT_LIMIT);
      return data && { panel, data };
    }
  }
}
