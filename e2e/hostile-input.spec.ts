import { randomUUID } from "node:crypto";
import type { APIRequestContext, APIResponse } from "@playwright/test";
import { isPlainData } from "../lib/actions/define";
import { MESSAGES } from "../lib/actions/errors";
import { REFUSALS } from "../lib/security/action-request";
import { expect, test, visitorAddress } from "./fixtures";
import { callAction, formOf } from "./helpers/actions";
import { createStudent, createTool, deleteUser, schoolRows, service, setAccess, unique, type TestUser } from "./helpers/backend";
import {
  actionResult,
  asText,
  BAD_ACTION_IDS,
  builtActions,
  encodeReply,
  FIELD_VALUES,
  inChunks,
  MALFORMED_BODIES,
  messagesOf,
  NAUGHTY_STRINGS,
  notRussian,
  stringsIn,
  TYPED_VALUES,
  type BuiltAction,
} from "./helpers/hostile";
import { E2E_APP_URL } from "./helpers/ports";

/**
 * Hostile input against every server action, the metadata routes and the proxy's action guard:
 * naughty strings, wrong types, huge values, malformed bodies, foreign origins and spoofed hosts,
 * as an anonymous visitor, a student and an admin. Each answer must be clean (no 5xx; a refusal
 * with the guard's Russian text; an action's message in Russian), and nothing may be written.
 *
 * Nothing legitimate can be written either, so any write is a bug: the admin's cases name rows
 * that exist nowhere (random ids), and carry a marker in every text a create could store; the
 * student's and the visitor's cases name this file's own canary rows, which they may not change.
 */

type Role = "anonymous" | "student" | "admin";
const TEXT = "text/plain;charset=UTF-8";
const CLEAN = new Set([200, 303, 307, 400, 403, 404, 405, 409, 413]);
const MARK = `hostile${Date.now().toString(36)}`;
const CHUNK = 16;

interface Case {
  label: string;
  role: Role;
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  multipart?: Record<string, string>;
  /** Strings of the input a message may repeat (an unknown e-mail, say). */
  inputs?: string[];
  /** The guard's answer, when the case must be refused. */
  refusal?: { status: number; text: string };
  /** A signed-out or student caller's case of one action (`role action`): see `thinned`. */
  pair?: string;
  /** Its arguments are not plain data, which the action layer refuses before asking who calls. */
  notPlain?: boolean;
}

interface Failure {
  label: string;
  status: number;
  detail: string;
}

interface Canaries {
  student: TestUser;
  admin: TestUser;
  tool: Awaited<ReturnType<typeof createTool>>;
  lessonId: string;
  blockId: string;
  moduleId: string;
  groupId: string;
}

/** Row ids that exist nowhere: an update or delete naming one changes nothing, an insert fails its foreign key. */
const nowhere = () => randomUUID();

