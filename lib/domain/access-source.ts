import { formatMoscowShort } from "./dates";

/** Where a student's effective access to an item comes from (what public.student_access answers). */
export interface EffectiveAccess {
  is_unlocked: boolean;
  is_visible: boolean;
  source: string;
  group_names: string[] | null;
  opens_at: string | null;
  expired: boolean;
}

/** «личная настройка», «группа «Поток: январь»», «по умолчанию», with «откроется …» or «доступ истёк». */
export function accessSourceLabel(access: EffectiveAccess | undefined, now: Date = new Date()): string {
  if (!access) return "по умолчанию";
  const names = (access.group_names ?? []).map((name) => `«${name}»`);
  const parts = [access.source === "personal" ? "личная настройка" : `${names.length > 1 ? "группы" : "группа"} ${names.join(", ")}`];
  if (access.opens_at) parts.push(`откроется ${formatMoscowShort(access.opens_at, now)}`);
  if (access.expired) parts.push("доступ истёк");
  return parts.join(" · ");
}

/** What a student reads on a closed item a grant opens later: «Откроется 01.12 в 10:00 МСК». */
export const opensLabel = (opensAt: string, now: Date = new Date()) => `Откроется ${formatMoscowShort(opensAt, now)}`;

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
export function grantSummary(grant: GrantState | undefined, now: Date): string {
  if (!grant) return "нет настройки";
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
  itemIds: readonly string[],
  rows: readonly T[],
  now: Date = new Date(),
): Record<string, { is_unlocked: boolean; is_visible: boolean; label: string }> {
  const byItem = new Map(rows.filter((row) => row.kind === kind).map((row) => [row.item_id, row]));
  return Object.fromEntries(
    itemIds.map((id) => {
      const row = byItem.get(id);
      // docs/product.md: a lesson with no record opens when its tool or module does.
      const openByDefault = kind === "lesson";
      return [
        id,
        {
          is_unlocked: row ? row.is_unlocked : openByDefault,
          is_visible: row ? row.is_visible : true,
          label: `${effectiveStateLabel(row, openByDefault)} · ${accessSourceLabel(row, now)}`,
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
  return on ? "Видимость: виден" : "Видимость: скрыт";
}

/** The switch's accessible name: its label and the item, so a list of switches reads apart. */
export const switchName = (field: "is_unlocked" | "is_visible", on: boolean, itemLabel: string) => `${switchText(field, on)} — ${itemLabel}`;
