import { formatMoscowTime } from "./dates";
import { firstParam, isUuid } from "./paths";
import { pluralForm, pluralRu, type PluralForms } from "./plural";

/**
 * School analytics (/admin/analytics): the filters as they travel in the address, the figures the
 * database functions return, and each panel's table — one table feeds both the page (beside its
 * chart) and the CSV download, so the two never disagree.
 */

export type AnalyticsTrack = "tech" | "product";
export const ANALYTICS_TRACKS: { value: AnalyticsTrack; label: string }[] = [
  { value: "tech", label: "Tech Founder" },
  { value: "product", label: "Product Founder" },
];

export const ANALYTICS_PANELS = ["activity", "funnel", "homework", "risk"] as const;
export type AnalyticsPanel = (typeof ANALYTICS_PANELS)[number];

export interface AnalyticsFilters {
  groupId: string | null;
  track: AnalyticsTrack | null;
  /** The tool or course module whose funnel is shown; null: the first there is. */
  itemId: string | null;
}

type Params = Record<string, string | string[] | undefined>;
const uuidOrNull = (value: string | undefined) => (value && isUuid(value) ? value.toLowerCase() : null);

/** The filters of an address; anything unknown means «all». */
export function parseAnalyticsFilters(params: Params): AnalyticsFilters {
  const track = firstParam(params.track);
  return {
    groupId: uuidOrNull(firstParam(params.group)),
    track: ANALYTICS_TRACKS.some((option) => option.value === track) ? (track as AnalyticsTrack) : null,
    itemId: uuidOrNull(firstParam(params.item)),
  };
}

export function parseAnalyticsPanel(value: string | string[] | undefined): AnalyticsPanel | null {
  const panel = firstParam(value);
  return ANALYTICS_PANELS.find((known) => known === panel) ?? null;
}

/** The query string of these filters, defaults left out (with a leading «?», or empty). */
export function analyticsQuery(filters: AnalyticsFilters, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams(extra);
  if (filters.groupId) query.set("group", filters.groupId);
  if (filters.track) query.set("track", filters.track);
  if (filters.itemId) query.set("item", filters.itemId);
  const search = query.toString();
  return search ? `?${search}` : "";
}

export const exportHref = (panel: AnalyticsPanel, filters: AnalyticsFilters) => `/admin/analytics/export${analyticsQuery(filters, { panel })}`;

// What the database functions return (migration 20261125001800).
export interface ActivityDay {
  /** A Moscow day, YYYY-MM-DD. */
  day: string;
  active: number;
  opened: number;
  completed: number;
  submitted: number;
}
export interface Activity {
  students: number;
  active_7d: number;
  active_30d: number;
  days: ActivityDay[];
}
export interface FunnelStep {
  id: string;
  title: string;
  position: number;
  opened: number;
  passed: number;
}
export interface Funnel {
  students: number;
  item_id: string | null;
  items: { id: string; title: string; track: AnalyticsTrack }[];
  lessons: FunnelStep[];
}
export interface ReviewerFigures {
  id: string | null;
  name: string | null;
  answered: number;
  returned: number;
  median_minutes: number | null;
}
export interface Homework {
  waiting: number;
  oldest_waiting_at: string | null;
  answered: number;
  returned: number;
  median_minutes: number | null;
  reviewers: ReviewerFigures[];
}
/** not_started: nothing opened, passed or handed in since registering; idle: active once, not in 7 days; stuck (migration 2100). */
export type AtRiskReason = "not_started" | "idle" | "stuck";
export interface AtRiskStudent {
  id: string;
  full_name: string | null;
  email: string;
  reason: AtRiskReason;
  last_active_at: string | null;
  passed_at: string | null;
  lesson_title: string | null;
  item_title: string | null;
}
export interface AtRisk {
  students: number;
  total: number;
  idle: number;
  not_started: number;
  stuck: number;
  items: AtRiskStudent[];
}

/**
 * The step where the funnel loses most students: the largest fall in «opened» from the lesson
 * before (the first such lesson on a tie); null when nobody is lost.
 */
export function biggestDrop(steps: readonly Pick<FunnelStep, "opened">[]): number | null {
  let worst: number | null = null;
  let worstLoss = 0;
  for (let index = 1; index < steps.length; index++) {
    const loss = steps[index - 1].opened - steps[index].opened;
    if (loss > worstLoss) [worst, worstLoss] = [index, loss];
  }
  return worst;
}

/** «—», «меньше минуты», «45 мин», «3 ч 20 мин», «2 дн 4 ч»: a wait as a person says it. */
export function formatMinutes(minutes: number | null): string {
  if (minutes === null || !Number.isFinite(minutes) || minutes < 0) return "—";
  if (minutes < 1) return "меньше минуты";
  const whole = Math.round(minutes);
  if (whole < 60) return `${whole} мин`;
  if (whole < 24 * 60) return whole % 60 ? `${Math.floor(whole / 60)} ч ${whole % 60} мин` : `${whole / 60} ч`;
  const hours = Math.round(whole / 60);
  return hours % 24 ? `${Math.floor(hours / 24)} дн ${hours % 24} ч` : `${hours / 24} дн`;
}

/** «33 %» of a whole; «—» of nothing. */
export const percent = (part: number, whole: number) => (whole > 0 ? `${Math.round((part / whole) * 100)} %` : "—");