/** The arguments each action is called with, before one field at a time is made hostile. */
function templates(role: Role, canaries: Canaries): Record<string, () => unknown[]> {
  const { student, tool, lessonId, blockId, moduleId, groupId } = canaries;
  // The admin may write anything, so its cases name nothing; the others' name the canaries.
  const id = {
    student: () => (role === "admin" ? nowhere() : student.id),
    tool: () => (role === "admin" ? nowhere() : tool.id),
    block: () => (role === "admin" ? nowhere() : blockId),
    lesson: () => (role === "admin" ? nowhere() : lessonId),
    module: () => (role === "admin" ? nowhere() : moduleId),
    group: () => (role === "admin" ? nowhere() : groupId),
  };
  return {
    recordLessonOpened: () => [id.lesson()],
    prepareHomeworkUpload: () => [{ assignmentId: nowhere(), fileName: `${MARK}.pdf`, size: 10 }],
    checkHomeworkUpload: () => [{ assignmentId: nowhere(), path: `${nowhere()}/${nowhere()}/${nowhere()}.pdf`, fileName: `${MARK}.pdf` }],
    submitHomework: () => [{ assignmentId: nowhere(), answer: `${MARK} ответ`, links: [], files: [] }],
    endPreview: () => [id.student()],
    // A token nobody has: no one's e-mail preferences change.
    unsubscribeEmails: () => [{ token: "0123456789abcdef".repeat(4), kind: "homework_accepted" }],
    proveEmailAddress: () => [{ token: "ab".repeat(32) }],
    openNotification: () => [2 ** 52],
    markAllNotificationsRead: () => [{ before: new Date(0).toISOString() }],
    retryDelivery: () => [2 ** 52],
    setAccess: () => [{ kind: "tool", studentId: id.student(), itemId: id.tool(), field: "is_unlocked", value: false }],
    setAllAccess: () => [{ kind: "tool", studentId: id.student(), itemIds: [id.tool()], field: "is_visible", value: false }],
    dropAccess: () => [{ kind: "tool", studentId: id.student(), itemId: id.tool() }],
    startPreview: () => [nowhere()],
    saveCourseModule: () => [{ id: id.module(), title: `${MARK} модуль`, description: "Описание", is_published: true }],
    saveTool: () => [{ id: id.tool(), name: `${MARK} инструмент`, description: "", is_published: true }],
    saveBlock: () => [{ id: id.block(), tool_id: id.tool(), name: `${MARK} блок`, description: "", is_published: true }],
    saveLesson: () => [{ id: id.lesson(), parent: `tool:${id.tool()}`, title: `${MARK} урок`, description: "", video: "", is_published: true }],
    deleteContent: () => [{ kind: "tool", id: id.tool() }],
    reorderContent: () => [{ kind: "lesson", ids: [id.lesson(), nowhere()] }],
    getDeletionImpact: () => [{ kind: "block", id: id.block() }],
    previewLessonBody: () => [{ body_md: "## Шаги" }],
    prepareMaterialUpload: () => [{ lessonId: id.lesson(), fileName: `${MARK}.pdf`, size: 10, purpose: "material" }],
    attachMaterial: () => [{ lessonId: id.lesson(), path: `${id.lesson()}/${nowhere()}.pdf`, fileName: `${MARK}.pdf` }],
    attachLessonImage: () => [{ lessonId: id.lesson(), path: `${id.lesson()}/images/${nowhere()}.png`, fileName: `${MARK}.png` }],
    renameLessonMaterial: () => [{ id: nowhere(), fileName: `${MARK}.pdf` }],
    reorderLessonMaterials: () => [{ lessonId: id.lesson(), ids: [nowhere()] }],
    deleteLessonMaterial: () => [{ id: nowhere() }],
    saveGroup: () => [{ id: id.group(), name: `${MARK} группа` }],
    deleteGroup: () => [id.group()],
    addMembers: () => [{ groupId: id.group(), emails: `${MARK}@example.com` }],
    removeMember: () => [{ groupId: id.group(), userId: id.student() }],
    saveGrant: () => [{ groupId: id.group(), kind: "tool", itemId: id.tool(), is_unlocked: false, is_visible: false, unlock_at: "", expires_at: "" }],
    dropGrant: () => [{ groupId: id.group(), kind: "tool", itemId: id.tool() }],
    addCurator: () => [{ groupId: id.group(), email: `${MARK}@example.com` }],
    removeCurator: () => [{ groupId: id.group(), userId: nowhere() }],
    saveAssignment: () => [{ lesson_id: id.lesson(), instructions_md: `${MARK} задание`, accepts_text: true, accepts_links: false, accepts_files: false, is_stop_lesson: true }],
    countAssignmentSubmissions: () => [{ id: nowhere() }],
    deleteAssignment: () => [{ id: nowhere() }],
    claimSubmission: () => [{ submissionId: nowhere() }],
    releaseSubmission: () => [{ submissionId: nowhere() }],
    reviewSubmission: () => [{ submissionId: nowhere(), decision: "return", comment: `${MARK} комментарий` }],
    setGroupGrants: () => [{ groupId: id.group(), kind: "tool", itemIds: [id.tool()], is_unlocked: false }],
    undoGroupGrants: () => [{ groupId: id.group(), kind: "tool", drop: [id.tool()], unlocked: [], locked: [] }],
    // «Настройки» act on the caller's own account: each template is refused as it stands.
    changeName: () => [{ fullName: "Канарейка 2" }],
    changeEmail: () => [{ email: "не-адрес" }],
    changePassword: () => [{ password: "новый-пароль-1", confirmation: "другой-пароль-2" }],
    setNotificationPreference: () => [{ kind: "welcome", channel: "email", enabled: false }],
    resendEmailProof: () => [],
    connectTelegram: () => [],
    disconnectTelegram: () => [],
  };
}

/** Actions that create a row when their `id` is missing: that one value would be a legitimate write. */
const CREATES = new Set(["saveCourseModule", "saveTool", "saveBlock", "saveLesson", "saveGroup"]);
const SAFETY: Record<string, Record<string, Record<string, unknown>>> = {
  // A naughty string may well be a valid name or address: a field too many keeps the strict schema refusing.
  changeName: { fullName: { unexpected: MARK } },
  changeEmail: { email: { unexpected: MARK } },
};
/** Their success reaches Supabase Auth: each case comes from an address of its own, as a crowd would. */
const AUTH_ACTIONS = new Set(["submitAuthForm", "resendRecoveryEmail", "verifyRecoveryCode", "updatePassword", "confirmEmailLink"]);

/**
 * The actions that take a form (FormData): after their script, React sends `model` with the form's
 * entries beside it; before it, the browser posts the fields. Every success stays impossible: the
 * sign-up's address is registered already, the passwords differ, the code and the link are nobody's.
 */
