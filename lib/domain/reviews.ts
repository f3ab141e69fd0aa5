import { shorten } from "./excerpt";
import { firstParam, isUuid } from "./paths";

/**
 * The curators' review queue: how long a work waits («ждёт 2 ч»), who has taken it, and the
 * queue's filters as they travel in the address.
 */

export type QueueStatus = "submitted" | "returned" | "accepted";
export type QueueTrack = "tech" | "product";

export const QUEUE_STATUSES: { value: QueueStatus; label: string }[] = [
  { value: "submitted", label: "Ждут проверки" },
  { value: "returned", label: "На доработке" },
  { value: "accepted", label: "Принятые" },
];

export const QUEUE_TRACKS: { value: QueueTrack; label: string }[] = [
  { value: "tech", label: "Tech Founder" },
  { value: "product", label: "Product Founder" },
];

export const REVIEWS_PER_PAGE = 50;

/** What a returned work must carry, and how long a comment may be (submission_comments' limit). */
export const RETURN_NEEDS_COMMENT = "Напишите комментарий: что доработать";
export const COMMENT_MAX = 20_000;

/** The reviewer's confirmation of a decision, naming whose work it was: after it the page stays on that work. */
export function decisionMessage(decision: "accept" | "return", student: string | null): string {
  const done = decision === "accept" ? "Работа принята" : "Работа возвращена на доработку";
  const name = student?.trim();
  return name ? `${done}: ${shorten(name, 80)}` : done;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** «меньше минуты», «5 мин», «2 ч», «3 дн»: whole units, rounded down, as a queue row has room for. */
export function elapsedShort(from: string | Date, now: Date): string {
  const elapsed = now.getTime() - new Date(from).getTime();
  // A clock a little ahead of the database's reads as «just now», never as a negative wait.
  if (!Number.isFinite(elapsed) || elapsed < MINUTE) return "меньше минуты";
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} мин`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)} ч`;
  return `${Math.floor(elapsed / DAY)} дн`;
}

/** «ждёт 2 ч»: how long a handed-in work has waited for its review. */
export const waitingLabel = (submittedAt: string | Date, now: Date) => `ждёт ${elapsedShort(submittedAt, now)}`;

/** Whether a work has waited long enough to stand out in the queue (two days). */
export const waitsLong = (submittedAt: string | Date, now: Date) => now.getTime() - new Date(submittedAt).getTime() >= 2 * DAY;

export interface Claim {
  by: { id: string; full_name: string | null } | null;
  until: string | null;
}

/** Whose claim is running, as the viewer reads it: theirs, another reviewer's, or nobody's. */
export function claimHolder(claim: Claim, viewerId: string, now: Date): "me" | "other" | null {
  if (!claim.by || !claim.until || new Date(claim.until).getTime() <= now.getTime()) return null;
  return claim.by.id === viewerId ? "me" : "other";
}

/** «Анна» of «Анна Петрова»: the queue row says who checks it in a word. */
export function reviewerName(fullName: string | null | undefined): string | null {
  const name = fullName?.trim().split(/\s+/)[0];
  return name || null;
}

/** «проверяет Анна», «проверяете вы», or nothing when nobody has taken it. */
export function claimLabel(claim: Claim, viewerId: string, now: Date): string | null {
  const holder = claimHolder(claim, viewerId, now);
  if (holder === "me") return "проверяете вы";
  if (holder === "other") return `проверяет ${reviewerName(claim.by?.full_name) ?? "другой куратор"}`;
  return null;
}

const moscowClock = new Intl.DateTimeFormat("ru-RU", { hour: "2-digit", minute: "2-digit", timeZone: "Europe/Moscow" });

/** «14:30 МСК»: when a claim of at most half an hour ends. */
export const claimEnds = (until: string) => `${moscowClock.format(new Date(until))} МСК`;

export interface QueueFilters {
  status: QueueStatus;
  groupId: string | null;
  track: QueueTrack | null;
  /** A tool or a course module. */
  itemId: string | null;
  lessonId: string | null;
  page: number;
}

type Params = Record<string, string | string[] | undefined>;

const uuidOrNull = (value: string | undefined) => (value && isUuid(value) ? value.toLowerCase() : null);

/** The filters of an address; anything unknown falls back to «all», a bad page to the first. */
export function parseQueueFilters(params: Params): QueueFilters {
  const status = firstParam(params.status);
  const track = firstParam(params.track);
  const page = Number(firstParam(params.page));
  return {
    status: QUEUE_STATUSES.some((option) => option.value === status) ? (status as QueueStatus) : "submitted",
    groupId: uuidOrNull(firstParam(params.group)),
    track: QUEUE_TRACKS.some((option) => option.value === track) ? (track as QueueTrack) : null,
    itemId: uuidOrNull(firstParam(params.item)),
    lessonId: uuidOrNull(firstParam(params.lesson)),
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** The queue's address for these filters, defaults left out; a change of filters starts at page 1. */
export function queueHref(filters: QueueFilters, change: Partial<QueueFilters> = {}): string {
  const next = { ...filters, page: 1, ...change };
  const query = new URLSearchParams();
  if (next.status !== "submitted") query.set("status", next.status);
  if (next.groupId) query.set("group", next.groupId);
  if (next.track) query.set("track", next.track);
  if (next.itemId) query.set("item", next.itemId);
  if (next.lessonId) query.set("lesson", next.lessonId);
  if (next.page > 1) query.set("page", String(next.page));
  const search = query.toString();
  return search ? `/admin/reviews?${search}` : "/admin/reviews";
}
