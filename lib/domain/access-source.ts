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
export function accessSourceLabel(access: EffectiveAccess | undefined): string {
  if (!access) return "по умолчанию";
  const names = (access.group_names ?? []).map((name) => `«${name}»`);
  const parts = [access.source === "personal" ? "личная настройка" : `${names.length > 1 ? "группы" : "группа"} ${names.join(", ")}`];
  if (access.opens_at) parts.push(`откроется ${formatMoscowShort(access.opens_at)}`);
  if (access.expired) parts.push("доступ истёк");
  return parts.join(" · ");
}

/** The effective state in words, for the access panel: «Сейчас: открыт, виден». */
export function effectiveStateLabel(access: EffectiveAccess | undefined, openByDefault: boolean): string {
  const unlocked = access ? access.is_unlocked : openByDefault;
  const visible = access ? access.is_visible : true;
  return `Сейчас: ${unlocked ? "открыт" : "закрыт"}, ${visible ? "виден" : "скрыт"}`;
}