const FORM_ACTIONS: Record<string, { model: string; fields: (canaries: Canaries) => Record<string, string> }> = {
  confirmEmailLink: { model: '["$K1"]', fields: () => ({ token_hash: `pkce_${"ab".repeat(28)}`, type: "recovery", next: "/dashboard", code: "" }) },
  submitAuthForm: {
    model: '[{"result":null,"fields":{},"answered":0},"$K1"]',
    fields: ({ student }) => ({ mode: "signUp", fullName: "Иван Канарейкин", email: student.email, password: "x", privacyConsent: "on" }),
  },
  resendRecoveryEmail: { model: '[{"result":null,"fields":{},"answered":0},"$K1"]', fields: () => ({ email: `${unique("nobody")}@example.com` }) },
  verifyRecoveryCode: { model: '[{"result":null,"fields":{},"answered":0},"$K1"]', fields: () => ({ email: `${unique("nobody")}@example.com`, code: "123456" }) },
  updatePassword: { model: '[{"result":null,"fields":{},"answered":0},"$K1"]', fields: () => ({ password: "новый-пароль-1", confirmation: "другой-пароль-2" }) },
  // Another address than the caller's: the account stays.
  deleteAccount: { model: '[{"result":null,"fields":{},"answered":0},"$K1"]', fields: () => ({ email: `${unique("nobody")}@example.com` }) },
  // A lesson nobody has: no mark can be written.
  setLessonCompleted: { model: '[{"result":null,"fields":{},"answered":0},"$K1"]', fields: () => ({ lessonId: "00000000-0000-4000-8000-0000000000ee", completed: "true" }) },
};
/** Ends the session everywhere: a signed-in role only sends it bodies the guard refuses. */
const SESSION_ENDING = new Set(["signOutForm"]);

/** `args` with the value at `slot` replaced: a whole argument, or one field of an object argument. */
function withValue(args: unknown[], [index, key]: Slot, value: unknown, extra: Record<string, unknown> = {}): unknown[] {
  const copy = [...args];
  if (key === undefined) {
    copy[index] = value;
    return copy;
  }
  const fields = Object.entries({ ...(copy[index] as Record<string, unknown>), ...extra }).filter(([name]) => name !== key);
  // Own keys only (Object.fromEntries): a field named `__proto__` stays data.
  copy[index] = Object.fromEntries([...fields, [key, value]]);
  return copy;
}

type Slot = [number, string?];

/** The slots of a template: each field of an object argument, and each argument whole. */
function slotsOf(args: unknown[]): Slot[] {
  if (args.length === 0) return [[0]];
  return args.flatMap((arg, index): Slot[] =>
    typeof arg === "object" && arg !== null && !Array.isArray(arg) ? [[index], ...Object.keys(arg).map((key): Slot => [index, key])] : [[index]],
  );
}

/** A deterministic walk through the corpus, so every naughty string is sent by some slot. */
function corpusWalker() {
  let naughty = 0;
  let typed = 0;
  return (strings: number, values: number) => {
    const picked: unknown[] = [];
    for (let i = 0; i < strings; i++) picked.push(NAUGHTY_STRINGS[naughty++ % NAUGHTY_STRINGS.length]);
    for (let i = 0; i < values; i++) picked.push(TYPED_VALUES[typed++ % TYPED_VALUES.length]);
    return picked;
  };
}

async function fieldCases(role: Role, actions: Map<string, BuiltAction>, canaries: Canaries, pick: ReturnType<typeof corpusWalker>): Promise<Case[]> {
  const cases: Case[] = [];
  const made = templates(role, canaries);
  for (const action of actions.values()) {
    if (role !== "anonymous" && SESSION_ENDING.has(action.name)) continue;
    if (action.name in FORM_ACTIONS) continue; // formCases
    const template = made[action.name] ?? (() => [{}]);
    const auth = AUTH_ACTIONS.has(action.name);
    // The admin reaches every action; the others are turned away by the proxy before most of them.
    const [strings, values] = role === "admin" || (role === "anonymous" && auth) ? [6, 6] : [2, 2];
    // Prototype keys as raw JSON (a literal would set the prototype): React drops `__proto__`, and `constructor` is data.
    const example = template();
    const plain = JSON.stringify(example);
    const pair = role === "admin" ? undefined : `${role} ${action.name}`;
    if (plain.startsWith("[{")) {
      for (const key of ['"__proto__":{"isAdmin":true,"role":"admin"}', '"constructor":{"prototype":{"isAdmin":true}}']) {
        const body = plain.replace("[{", `[{${key},`);
        cases.push({ label: `${role} ${action.name}({${key}})`, role, path: action.path, headers: { "next-action": action.id }, body, inputs: stringsIn(example), pair });
      }
    }
    for (const slot of slotsOf(template())) {
      const field = String(slot[1] ?? "");
      const aimed = FIELD_VALUES.filter(([pattern]) => pattern.test(field)).flatMap(([, values]) => values);
      // An object argument replaced whole by a string is refused for its type, whatever the string: one stands for all.
      const wholeObject = slot[1] === undefined && typeof example[slot[0]] === "object" && example[slot[0]] !== null && !Array.isArray(example[slot[0]]);
      for (const value of [...pick(wholeObject ? 1 : strings, values), ...(role === "admin" || auth ? aimed : aimed.slice(0, 1))]) {
        if (value === undefined && field === "id" && CREATES.has(action.name)) continue;
        const args = withValue(template(), slot, value, SAFETY[action.name]?.[field]);
        const body = await encodeReply(args);
        if (typeof body !== "string") throw new Error(`${action.name}: a plain value encoded as FormData`);
        cases.push({
          label: `${role} ${action.name}(${slot.join(".")} = ${shown(value)})`,
          role,
          path: action.path,
          headers: { "next-action": action.id, ...(auth ? { "x-forwarded-for": visitorAddress() } : {}) },
          body,
          inputs: stringsIn(args),
          pair,
          notPlain: !isPlainData(args),
        });
      }
    }
  }
  return cases;
}

