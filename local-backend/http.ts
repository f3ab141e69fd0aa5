import type { IncomingHttpHeaders } from "node:http";

export interface Request {
  method: string;
  url: URL;
  headers: IncomingHttpHeaders;
  body: string;
  /** The socket's address. */
  ip: string;
  /** The client's address as Auth reports it (see auth/rate-limits.ts). */
  clientAddress: string;
  /** What Auth's per-address limits count against; null when nothing names the client, and then none apply. */
  rateLimitKey: string | null;
}

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  /** Text, or bytes as Storage serves them. */
  body?: string | Buffer;
}

export function json(status: number, value: unknown, headers: Record<string, string> = {}): Reply {
  return {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
    body: JSON.stringify(value),
  };
}

export function redirect(location: string): Reply {
  return { status: 303, headers: { location } };
}

export function header(request: Request, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

export function bearerToken(request: Request): string | undefined {
  return header(request, "authorization")?.match(/^Bearer\s+(.+)$/i)?.[1];
}

/** Parses a JSON body; undefined when it is not valid JSON. */
export function parseJson(body: string): unknown {
  if (!body) return {};
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/** Thrown from inside a transaction to roll it back and answer with this reply instead. */
export class ReplyError extends Error {
  constructor(readonly reply: Reply) {
    super(`reply ${reply.status}`);
  }
}
