import { readFileSync } from "node:fs";
import path from "node:path";
import { isPlainFormAction, isPlainReplyForm, isPlainReplyText } from "./action-reply-shape";

/**
 * A first filter for server action requests, in the proxy, before React decodes them. Next and
 * React answer a malformed action request with a 500 (a reference React cannot resolve, a body
 * that is not JSON, a foreign Origin); this answers it with a clean 400, 403 or 413 instead.
 *
 * The rules follow the code they stand in front of (next 16.4, react-server-dom-webpack 19.3):
 * - which requests are actions: `getServerActionRequestMetadata` (next/dist/server/lib/
 *   server-action-request-meta.js): a POST with a `Next-Action` header, or a multipart POST (a
 *   form posted before its script loaded, which `decodeAction` may turn into an action);
 * - Origin and Host: `handleAction`'s CSRF check and `parseHostHeader` (next/dist/server/
 *   app-render/action-handler.js): the Origin's host must equal the first X-Forwarded-Host, else
 *   the Host; a request without Origin passes, as there;
 * - the body: `decodeReply`/`decodeAction` and `parseModelString` (next/dist/compiled/
 *   react-server-dom-webpack/cjs/react-server-dom-webpack-server.node.production.js), and what
 *   the client's `processReply` sends for plain data, forms (FormData, files and all) and files;
 *   whether a decoded body is plain data is action-reply-shape.ts's question.
 */

/** Next's `serverActions.bodySizeLimit` default (next.config.ts sets none): keep the two in step. */
export const ACTION_BODY_LIMIT = 1024 * 1024;

/** Next's server reference ids: 42 hex digits (`SERVER_REFERENCE_ID_LENGTH`). */
const ACTION_ID = /^[0-9a-f]{42}$/;

export const REFUSALS = {
  source: "Запрос отклонён: неверный источник.",
  malformed: "Некорректный запрос.",
  unknownAction: "Действие не найдено: обновите страницу.",
  tooLarge: "Запрос слишком большой: не больше 1 МБ.",
} as const;

export interface ActionGuardOptions {
  /** The configured public address (lib/site.ts): the only host a proxy may forward. */
  siteUrl: string;
  /** Next's `experimental.serverActions.allowedOrigins`, as exact hosts (next.config.ts sets none). */
  allowedOrigins?: readonly string[];
  /** The build's action ids; null when unknown (next dev compiles them page by page). */
  actionIds?: ReadonlySet<string> | null;
  bodyLimit?: number;
}

/** A refusal for a server action request, or null to let Next handle it. */
export async function guardActionRequest(request: Request, options: ActionGuardOptions): Promise<Response | null> {
  if (request.method !== "POST") return null;
  const actionId = request.headers.get("next-action");
  const contentType = request.headers.get("content-type") ?? "";
  // Next's own test, case and all: anything else is not decoded as multipart.
  const multipart = contentType.startsWith("multipart/form-data");
  const fetchAction = actionId !== null;
  if (!fetchAction && !multipart) return null;

  const refuse = (status: number, message: string, headers: Record<string, string> = {}) =>
    new Response(message, {
      status,
      // The router shows the text of a `text/plain` answer (exactly that type) as the action's error.
      headers: { "content-type": fetchAction ? "text/plain" : "text/plain; charset=utf-8", "cache-control": "no-store", ...headers },
    });

  if (isForeignSource(request.headers, options)) return refuse(403, REFUSALS.source);
  const knownAction = (id: string) => ACTION_ID.test(id) && (!options.actionIds || options.actionIds.has(id));
  // The router reads this header as «the action is gone» (a page from an older build), as from Next.
  if (fetchAction && !knownAction(actionId)) return refuse(400, REFUSALS.unknownAction, { "x-nextjs-action-not-found": "1" });

  const body = await readBody(request, options.bodyLimit ?? ACTION_BODY_LIMIT);
  if (body === "too large") return refuse(413, REFUSALS.tooLarge);
  if (multipart) {
    const form = await parseForm(body, contentType, fetchAction);
    const valid = form && (fetchAction ? isPlainReplyForm(form) : isPlainFormAction(form, knownAction));
    return valid ? null : refuse(400, REFUSALS.malformed);
  }
  // `encodeReply` gives a string for plain data, which fetch sends as text/plain;charset=UTF-8.
  if (!/^text\/plain\s*(;\s*charset="?utf-8"?\s*)?$/i.test(contentType)) return refuse(400, REFUSALS.malformed);
  const text = decodeUtf8(body);
  return text !== null && isPlainReplyText(text) ? null : refuse(400, REFUSALS.malformed);
}

