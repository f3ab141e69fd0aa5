import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";

/** What a route answers; the server writes it out. */
export interface Reply {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

const MAX_BODY_BYTES = 1 << 20;

export const json = (status: number, value: unknown, headers: Record<string, string> = {}): Reply => ({
  status,
  headers: { "content-type": "application/json;charset=UTF-8", ...headers },
  body: JSON.stringify(value),
});

/** ЮKassa's error body: `{type: "error", id, code, description, parameter}` with its HTTP status. */
export function apiError(status: number, code: string, description: string, parameter?: string): Reply {
  return json(status, { type: "error", id: randomUUID(), code, description, ...(parameter ? { parameter } : {}) });
}

// The wording of ЮKassa's own answers (as its SDKs' recorded fixtures have them).
export const paymentNotFound = () => apiError(404, "not_found", "Payment not found or forbidden", "payment_id");
export const refundNotFound = () => apiError(404, "not_found", "Refund not found or forbidden");

export const html = (status: number, body: string): Reply => ({
  status,
  headers: {
    "content-type": "text/html; charset=utf-8",
    // No script, no framing; no form-action either, since a form's 303 goes to the shop's return_url.
    "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
    "cache-control": "no-store",
  },
  body,
});

/** The request's body as text, or null past 1 MB (the rest is drained, not kept). */
export async function readBody(incoming: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of incoming) {
    size += (chunk as Buffer).length;
    if (size <= MAX_BODY_BYTES) chunks.push(chunk as Buffer);
  }
  return size > MAX_BODY_BYTES ? null : Buffer.concat(chunks).toString("utf8");
}

/** A path segment decoded, or "" when its escapes are malformed (then nothing has that id). */
export function segment(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return "";
  }
}
