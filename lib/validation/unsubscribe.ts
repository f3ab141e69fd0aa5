import { CONFIGURABLE_KINDS } from "@/lib/domain/notifications";
import { z } from "./zod";

/** An unsubscribe link's query (`?token=…&kind=…`), shared by the page, its action and the one-click endpoint. */

export const DAMAGED_LINK = "Ссылка для отписки повреждена";
export const UNKNOWN_LINK = "Ссылка для отписки недействительна";

export type UnsubscribeKind = (typeof CONFIGURABLE_KINDS)[number]["kind"];

/** The token is two UUIDs' hex (migration 1300); a bound keeps anything else out of the query. */
const token = z.string(DAMAGED_LINK).regex(/^[A-Za-z0-9_-]{16,128}$/, DAMAGED_LINK);

/** No kind: every notification e-mail. */
const kind = z.literal(
  CONFIGURABLE_KINDS.map((entry) => entry.kind),
  DAMAGED_LINK,
);

export const unsubscribeSchema = z.object({ token, kind: kind.optional() });
export type UnsubscribeRequest = z.infer<typeof unsubscribeSchema>;

/** A link's query values as they come (one, several or none each); an empty kind is no kind. */
export function parseUnsubscribeLink(query: { token: unknown; kind: unknown }): UnsubscribeRequest | null {
  const parsed = unsubscribeSchema.safeParse({ token: query.token, kind: query.kind === "" ? undefined : query.kind });
  return parsed.success ? parsed.data : null;
}

/** «Работа принята», or null for every e-mail. */
export function unsubscribeKindLabel(kind: UnsubscribeKind | undefined): string | null {
  return CONFIGURABLE_KINDS.find((entry) => entry.kind === kind)?.label ?? null;
}