/**
 * A signed-out visitor's or a student's cases of each action: the first of each, and the rest.
 * Before its schema, the action layer (lib/actions/define.ts) asks only whether the arguments are
 * plain data and whether the caller's role may call the action, so a caller it turns away hears
 * the same refusal whatever the values (lib/actions/define.test.ts holds that order,
 * e2e/roles.spec.ts every action's refusal of every role). Where the first case is answered
 * «Войдите…» or «Недостаточно прав», one case that is not plain data stands for the rest of that
 * caller's cases of that action (`thinned`); every value still reaches every action in the
 * admin's cases, decoded by the same React, and every naughty string with them.
 */
function splitByPair(cases: Case[]): { first: Case[]; rest: Case[] } {
  const seen = new Set<string>();
  const first: Case[] = [];
  const rest: Case[] = [];
  for (const item of cases) {
    if (item.pair && seen.has(item.pair)) rest.push(item);
    else {
      if (item.pair) seen.add(item.pair);
      first.push(item);
    }
  }
  return { first, rest };
}

function thinned(rest: Case[], refused: Set<string>): Case[] {
  const stands = new Set<string>();
  return rest.filter((item) => {
    if (!refused.has(item.pair!)) return true;
    if (!item.notPlain || stands.has(item.pair!)) return false;
    stands.add(item.pair!);
    return true;
  });
}

/** A form's action, sent after hydration (a FormData argument) and before it (a plain form post). */
function formCases(role: Role, action: BuiltAction, canaries: Canaries, pick: ReturnType<typeof corpusWalker>): Case[] {
  const { model, fields: fieldsOf } = FORM_ACTIONS[action.name];
  const cases: Case[] = [];
  for (const field of Object.keys(fieldsOf(canaries))) {
    for (const value of pick(role === "anonymous" ? 8 : 2, role === "anonymous" ? 8 : 2)) {
      const text = asText(value);
      if (text.length > 500_000) continue;
      const values = { ...fieldsOf(canaries), [field]: text };
      const address = { "x-forwarded-for": visitorAddress() };
      const afterHydration = Object.fromEntries([...Object.entries(values).map(([key, entry]) => [`_1_${key}`, entry]), ["0", model]]);
      cases.push({
        label: `${role} ${action.name}(form ${field} = ${shown(value)})`,
        role,
        path: action.path,
        headers: { "next-action": action.id, ...address },
        multipart: afterHydration,
        inputs: [text],
      });
      cases.push({
        label: `${role} ${action.name}(no script, ${field} = ${shown(value)})`,
        role,
        path: action.path,
        headers: address,
        multipart: { [`$ACTION_ID_${action.id}`]: "", ...values },
        inputs: [text],
      });
    }
  }
  return cases;
}

const shown = (value: unknown): string => {
  if (typeof value === "string") return value.length > 40 ? `${JSON.stringify(value.slice(0, 20))}…(${value.length})` : JSON.stringify(value);
  if (typeof value === "bigint") return `${value}n`;
  if (value instanceof Date) return `Date(${value.getTime()})`;
  if (Array.isArray(value)) return value.length > 5 ? `[…${value.length}]` : JSON.stringify(value);
  if (Number.isNaN(value) || value === Infinity || value === -Infinity) return String(value);
  if (Object.is(value, -0)) return "-0";
  return JSON.stringify(value) ?? String(value);
};

