import type { IncomingMessage } from "node:http";
import { apiError, type Reply } from "./http";

/** The same JSON whatever the order of its keys, for comparing an idempotent request with the first one. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** The idempotent POSTs of one server, with the keys they have used. */
export function idempotenceKeys() {
  /** Idempotence keys by endpoint: the canonical body of the first request and its answer. */
  const idempotence = new Map<string, { body: string; reply: Reply }>();

  /**
   * A POST with an Idempotence-Key: the key is required, a repeat with the same body answers the
   * first answer, and a different body under a used key is refused. Refusals are not remembered,
   * so a corrected request may reuse its key.
   */
  return function idempotent(endpoint: string, incoming: IncomingMessage, body: unknown, create: () => Reply): Reply {
    const header = incoming.headers["idempotence-key"];
    const key = Array.isArray(header) ? header[0] : header;
    if (!key) return apiError(400, "invalid_request", "Idempotence key is empty", "Idempotence-Key");
    if (key.length > 64) return apiError(400, "invalid_request", "Idempotence key is longer than 64 characters", "Idempotence-Key");
    const scoped = `${endpoint}\n${key}`;
    const seen = idempotence.get(scoped);
    const text = canonical(body);
    if (seen) {
      if (seen.body === text) return seen.reply;
      return apiError(400, "invalid_request", "Idempotence key duplicated", "Idempotence-Key");
    }
    const reply = create();
    if (reply.status === 200) idempotence.set(scoped, { body: text, reply });
    return reply;
  };
}
