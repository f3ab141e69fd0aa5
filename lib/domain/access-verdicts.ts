import { formatMoscowShort } from "./dates";
import { groundsLabel, type Ground } from "./memberships";

/** Why an item is open or closed, as public.access_verdicts answers it: the first reason that decides. */
export const VERDICT_REASONS = ["admin", "unpublished", "expired", "scheduled", "personal", "group", "parent", "held", "default"] as const;
export type VerdictReason = (typeof VERDICT_REASONS)[number];

/** One row of public.access_verdicts: the rule's answer for one item. */
export interface AccessVerdict {
  item_id: string;
  /** The item's own decision (its record, else the default), which the panel's switches show. */
  item_unlocked: boolean;
  is_visible: boolean;
  /** Whether the student can open it now: with its tool or module and the stop-lessons before it. */
  is_open: boolean;
  opens_at: string | null;
  why: VerdictReason;
  group_names: string[] | null;
  grounds: Ground[];
  held_by: string | null;
  /** Whether the stop-lesson holding it holds by its quiz rather than its homework. */
  held_by_quiz: boolean | null;
}

/** What the panel needs to name a lesson's parent and the stop-lesson holding it. */
export interface VerdictContext {
  parent?: "tool" | "module" | null;
  lessonTitle?: (lessonId: string) => string | undefined;
  now?: Date;
}

/** Whose record decides: «личная настройка», or the groups with the order or promo code behind them. */
function recordLabel(verdict: AccessVerdict): string {
  return verdict.group_names?.length ? groundsLabel(verdict.group_names, verdict.grounds) : "личная настройка";
}

/** The reason in words, as the admin panel says it after «Сейчас: …». */
export function verdictReason(kind: "module" | "tool" | "lesson", verdict: AccessVerdict, context: VerdictContext = {}): string {
  const now = context.now ?? new Date();
  const parent = context.parent === "module" ? "модуль" : "инструмент";
  switch (verdict.why) {
    case "admin":
      return "администратор открывает всё";
    case "unpublished":
      return "черновик: студенты не видят";
    case "expired":
      return `${recordLabel(verdict)} · доступ истёк`;
    case "scheduled":
      return `${recordLabel(verdict)} · откроется ${formatMoscowShort(verdict.opens_at!, now)}`;
    case "personal":
    case "group":
      return recordLabel(verdict);
    case "parent":
      return `${parent} закрыт для студента`;
    case "held": {
      const title = verdict.held_by ? context.lessonTitle?.(verdict.held_by) : undefined;
      const stop = verdict.held_by_quiz ? "прохождения теста" : "принятия задания";
      return title ? `ждёт ${stop} урока «${title}»` : `ждёт ${stop} стоп-урока`;
    }
    case "default":
      return kind === "lesson" ? `как у ${context.parent === "module" ? "модуля" : "инструмента"} · по умолчанию` : "по умолчанию";
  }
}

/** «Сейчас: открыт, виден · группа «Поток»»: the verdict and its reason, for the panel's line under a switch. */
export function verdictLabel(kind: "module" | "tool" | "lesson", verdict: AccessVerdict, context: VerdictContext = {}): string {
  return `Сейчас: ${verdict.is_open ? "открыт" : "закрыт"}, ${verdict.is_visible ? "виден" : "скрыт"} · ${verdictReason(kind, verdict, context)}`;
}

/**
 * The access panel's rows for one kind: each item's own decision (the switches show it, and a flip
 * writes a personal record from it) and the verdict's line. Every item has a verdict: the rule
 * answers defaults too, so nothing here decides one.
 */
export function panelRows(
  kind: "module" | "tool" | "lesson",
  verdicts: readonly AccessVerdict[],
  lessons: readonly { id: string; title: string; course_module_id: string | null }[] = [],
  now: Date = new Date(),
): Record<string, { is_unlocked: boolean; is_visible: boolean; label: string }> {
  const lessonById = new Map(lessons.map((lesson) => [lesson.id, lesson]));
  const lessonTitle = (id: string) => lessonById.get(id)?.title;
  return Object.fromEntries(
    verdicts.map((verdict) => {
      const parent = kind === "lesson" ? (lessonById.get(verdict.item_id)?.course_module_id ? "module" : "tool") : null;
      return [
        verdict.item_id,
        { is_unlocked: verdict.item_unlocked, is_visible: verdict.is_visible, label: verdictLabel(kind, verdict, { parent, lessonTitle, now }) },
      ];
    }),
  );
}