/** Malformed bodies, foreign sources, wrong content types and ids: the guard answers all of them. */
function guardCases(actions: Map<string, BuiltAction>): Case[] {
  const cases: Case[] = [];
  const all = [...actions.values()];
  const malformed = { status: 400, text: REFUSALS.malformed };
  const foreign = { status: 403, text: REFUSALS.source };
  const sources: Record<string, string>[] = [
    { origin: "null" },
    { origin: "http://evil.example" },
    { origin: "http://127.0.0.1:3100.evil.example" },
    { origin: "http://127.0.0.1" },
    { origin: "not a url" },
    { origin: "" },
    { "x-forwarded-host": "evil.example" },
    { "x-forwarded-host": "evil.example", origin: "http://evil.example" },
    { "x-forwarded-host": "evil.example, 127.0.0.1:3100", origin: E2E_APP_URL },
  ];
  // The guard runs in the proxy, the same for every page and action: what it answers depends on the
  // body and the headers, and of the action only on whether the build has its id. So every action
  // gets a malformed body and a foreign source, and every body and source goes to some action (and
  // each body to every caller below); lib/security/action-request.test.ts holds each one's verdict.
  for (let index = 0; index < Math.max(all.length, MALFORMED_BODIES.length); index++) {
    const action = all[index % all.length];
    const number = (index + 1) % MALFORMED_BODIES.length;
    cases.push({
      label: `malformed body #${number} to ${action.name}`,
      role: "anonymous",
      path: action.path,
      headers: { "next-action": action.id, "content-type": TEXT },
      body: MALFORMED_BODIES[number],
      refusal: malformed,
    });
  }
  for (let index = 0; index < Math.max(all.length, sources.length); index++) {
    const action = all[index % all.length];
    const headers = sources[index % sources.length];
    cases.push({
      label: `${JSON.stringify(headers)} to ${action.name}`,
      role: "anonymous",
      path: action.path,
      headers: { "next-action": action.id, "content-type": TEXT, ...headers },
      body: "[]",
      refusal: foreign,
    });
  }
  const signIn = actions.get("submitAuthForm")!;
  for (const role of ["anonymous", "student", "admin"] as const) {
    for (const id of BAD_ACTION_IDS) {
      for (const path of ["/", "/admin", "/dashboard"]) {
        cases.push({
          label: `${role}: unknown action id ${JSON.stringify(id)} at ${path}`,
          role,
          path,
          headers: { "next-action": id, "content-type": TEXT },
          body: "[]",
          refusal: { status: 400, text: REFUSALS.unknownAction },
        });
      }
    }
    for (const [index, body] of MALFORMED_BODIES.entries()) {
      const action = all[index % all.length];
      if (role !== "anonymous" && SESSION_ENDING.has(action.name)) continue;
      cases.push({ label: `${role}: malformed body #${index} to ${action.name}`, role, path: action.path, headers: { "next-action": action.id, "content-type": TEXT }, body, refusal: malformed });
    }
    for (const contentType of ["application/json", "text/plain;charset=ISO-8859-1", "text/html", "Multipart/Form-Data; boundary=x", "multipart/form-data; boundary=x"]) {
      cases.push({
        label: `${role}: content type ${contentType}`,
        role,
        path: signIn.path,
        headers: { "next-action": signIn.id, "content-type": contentType },
        body: "[]",
        refusal: malformed,
      });
    }
    cases.push({
      label: `${role}: a 2 MB body`,
      role,
      path: signIn.path,
      headers: { "next-action": signIn.id, "content-type": TEXT },
      body: JSON.stringify(["x".repeat(2_000_000)]),
      refusal: { status: 413, text: REFUSALS.tooLarge },
    });
  }
  // Sources that are not foreign to the site: the action runs (as nobody) and answers cleanly.
  const harmless: Record<string, string>[] = [
    { origin: "https://127.0.0.1:3100" },
    { host: "evil.example", origin: "http://evil.example" },
    { origin: E2E_APP_URL, "x-forwarded-host": "127.0.0.1:3100" },
  ];
  for (const headers of harmless) {
    cases.push({
      label: `${JSON.stringify(headers)} to signIn`,
      role: "anonymous",
      path: signIn.path,
      headers: { "next-action": signIn.id, "content-type": TEXT, "x-forwarded-for": visitorAddress(), ...headers },
      body: JSON.stringify([{ email: `${unique("nobody")}@example.com`, password: "x" }]),
    });
  }
  // Multipart bodies: a form's action after hydration, and a form posted before its script loaded.
  const confirm = actions.get("confirmEmailLink")!;
  const boundary = "----hostile";
  const part = (name: string, value: string, extra = "") => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${extra}\r\n\r\n${value}\r\n`;
  const multipartBodies = [
    `${part("0", '["$Q1"]')}${part("1", "[]")}--${boundary}--\r\n`,
    `${part("0", '["$@1"]')}${part("1", '"x"')}--${boundary}--\r\n`,
    // A bare file argument (a form's file is its own data: lib/security/action-reply-shape.ts).
    `${part("0", '["$B1"]')}${part("1", "x", '; filename="x.txt"')}--${boundary}--\r\n`,
    `${part("0", "[1")}--${boundary}--\r\n`,
    `${part("0", "[]")}${part("0", "[]")}--${boundary}--\r\n`,
    `${part("1", "[]")}--${boundary}--\r\n`,
    `--${boundary}\r\nContent-Disposition: form-data; name="0"\r\nContent-Transfer-Encoding: base64\r\n\r\nW10=\r\n--${boundary}--\r\n`,
    `--${boundary}\r\n\r\n`,
    `--other\r\nContent-Disposition: form-data; name="0"\r\n\r\n[]\r\n--other--\r\n`,
    "\0\0\0",
  ];
  const mpaBodies = [
    `${part(`$ACTION_ID_${"0".repeat(42)}`, "")}--${boundary}--\r\n`,
    `${part("$ACTION_REF_1", "")}${part("$ACTION_1:0", JSON.stringify({ id: confirm.id, bound: "$@1" }))}${part("$ACTION_1:1", '["$Q2"]')}--${boundary}--\r\n`,
    `${part("$ACTION_REF_1", "")}${part("$ACTION_1:0", '{"id":"x"')}--${boundary}--\r\n`,
    `${part("$ACTION_REF_1", "")}${part("$ACTION_1:0", JSON.stringify({ id: confirm.id, bound: "$@1", then: "$1:then" }))}${part("$ACTION_1:1", "[]")}--${boundary}--\r\n`,
    `--${boundary}\r\n\r\n`,
    "\0\0\0",
  ];
  const type = `multipart/form-data; boundary=${boundary}`;
  for (const [index, body] of multipartBodies.entries()) {
    cases.push({ label: `multipart body #${index} to confirmEmailLink`, role: "anonymous", path: confirm.path, headers: { "next-action": confirm.id, "content-type": type }, body, refusal: malformed });
  }
  for (const [index, body] of mpaBodies.entries()) {
    for (const path of ["/", confirm.path]) {
      cases.push({ label: `form post #${index} without script to ${path}`, role: "anonymous", path, headers: { "content-type": type }, body, refusal: malformed });
    }
  }
  cases.push({
    label: "a form post from another site",
    role: "anonymous",
    path: "/",
    headers: { "content-type": type, origin: "http://evil.example" },
    body: `${part("a", "1")}--${boundary}--\r\n`,
    refusal: foreign,
  });
  // The metadata routes (the app has no route.ts) and odd methods, with an action's header and a hostile body.
  for (const path of ["/robots.txt", "/sitemap.xml", "/icon.svg", "/opengraph-image.png", "/", "/admin", "/auth/confirm", "/_next/static/x.js", "/no/such/page"]) {
    for (const method of ["GET", "PUT", "DELETE", "PATCH", "OPTIONS", "POST"]) {
      const action: Record<string, string> = method === "POST" ? {} : { "next-action": signIn.id };
      cases.push({ label: `${method} ${path}`, role: "anonymous", method, path, headers: { ...action, "content-type": TEXT }, body: method === "GET" ? undefined : '["$1:constructor:constructor"]' });
    }
  }
  return cases;
}