/**
 * True when the request names another site. A forwarded host must be the site's own or the
 * request's Host (a proxy in front rewrites one of the two); the Origin must then equal the host
 * Next compares it with, so everything let through here passes Next's check too. The Host alone
 * is not held to the site's: no page can forge it for someone else's request, and `next dev` on
 * 127.0.0.1 or a preview deployment answers under a host of its own.
 */
function isForeignSource(headers: Headers, { siteUrl, allowedOrigins = [] }: ActionGuardOptions): boolean {
  const allowed = (host: string) => allowedOrigins.some((origin) => origin.toLowerCase() === host.toLowerCase());
  const host = headers.get("host");
  const forwarded = headers.get("x-forwarded-host")?.split(",")[0].trim() || null;
  if (forwarded !== null && forwarded !== host && forwarded !== new URL(siteUrl).host && !allowed(forwarded)) return true;
  const origin = headers.get("origin");
  // A handcrafted request without Origin carries no one else's cookies; Next lets it through too.
  if (origin === null) return false;
  let originHost: string;
  try {
    const url = new URL(origin);
    if (url.protocol !== "http:" && url.protocol !== "https:") return true;
    originHost = url.host;
  } catch {
    return true; // `null` (a sandboxed frame, a data: page) and anything unparsable
  }
  return originHost !== (forwarded ?? host) && !allowed(originHost);
}

async function readBody(request: Request, limit: number): Promise<Uint8Array | "too large"> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) return "too large";
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return "too large";
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

const decodeUtf8 = (bytes: Uint8Array): string | null => {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return null;
  }
};

/** A multipart part's boundary, as the parsers read it from the content type. */
const BOUNDARY = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i;

/**
 * The header block of each part, read by the boundary, or null when a part has none. Only for
 * the questions below; what the parts hold is read by undici, and the two must agree.
 */
function partHeaders(raw: string, contentType: string): string[] | null {
  const match = BOUNDARY.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) return null;
  const blocks: string[] = [];
  for (const piece of `\r\n${raw}`.split(`\r\n--${boundary}`).slice(1)) {
    if (piece.startsWith("--")) break;
    const end = piece.indexOf("\r\n\r\n");
    if (end < 0) return null;
    blocks.push(piece.slice(0, end));
  }
  return blocks;
}

/**
 * A multipart body as undici reads it, as Next reads a form's parts; a fetch action's parts Next
 * reads with busboy, which must read them alike: a part is a file exactly when it has a
 * `filename`. Refused: a base64 part (busboy errs, a 500), `filename*` (read differently by the
 * two), and in a fetch action a part without a filename typed `application/octet-stream` (a file
 * to busboy, text to undici; Node's FormData sends an unnamed file so).
 */
async function parseForm(body: Uint8Array, contentType: string, busboyReads: boolean): Promise<FormData | null> {
  const blocks = partHeaders(new TextDecoder("latin1").decode(body), contentType);
  if (blocks === null) return null;
  let files = 0;
  for (const block of blocks) {
    const lines = `\n${block}`;
    if (/\ncontent-transfer-encoding\s*:/i.test(lines) || /;\s*filename\*\s*=/i.test(block)) return null;
    if (/;\s*filename\s*=/i.test(block)) files++;
    else if (busboyReads && /\ncontent-type\s*:\s*application\/octet-stream/i.test(lines)) return null;
  }
  let form: FormData;
  try {
    form = await new Response(body as Uint8Array<ArrayBuffer>, { headers: { "content-type": contentType } }).formData();
  } catch {
    return null;
  }
  let read = 0;
  for (const value of form.values()) if (typeof value !== "string") read++;
  return read === files ? form : null;
}

let buildActionIds: ReadonlySet<string> | null | undefined;

/**
 * The ids of the build's server actions (its server-reference-manifest.json), read once; null in
 * `next dev` (its manifest grows as pages compile) or where the file is not beside the proxy,
 * and Next then answers an unknown id itself (a 400 or 409, cleanly).
 */
export function builtActionIds(): ReadonlySet<string> | null {
  if (process.env.NODE_ENV !== "production") return null;
  if (buildActionIds !== undefined) return buildActionIds;
  try {
    const distDir = process.env.NEXT_DIST_DIR || ".next"; // as next.config.ts
    const file = path.join(/* turbopackIgnore: true */ process.cwd(), distDir, "server", "server-reference-manifest.json");
    const manifest = JSON.parse(readFileSync(file, "utf8")) as { node?: object; edge?: object };
    buildActionIds = new Set([...Object.keys(manifest.node ?? {}), ...Object.keys(manifest.edge ?? {})]);
  } catch (error) {
    console.warn("server actions: the build's manifest is unreadable, action ids are left to Next:", (error as Error).message);
    buildActionIds = null;
  }
  return buildActionIds;
}
