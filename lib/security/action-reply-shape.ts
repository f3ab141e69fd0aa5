/**
 * Whether a decoded action body is plain data, read as React reads it (react-server-dom-webpack
 * 19.3: `decodeReply`, `decodeAction`, `parseModelString`, `reviveModel`): the guard in
 * action-request.ts lets a body through only when nothing in it becomes a reference, a promise
 * or one of React's 500s.
 */

/** Next refuses more arguments than this (`SERVER_ACTION_ARGS_LIMIT`), with a 500. */
const ARGS_LIMIT = 1000;
/** React's `arraySizeLimit` default: strings and slots held by arrays count against it. */
const ARRAY_SIZE_LIMIT = 1_000_000;
/** Far deeper than any form's data; React revives a model recursively, so depth is a stack. */
const DEPTH_LIMIT = 64;

const NOT_JSON = Symbol("not JSON");

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return NOT_JSON;
  }
}

/** A reply `encodeReply` gave as a string (plain data only): the arguments array as JSON. */
export function isPlainReplyText(text: string): boolean {
  return isPlainArguments(parseJson(text), null);
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
export function isPlainReplyForm(form: FormData): boolean {
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
export function isPlainFormAction(form: FormData, knownAction: (id: string) => boolean): boolean {
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