async function send(api: APIRequestContext, item: Case): Promise<APIResponse> {
  return api.fetch(item.path, {
    method: item.method ?? "POST",
    headers: { accept: "text/x-component", ...(item.multipart ? {} : { "content-type": TEXT }), ...item.headers },
    data: item.body,
    multipart: item.multipart,
    maxRedirects: 0,
    failOnStatusCode: false,
    timeout: 30_000,
  });
}

/** What is wrong with an answer, or null when it is clean. */
async function judge(item: Case, response: APIResponse): Promise<Failure | null> {
  const status = response.status();
  const fail = (detail: string) => ({ label: item.label, status, detail });
  if (status >= 500) return fail((await response.text()).slice(0, 200));
  if (!CLEAN.has(status)) return fail("unexpected status");
  const contentType = response.headers()["content-type"] ?? "";
  if (item.refusal) {
    const text = await response.text();
    if (status !== item.refusal.status || text !== item.refusal.text) return fail(`expected ${item.refusal.status} «${item.refusal.text}», got «${text.slice(0, 100)}»`);
    return null;
  }
  // A text answer to an action request is the action's or the guard's (Next's own are English);
  // a 404 or 405 is the router's, for an address or a method that has no page.
  const actionRequest = Boolean(item.headers?.["next-action"] !== undefined || item.multipart || item.headers?.["content-type"]?.startsWith("multipart/"));
  if (actionRequest && contentType.startsWith("text/plain") && status >= 400 && status !== 404 && status !== 405) {
    const text = await response.text();
    const problem = notRussian(text, item.inputs ?? []);
    if (problem) return fail(`${problem}: «${text.slice(0, 120)}»`);
  }
  if (contentType.startsWith("text/x-component")) {
    const result = actionResult(await response.text());
    for (const message of messagesOf(result.value)) {
      const problem = notRussian(message, item.inputs ?? []);
      if (problem) return fail(`${problem}: «${message.slice(0, 160)}»`);
    }
  }
  return null;
}

/** The rows hostile input could reach: the canaries whole, and anything carrying the run's marker. */
async function snapshot(canaries: Canaries) {
  const { student, admin, tool, moduleId, groupId } = canaries;
  return schoolRows({ users: [student.id, admin.id], toolId: tool.id, moduleId, groupId, marker: MARK, lessonIds: [canaries.lessonId] });
}

