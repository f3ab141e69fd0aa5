import { formatMoscowShort } from "./dates";

/** Why a student is in a group (public.group_members.source): by hand, an order or a promo code. */
export type MembershipSource = "manual" | "order" | "promo";

/** One reason a student is in a group, as public.group_page and public.effective_access_of answer it. */
export interface Membership {
  source: MembershipSource;
  ref: string | null;
  ends_at: string | null;
}

/** A membership behind a group's grant (effective_access_of's grounds). */
export interface Ground extends Membership {
  group: string;
}

/** «оплачено: заказ №1042», «промокод «ВЕСНА»», «вручную». */
export function membershipSourceLabel(membership: Pick<Membership, "source" | "ref">): string {
  if (membership.source === "order") return `оплачено: заказ №${membership.ref}`;
  if (membership.source === "promo") return `промокод «${membership.ref}»`;
  return "вручную";
}

/** A membership on the group page: its source and its end, «… · до 01.03 в 10:00 МСК» or «… · истекло …». */
export function membershipLabel(membership: Membership, now: Date = new Date()): string {
  const source = membershipSourceLabel(membership);
  if (!membership.ends_at) return source;
  const ends = formatMoscowShort(membership.ends_at, now);
  return new Date(membership.ends_at) <= now ? `${source} · истекло ${ends}` : `${source} · до ${ends}`;
}

/** An admin removes only what an admin added: an order's or a promo's membership ends with them. */
export const removableByAdmin = (memberships: readonly Pick<Membership, "source">[]) => memberships.some((membership) => membership.source === "manual");

/** What stays after an admin removes the membership they added: «оплачено: заказ №1042», or nothing. */
export function keptAfterRemoval(memberships: readonly Membership[], now: Date = new Date()): string[] {
  return memberships.filter((membership) => membership.source !== "manual").map((membership) => membershipLabel(membership, now));
}

/**
 * The groups behind an item's access in words: «группа «Поток»», or, when an order or a promo code
 * put the student there, «оплачено: заказ №1042 (группа «Поток»)».
 */
export function groundsLabel(groupNames: readonly string[], grounds: readonly Ground[]): string {
  const bought = groupNames.filter((name) => grounds.some((ground) => ground.group === name && ground.source !== "manual"));
  const plain = groupNames.filter((name) => !bought.includes(name)).map((name) => `«${name}»`);
  const parts = bought.map((name) => {
    const reasons = grounds.filter((ground) => ground.group === name && ground.source !== "manual").map(membershipSourceLabel);
    return `${reasons.join(", ")} (группа «${name}»)`;
  });
  if (plain.length) parts.push(`${plain.length > 1 ? "группы" : "группа"} ${plain.join(", ")}`);
  return parts.join("; ");
}
