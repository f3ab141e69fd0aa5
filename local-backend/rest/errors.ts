import { json, type Reply } from "../http";
import { QueryError } from "./parse";

/** PostgREST's error body: every failure answers { code, message, details, hint }. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

interface PgError {
  code?: string;
  message: string;
  detail?: string;
  hint?: string;
}

const SERVER_ERROR_CLASSES = new Set(["09", "25", "2D", "38", "39", "3B", "40", "54", "55", "57", "58", "F0", "HV", "XX"]);

/** PostgREST's SQLSTATE → HTTP status table (Error.hs), most specific first. */
export function statusForPgError(code: string | undefined, message: string, role: string): number {
  if (!code) return 500;
  switch (code) {
    case "23503":
    case "23505":
      return 409;
    case "25006":
      return 405;
    case "21000":
      return message.endsWith("requires a WHERE clause") ? 400 : 500;
    case "53400":
      return 500;
    case "57P01":
      return 503;
    case "P0001":
      return 400;
    case "42883":
      return message.startsWith("function xmlagg(") ? 406 : 404;
    case "42P01":
      return 404;
    case "42P17":
      return 500;
    case "42501":
      return role === "anon" ? 401 : 403;
  }
  const errorClass = code.slice(0, 2);
  if (errorClass === "08" || errorClass === "53") return 503;
  if (errorClass === "0L" || errorClass === "0P" || errorClass === "28") return 403;
  if (SERVER_ERROR_CLASSES.has(errorClass) || errorClass === "P0") return 500;
  if (/^PT\d{3}$/.test(code)) return Number(code.slice(2));
  return 400;
}

/** The reply for anything a request stage threw: our own errors, parse errors, or Postgres's. */
export function errorReply(error: unknown, role: string): Reply {
  if (error instanceof ApiError) {
    return json(error.status, { code: error.code, message: error.message, details: error.details, hint: error.hint }, error.headers);
  }
  if (error instanceof QueryError) {
    return json(400, { code: "PGRST100", message: error.message, details: error.details, hint: null });
  }
  const pg = error as PgError;
  const status = statusForPgError(pg.code, pg.message, role);
  if (status >= 500) console.error("[rest]", pg.message);
  return json(
    status,
    { code: pg.code ?? "XX000", message: pg.message, details: pg.detail ?? null, hint: pg.hint ?? null },
    status === 401 ? { "www-authenticate": "Bearer" } : {},
  );
}