async function createCanaries(): Promise<Canaries> {
  const [student, admin] = await Promise.all([createStudent("Канарейка Студентова"), createStudent("Канарейка Админова")]);
  await service.from("user_roles").insert({ user_id: admin.id, role: "admin" });
  await service.from("user_roles").delete().eq("user_id", admin.id).eq("role", "student");
  const tool = await createTool({ blocks: ["Канареечный блок"], lessons: [{ title: "Канареечный урок", order_index: 1, module: 0 }] });
  // Drafts: no other test's student sees them.
  await service.from("tech_tools").update({ is_published: false }).eq("id", tool.id);
  const lessonId = tool.lessons[0].id;
  const { data: module } = await service.from("course_modules").insert({ title: unique("Канареечный модуль"), is_published: false, order_index: 900 }).select("id").single();
  const { data: group } = await service.from("groups").insert({ name: unique("Канареечная группа") }).select("id").single();
  await service.from("group_members").insert({ group_id: group!.id, user_id: student.id });
  await service.from("group_tool_access").insert({ group_id: group!.id, tool_id: tool.id, is_unlocked: true, is_visible: true });
  await setAccess("tool", student.id, tool.id, { is_unlocked: true, is_visible: true });
  await service.from("lesson_progress").insert({ user_id: student.id, lesson_id: lessonId, completed_at: new Date(0).toISOString() });
  return { student, admin, tool, lessonId, blockId: tool.blocks[0].id, moduleId: module!.id, groupId: group!.id };
}

test.describe("hostile input", () => {
  test("every server action answers hostile input cleanly, in Russian, and writes nothing", async ({ playwright }) => {
    // About 4,000 requests: 0.5–1.5 minutes on two cores, more when the machine is busy; its speed is not what it tests.
    test.setTimeout(420_000);
    const started = Date.now();
    const actions = builtActions();
    const canaries = await createCanaries();
    const newContext = () => playwright.request.newContext({ baseURL: E2E_APP_URL, extraHTTPHeaders: { "x-forwarded-for": visitorAddress() } });
    const apis: Record<Role, APIRequestContext> = { anonymous: await newContext(), student: await newContext(), admin: await newContext() };
    const signIn = (api: APIRequestContext, { email, password }: { email: string; password: string }) =>
      callAction(api, actions.get("submitAuthForm")!, [{ result: null, fields: {}, answered: 0 }, formOf({ mode: "signIn", email, password })], {
        "x-forwarded-for": visitorAddress(),
      });
    for (const role of ["student", "admin"] as const) {
      expect((await signIn(apis[role], canaries[role])).redirect, `${role} signs in`).toMatch(/^\/dashboard\?welcome=signed-in$/);
    }
    try {
      const before = await snapshot(canaries);
      const pick = corpusWalker();
      const cases: Case[] = [...guardCases(actions)];
      for (const role of ["admin", "student", "anonymous"] as const) {
        cases.push(...(await fieldCases(role, actions, canaries, pick)));
        for (const name of Object.keys(FORM_ACTIONS)) cases.push(...formCases(role, actions.get(name)!, canaries, pick));
      }
      const { first, rest } = splitByPair(cases);
      const prepared = Date.now();

      // A caller's first case of each action says whether the action layer turns that caller away.
      const refused = new Set<string>();
      const turnedAway = new Set<string>([MESSAGES.signIn, MESSAGES.noRights]);
      const sendAll = async (batch: Case[]) =>
        (
          await inChunks(
            batch.map((item) => async () => {
              const response = await send(apis[item.role], item);
              if (item.pair && response.headers()["content-type"]?.startsWith("text/x-component")) {
                const value = actionResult(await response.text()).value as { error?: unknown; result?: { error?: unknown } } | undefined;
                if (turnedAway.has(String(value?.error ?? value?.result?.error))) refused.add(item.pair);
              }
              return judge(item, response);
            }),
            CHUNK,
          )
        ).filter((failure): failure is Failure => failure !== null);
      const failures = await sendAll(first);
      const sentCases = [...first, ...thinned(rest, refused)];
      failures.push(...(await sendAll(sentCases.slice(first.length))));
      const sent = Date.now();

      // Every action was called, and every naughty string was sent somewhere.
      const called = new Set(sentCases.map((item) => item.headers?.["next-action"]).filter(Boolean));
      for (const action of actions.values()) expect(called, action.name).toContain(action.id);
      // A case carries one hostile value: a body of 64 KB or more carries a huge one, and no naughty string (50 MB to search 515 times).
      const sentText = sentCases
        .map((item) => `${item.body ?? ""}${JSON.stringify(item.multipart ?? {})}`)
        .filter((text) => text.length < 65_536)
        .join("\n");
      const missing = NAUGHTY_STRINGS.filter((text) => !sentText.includes(JSON.stringify(text).slice(1, -1).replace(/^\$/, "$$$$")));
      expect(missing.length, `naughty strings never sent: ${missing.slice(0, 5).join(" | ")}`).toBeLessThan(NAUGHTY_STRINGS.length / 20);

      console.log(
        `hostile input: ${sentCases.length} cases in ${((sent - prepared) / 1000).toFixed(1)} s (${((prepared - started) / 1000).toFixed(1)} s to prepare;` +
          ` ${cases.length - sentCases.length} more of ${refused.size} callers' actions that turn the caller away stood for by one or two)`,
      );
      expect(failures, failures.map((failure) => `${failure.status} ${failure.label}: ${failure.detail}`).join("\n")).toEqual([]);
      expect(sentCases.length).toBeGreaterThanOrEqual(1000);

      // Nothing written, and the sessions lived through it (their cases ran signed in).
      expect(await snapshot(canaries)).toEqual(before);
      expect((await apis.admin.get("/admin", { maxRedirects: 0 })).status(), "the admin is still signed in").toBe(200);
      expect((await apis.student.get("/dashboard", { maxRedirects: 0 })).status(), "the student is still signed in").toBe(200);
      expect((await signIn(apis.anonymous, canaries.student)).redirect, "the student's password is unchanged").toMatch(/^\/dashboard\?welcome=signed-in$/);
    } finally {
      await Promise.all(Object.values(apis).map((api) => api.dispose()));
      await canaries.tool.remove();
      await service.from("course_modules").delete().eq("id", canaries.moduleId);
      await service.from("groups").delete().eq("id", canaries.groupId);
      await Promise.all([deleteUser(canaries.student.id), deleteUser(canaries.admin.id)]);
    }
  });
});