/** «25.11.2026» of a Moscow day «2026-11-25». */
export const dayLabel = (day: string) => day.split("-").reverse().join(".");

/** Whole days between an instant and now; null for never. */
export const daysSince = (iso: string | null, now: Date) => (iso ? Math.max(0, Math.floor((now.getTime() - Date.parse(iso)) / 86_400_000)) : null);

export interface Table {
  columns: string[];
  rows: string[][];
}

export function activityTable(activity: Activity): Table {
  return {
    columns: ["Дата (МСК)", "Активных студентов", "Открыли урок", "Прошли урок", "Сдали работу"],
    rows: activity.days.map((d) => [dayLabel(d.day), ...[d.active, d.opened, d.completed, d.submitted].map(String)]),
  };
}

export function funnelTable(funnel: Funnel): Table {
  const drop = biggestDrop(funnel.lessons);
  return {
    columns: ["№", "Урок", "Открыли", "Прошли", "Ушли после предыдущего", "Отметка"],
    rows: funnel.lessons.map((step, index) => [
      String(step.position),
      step.title,
      String(step.opened),
      String(step.passed),
      index === 0 ? "—" : String(Math.max(0, funnel.lessons[index - 1].opened - step.opened)),
      index === drop ? "самый большой отсев" : "",
    ]),
  };
}

export function homeworkTable(homework: Homework): Table {
  const row = (name: string, answered: number, returned: number, median: number | null) => [
    name,
    String(answered),
    String(returned),
    percent(returned, answered),
    formatMinutes(median),
  ];
  return {
    columns: ["Проверяющий", "Ответов за 30 дней", "Вернули на доработку", "Доля возвратов", "Медиана до ответа"],
    rows: [
      ...homework.reviewers.map((r) => row(r.name ?? "Удалённый аккаунт", r.answered, r.returned, r.median_minutes)),
      row("Все проверяющие", homework.answered, homework.returned, homework.median_minutes),
    ],
  };
}

export const RISK_REASONS: Record<AtRiskReason, string> = { not_started: "ещё не начинал(а)", idle: "не занимается 7+ дней", stuck: "застрял(а) на уроке" };

export const STUDENTS: PluralForms = { one: "студент", few: "студента", many: "студентов" };

/** «ушёл 1 студент», «ушли 2 студента», «ушли 5 студентов». */
export const studentsLeft = (count: number) => `${pluralForm(count, { one: "ушёл", few: "ушли", many: "ушли" })} ${pluralRu(count, STUDENTS)}`;

export interface StatFigure {
  value: number;
  /** What the number counts, in the form its number asks for. */
  label: string;
}

/** The activity panel's three numbers. */
export function activityStats(activity: Activity): StatFigure[] {
  return [
    { value: activity.students, label: `${pluralForm(activity.students, STUDENTS)} в выборке` },
    { value: activity.active_7d, label: pluralForm(activity.active_7d, { one: "студент активен", few: "студента активны", many: "студентов активны" }) + " за 7 дней" },
    { value: activity.active_30d, label: pluralForm(activity.active_30d, { one: "студент активен", few: "студента активны", many: "студентов активны" }) + " за 30 дней" },
  ];
}

/** The at-risk panel's numbers: all of them, then each reason. */
export function riskStats(risk: AtRisk): StatFigure[] {
  return [
    { value: risk.total, label: `в зоне риска из ${risk.students.toLocaleString("ru-RU")}` },
    { value: risk.not_started, label: pluralForm(risk.not_started, { one: "ещё не начинал(а)", few: "ещё не начинали", many: "ещё не начинали" }) },
    { value: risk.idle, label: pluralForm(risk.idle, { one: "не занимается 7+ дней", few: "не занимаются 7+ дней", many: "не занимаются 7+ дней" }) },
    { value: risk.stuck, label: pluralForm(risk.stuck, { one: "застрял(а) на уроке", few: "застряли на уроке", many: "застряли на уроке" }) },
  ];
}

export function atRiskTable(risk: AtRisk, now: Date): Table {
  return {
    columns: ["Студент", "E-mail", "Причина", "Последняя активность", "Дней без активности", "Последний открытый урок"],
    rows: risk.items.map((student) => [
      student.full_name?.trim() || student.email,
      student.email,
      RISK_REASONS[student.reason],
      student.last_active_at ? formatMoscowTime(student.last_active_at) : "ни разу",
      String(daysSince(student.last_active_at, now) ?? "—"),
      student.lesson_title ? `${student.item_title ?? ""} → ${student.lesson_title}` : "—",
    ]),
  };
}

/**
 * A table as CSV for Excel: UTF-8 with a BOM (or Excel reads Cyrillic as cp1251), «;» between
 * fields (the list separator of a Russian Excel), CRLF lines. Against formula injection (OWASP):
 * a cell that starts like a formula (= + - @, a tab or a line break) gets a leading apostrophe, and
 * every cell is quoted, so a spreadsheet that splits at commas or tabs instead of «;» still reads
 * «Анна,=2+3» as one text cell rather than a cell that starts with «=».
 */
export function toCsv(table: Table): string {
  const cell = (value: string) => {
    const safe = /^[=+\-@\t\r\n]/.test(value) ? `'${value}` : value;
    return `"${safe.replaceAll('"', '""')}"`;
  };
  return `\uFEFF${[table.columns, ...table.rows].map((row) => row.map(cell).join(";")).join("\r\n")}\r\n`;
}
