import { readFileSync } from "node:fs";
import path from "node:path";

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
 *   the client's `processReply` sends for plain data, forms (FormData, files and all) and files.
 */

/** Next's `serverActions.bodySizeLimit` default (next.config.ts sets none): keep the two in step. */
export const ACTION_BODY_LIMIT = 1024 * 1024;

/** Next refuses more arguments than this (`SERVER_ACTION_ARGS_LIMIT`), with a 500. */
const ARGS_LIMIT = 1000;
/** React's `arraySizeLimit` default: strings and slots held by arrays count against it. */
const ARRAY_SIZE_LIMIT = 1_000_000;
/** Far deeper than any form's data; React revives a model recursively, so depth is a stack. */
const DEPTH_LIMIT = 64;
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
  return text !== null && isPlainArguments(parseJson(text), null) ? null : refuse(400, REFUSALS.malformed);
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

const NOT_JSON = Symbol("not JSON");

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return NOT_JSON;
  }
}

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

/** What a multipart reply holds besides its model: the FormData arguments (`$K`) it names. */
interface ReplyParts {
  form: FormData;
  formDataIds: Set<string>;
}

/**
 * A multipart reply from `encodeReply`: its model in field `0`; the entries of each FormData
 * argument (a form's action: `$K1`) under `_1_…`, text or files, as the form holds them; and each
 * file or blob argument (`$B2`) as a file part of its own (`2`). Nothing else is plain data.
 */
function isPlainReplyForm(form: FormData): boolean {
  const roots = form.getAll("0");
  if (roots.length !== 1 || typeof roots[0] !== "string") return false;
  const parts: ReplyParts = { form, formDataIds: new Set() };
  if (!isPlainArguments(parseJson(roots[0]), parts)) return false;
  for (const key of form.keys()) {
    if (key === "0") continue;
    const id = /^_([0-9a-f]{1,8})_/.exec(key)?.[1];
    if (id === undefined) return false;
    // The client writes the part's number in decimal, `$K` in hex; React looks for the hex.
    if (!parts.formDataIds.has(id) && !(/^\d+$/.test(id) && parts.formDataIds.has(Number(id).toString(16)))) return false;
  }
  return true;
}

/**
 * A form posted before its script loaded (`decodeAction`): `$ACTION_ID_<id>`, or `$ACTION_REF_<n>`
 * with its descriptor in `$ACTION_<n>:0` and its bound arguments in `$ACTION_<n>:1` (with
 * `useActionState`, the state). The other fields, text and files, reach the action as a FormData,
 * never decoded.
 */
function isPlainFormAction(form: FormData, knownAction: (id: string) => boolean): boolean {
  const refs = new Set<string>();
  for (const [key, value] of form) {
    if (!key.startsWith("$ACTION_")) continue; // the form's own fields, files too: the action gets them as they are
    if (typeof value !== "string") return false;
    if (key.startsWith("$ACTION_REF_")) refs.add(key.slice("$ACTION_REF_".length));
  }
  // Next accepts at most two: a form's action and its submit button's.
  if (refs.size > 2) return false;
  for (const key of form.keys()) {
    if (!key.startsWith("$ACTION_") || key === "$ACTION_KEY" || key.startsWith("$ACTION_REF_")) continue;
    if (key.startsWith("$ACTION_ID_")) {
      if (!knownAction(key.slice("$ACTION_ID_".length))) return false;
      continue;
    }
    const part = /^\$ACTION_(.*):([01])$/.exec(key);
    if (!part || !refs.has(part[1])) return false;
  }
  return [...refs].every((ref) => isPlainBoundAction(form, `$ACTION_${ref}:`, knownAction));
}

function isPlainBoundAction(form: FormData, prefix: string, knownAction: (id: string) => boolean): boolean {
  const parts = [form.getAll(`${prefix}0`), form.getAll(`${prefix}1`)];
  if (parts[0].length !== 1 || parts[1].length > 1) return false;
  const descriptor = parseJson(parts[0][0] as string);
  if (!isRecord(descriptor) || Object.keys(descriptor).sort().join() !== "bound,id") return false;
  if (typeof descriptor.id !== "string" || !knownAction(descriptor.id)) return false;
  // React's server renders bound arguments as a promise of the first outlined part.
  if (descriptor.bound === null) return parts[1].length === 0;
  return descriptor.bound === "$@1" && parts[1].length === 1 && isPlainArguments(parseJson(parts[1][0] as string), null);
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** The arguments array as React revives it (the root chunk's array context), nothing but plain data. */
function isPlainArguments(model: unknown, parts: ReplyParts | null): boolean {
  return Array.isArray(model) && model.length <= ARGS_LIMIT && isPlain(model, { count: 0, fork: false }, 0, parts);
}

interface ArrayContext {
  count: number;
  fork: boolean;
}

/** `bumpArrayCount`: React throws (a 500) once a forked array tree holds more than its limit. */
function bump(context: ArrayContext, slots: number): boolean {
  context.count += slots;
  return !(context.fork && context.count > ARRAY_SIZE_LIMIT);
}

/** Mirrors `reviveModel`: arrays share their outermost array's context, objects start afresh. */
function isPlain(value: unknown, arrayRoot: ArrayContext | null, depth: number, parts: ReplyParts | null): boolean {
  if (depth > DEPTH_LIMIT) return false;
  if (typeof value === "string") {
    if (value.startsWith("$") && !isPlainReference(value, parts)) return false;
    return arrayRoot === null || bump(arrayRoot, countedLength(value));
  }
  if (Array.isArray(value)) {
    const context = arrayRoot ?? { count: 0, fork: false };
    if (value.length > 1) context.fork = true;
    if (!bump(context, value.length + 1)) return false;
    return value.every((item) => isPlain(item, context, depth + 1, parts));
  }
  if (isRecord(value)) return Object.values(value).every((item) => isPlain(item, null, depth + 1, parts));
  return true; // numbers, booleans, null
}

const countedLength = (value: string) =>
  value.startsWith("$$") ? value.length - 1 : value.startsWith("$n") ? value.length - 2 : value.startsWith("$") ? 0 : value.length;

/**
 * What `processReply` writes for plain values: a user's string starting with `$` escaped as
 * `$$…`, `undefined`, a Date, a BigInt and the numbers JSON cannot hold; `$K` (a FormData, files
 * included) only inside a multipart reply. Everything else (`$B` bare files and blobs: React's
 * busboy decoder throws, a 500, when the model part arrives before the file's; `$@`
 * promises, `$h` server references, `$T` temporary references, `$Q`/`$W` maps and sets, typed arrays, streams, iterators,
 * and `$1:…` paths into other parts) is a reference to something plain data never holds.
 */
function isPlainReference(value: string, parts: ReplyParts | null): boolean {
  switch (value) {
    case "$undefined":
    case "$NaN":
    case "$Infinity":
    case "$-Infinity":
    case "$-0":
      return true;
  }
  const rest = value.slice(2);
  switch (value[1]) {
    case "$":
      return true;
    case "D":
      return Number.isFinite(Date.parse(rest));
    case "n":
      // React refuses (with a 500) more than 300 digits.
      return /^-?\d{1,300}$/.test(rest);
    case "K":
      if (parts === null || !/^[0-9a-f]{1,8}$/.test(rest)) return false;
      parts.formDataIds.add(rest);
      return true;
  }
  return false;
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