/** The hidden fields of the form around a button, as the server rendered them. */
function formFields(html: string, button: string): Record<string, string> {
  const form = [...html.matchAll(/<form[^>]*>([\s\S]*?)<\/form>/g)].find((match) => match[1].includes(button));
  if (!form) throw new Error(`no form with «${button}»`);
  const unescape = (text: string) => text.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
  return Object.fromEntries([...form[1].matchAll(/<input[^>]*name="([^"]*)"(?:[^>]*value="([^"]*)")?/g)].map((input) => [unescape(input[1]), unescape(input[2] ?? "")]));
}

test.describe("forms posted before their script loaded", () => {
  test("pass the guard: an action by id and a bound action", async ({ playwright }) => {
    const [admin, student] = await Promise.all([createStudent("Админ Без Скриптов"), createStudent("Студент Без Скриптов")]);
    await service.from("user_roles").insert({ user_id: admin.id, role: "admin" });
    const api = await playwright.request.newContext({ baseURL: E2E_APP_URL, extraHTTPHeaders: { "x-forwarded-for": visitorAddress() } });
    try {
      const actions = builtActions();
      const origin = { origin: E2E_APP_URL };
      const confirmPage = await (await api.get(`/auth/confirm?token_hash=pkce_${"ab".repeat(28)}&type=recovery`)).text();
      const confirm = await api.post("/auth/confirm", { headers: origin, multipart: formFields(confirmPage, "Задать новый пароль"), maxRedirects: 0 });
      expect(confirm.status()).toBe(303);
      expect(confirm.headers()["location"]).toMatch(/^\/auth\/link-expired\?reason=/);

      const act = (name: string, args: unknown[]) =>
        api.post(actions.get(name)!.path, { headers: { "next-action": actions.get(name)!.id, "content-type": TEXT, ...origin }, data: JSON.stringify(args) });
      const signedIn = await callAction(api, actions.get("submitAuthForm")!, [{ result: null, fields: {}, answered: 0 }, formOf({ mode: "signIn", email: admin.email, password: admin.password })]);
      expect(signedIn.redirect).toMatch(/^\/dashboard\?welcome=signed-in$/);
      expect(actionResult(await (await act("startPreview", [student.id])).text()).value).toEqual({ ok: true });
      const banner = formFields(await (await api.get("/dashboard")).text(), "Завершить просмотр");
      expect(Object.keys(banner).some((key) => key.startsWith("$ACTION_REF_"))).toBe(true);
      const end = await api.post("/dashboard", { headers: origin, multipart: banner, maxRedirects: 0 });
      expect(end.status()).toBe(303);
      expect(end.headers()["location"]).toBe(`/admin?student=${student.id}`);
    } finally {
      await api.dispose();
      await Promise.all([deleteUser(admin.id), deleteUser(student.id)]);
    }
  });
});

test.describe("the proxy's matcher", () => {
  test("a page whose address ends like a file is still behind the proxy", async ({ request }) => {
    const protectedPage = await request.get("/admin/groups/x", { maxRedirects: 0 });
    expect(protectedPage.status()).toBe(307);
    for (const path of ["/admin/groups/x.png", "/dashboard/a.txt", "/admin/foo.xml", "/tech-founder/x.svg", "/product-founder/a.ico"]) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(protectedPage.status());
      expect(response.headers()["location"], path).toBe(protectedPage.headers()["location"]);
    }
  });

  test("the real static files load", async ({ request }) => {
    for (const [path, type] of [
      ["/icon.svg", "image/svg+xml"],
      ["/opengraph-image.png", "image/png"],
      ["/robots.txt", "text/plain"],
      ["/sitemap.xml", "application/xml"],
    ]) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(200);
      expect(response.headers()["content-type"], path).toContain(type);
    }
    const landing = await (await request.get("/")).text();
    const scripts = [...landing.matchAll(/\/_next\/static\/[^"]+?\.(?:js|css)/g)].map((match) => match[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts.slice(0, 5)) expect((await request.get(script)).status(), script).toBe(200);
  });
});
