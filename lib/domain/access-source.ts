import { formatMoscowShort } from "./dates";
import { groundsLabel, type Ground } from "./memberships";
import { pluralForm } from "./plural";

/** Where a student's effective access to an item comes from (what public.student_access answers). */
export interface EffectiveAccess {
  is_unlocked: boolean;
  is_visible: boolean;
  source: string;
  group_names: string[] | null;
  opens_at: string | null;
  expired: boolean;
  /** The memberships behind a group's grant: an order or a promo code is named as the source. */
  grounds?: readonly Ground[] | null;
}

/**
 * «личная настройка», «группа «Поток: январь»», «оплачено: заказ №1042 (группа «Курс»)», «по
 * умолчанию», with «откроется …» or «доступ истёк».
 */
export function accessSourceLabel(access: EffectiveAccess | undefined, now: Date = new Date()): string {
  if (!access) return "по умолчанию";
  const parts = [access.source === "personal" ? "личная настройка" : groundsLabel(access.group_names ?? [], access.grounds ?? [])];
  if (access.opens_at) parts.push(`откроется ${formatMoscowShort(access.opens_at, now)}`);
  if (access.expired) parts.push("доступ истёк");
  return parts.join(" · ");
}

/** What a student reads on a closed item a grant opens later: «Откроется 01.12 в 10:00 МСК». */
export const opensLabel = (opensAt: string, now: Date = new Date()) => `Откроется ${formatMoscowShort(opensAt, now)}`;

/** Where a lesson sits: its tool or its course module, whose access it follows with no record of its own. */
export type LessonParent = "tool" | "module";

/**
 * An item no record speaks about, in the same words on the group page and in the student's panel
 * (docs/product.md §4: a module or tool is closed and visible; a lesson follows its tool or module).
 */
export function untouchedLabel(kind: "module" | "tool" | "lesson", parent?: LessonParent | null): string {
  if (kind !== "lesson") return "закрыт, виден · по умолчанию";
  return `${parent === "module" ? "как у модуля" : parent === "tool" ? "как у инструмента" : "как у инструмента или модуля"} · по умолчанию`;
}

/** The effective state in words, for the access panel: «Сейчас: открыт, виден». */
export function effectiveStateLabel(access: EffectiveAccess | undefined, openByDefault: boolean): string {
  const unlocked = access ? access.is_unlocked : openByDefault;
  const visible = access ? access.is_visible : true;
  return `Сейчас: ${unlocked ? "открыт" : "закрыт"}, ${visible ? "виден" : "скрыт"}`;
}

export interface GrantState {
  is_unlocked: boolean;
  is_visible: boolean;
  unlock_at: string | null;
  expires_at: string | null;
}

/** A group grant in words at a moment: «открыт до 01.03 в 10:00 МСК», «откроется 12.01 в 10:00 МСК», «доступ истёк». */
export function grantSummary(
  grant: GrantState | undefined,
  now: Date,
  untouched: { kind: "module" | "tool" | "lesson"; parent?: LessonParent | null } = { kind: "module" },
): string {
  if (!grant) return `нет настройки группы: ${untouchedLabel(untouched.kind, untouched.parent)}`;
  const parts: string[] = [];
  if (!grant.is_unlocked) parts.push("закрыт");
  else if (grant.expires_at && new Date(grant.expires_at) <= now) parts.push("доступ истёк");
  else if (grant.unlock_at && new Date(grant.unlock_at) > now) parts.push(`откроется ${formatMoscowShort(grant.unlock_at, now)}`);
  else parts.push(grant.expires_at ? `открыт до ${formatMoscowShort(grant.expires_at, now)}` : "открыт");
  if (!grant.is_visible) parts.push("скрыт");
  return parts.join(", ");
}

/** Every item's effective flags and a label, from the rows some record speaks about; the rest are defaults. */
export function describeEffectiveAccess<T extends EffectiveAccess & { kind: string; item_id: string }>(
  kind: "module" | "tool" | "lesson",
  items: readonly (string | { id: string; tool_id?: string | null; course_module_id?: string | null })[],
  rows: readonly T[],
  now: Date = new Date(),
): Record<string, { is_unlocked: boolean; is_visible: boolean; label: string }> {
  const byItem = new Map(rows.filter((row) => row.kind === kind).map((row) => [row.item_id, row]));
  return Object.fromEntries(
    items.map((item) => {
      const id = typeof item === "string" ? item : item.id;
      const parent: LessonParent | null = typeof item === "string" ? null : item.tool_id ? "tool" : item.course_module_id ? "module" : null;
      const row = byItem.get(id);
      // docs/product.md: a lesson with no record opens when its tool or module does.
      const openByDefault = kind === "lesson";
      return [
        id,
        {
          is_unlocked: row ? row.is_unlocked : openByDefault,
          is_visible: row ? row.is_visible : true,
          label: row ? `${effectiveStateLabel(row, openByDefault)} · ${accessSourceLabel(row, now)}` : `Сейчас: ${untouchedLabel(kind, parent)}`,
        },
      ];
    }),
  );
}

/**
 * What a switch in the student's access panel shows: the student's own record when there is one
 * (it wins), else what their groups or the defaults put in effect. So a switch is on exactly when
 * the student has the access, and flipping it writes a personal record from what is shown.
 */
export function shownAccess(
  kind: "module" | "tool" | "lesson",
  own: { is_unlocked: boolean; is_visible: boolean; hasRecord: boolean },
  effective: { is_unlocked: boolean; is_visible: boolean } | undefined,
): { is_unlocked: boolean; is_visible: boolean } {
  if (own.hasRecord) return { is_unlocked: own.is_unlocked, is_visible: own.is_visible };
  // docs/product.md: with no record a lesson opens, anything else is locked; both are visible.
  return effective ? { is_unlocked: effective.is_unlocked, is_visible: effective.is_visible } : { is_unlocked: kind === "lesson", is_visible: true };
}

/**
 * A switch's visible label, naming what it controls and its state (docs/product.md's «Доступ открыт» and
 * «Видимость», with the state they are in): the same words for a student's switches and a group's.
 */
export function switchText(field: "is_unlocked" | "is_visible", on: boolean): string {
  if (field === "is_unlocked") return on ? "Доступ открыт" : "Доступ закрыт";
  return on ? "Виден студентам" : "Скрыт от студентов";
}

type GrantValues = { is_unlocked: boolean; unlock_at: string; expires_at: string };

/**
 * A date entered on a closed grant turns it on: a closed grant never opens, so a date alone would
 * save one that never does. `turnedOn` says so, for the toast.
 */
export function withDatesTurningOn<T extends GrantValues>(before: T, next: T): { values: T; turnedOn: boolean } {
  const dateAdded = (["unlock_at", "expires_at"] as const).some((field) => next[field] !== "" && next[field] !== before[field]);
  if (!dateAdded || next.is_unlocked) return { values: next, turnedOn: false };
  return { values: { ...next, is_unlocked: true }, turnedOn: true };
}

/** The toast after adding students to a group: «Добавлен 1 студент», «Добавлены 3 студента», «Добавлено 5 студентов». */
export function membersAddedMessage(count: number): string {
  if (count === 0) return "Все уже в группе";
  return `${pluralForm(count, { one: "Добавлен", few: "Добавлены", many: "Добавлено" })} ${count} ${pluralForm(count, { one: "студент", few: "студента", many: "студентов" })}`;
}

/** The switch's accessible name: its label and the item, so a list of switches reads apart. */
export const switchName = (field: "is_unlocked" | "is_visible", on: boolean, itemLabel: string) => `${switchText(field, on)} — ${itemLabel}`;
