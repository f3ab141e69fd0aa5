import { formatMoscowShort } from "./dates";
import { pluralForm } from "./plural";

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

/**
 * What a switch in the student's access panel shows: the student's own record when there is one
 * (it wins), else the item's own decision as the access rule answers it (their groups, or the
 * default). So a switch is on exactly when the item itself is open to them, and flipping it writes a
 * personal record from what is shown.
 */
export function shownAccess(
  own: { is_unlocked: boolean; is_visible: boolean; hasRecord: boolean },
  decided: { is_unlocked: boolean; is_visible: boolean },
): { is_unlocked: boolean; is_visible: boolean } {
  return own.hasRecord ? { is_unlocked: own.is_unlocked, is_visible: own.is_visible } : { is_unlocked: decided.is_unlocked, is_visible: decided.is_visible };
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
