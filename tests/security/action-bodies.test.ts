import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { createElement, type ReactNode } from "react";
import { beforeAll, describe, expect, it } from "vitest";
import { guardActionRequest, REFUSALS, type ActionGuardOptions } from "@/lib/security/action-request";

/**
 * The guard against the versions installed: every server action of the app, with every shape of
 * argument our actions take, encoded by React's own client (`encodeReply`) and rendered by React's
 * own server (a form posted before its script loaded), passes the guard; and everything that passes
 * is decoded by React's own server (`decodeReply`, `decodeReplyFromBusboy`, `decodeAction`) as
 * Next decodes it, without an error. Nothing here is written by hand, so an upgrade of Next or
 * React that changes what it sends shows up here first.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const require = createRequire(import.meta.url);
const SITE = "http://127.0.0.1:3100";
const HOST = "127.0.0.1:3100";

// Next's compiled copies: what the app router runs (the app's own `react` is for the pages router).
const client = require("next/dist/compiled/react-server-dom-webpack/client.edge") as {
  encodeReply: (value: unknown) => Promise<string | FormData>;
  createServerReference: (id: string, callServer: (id: string, args: unknown[]) => Promise<unknown>) => (...args: unknown[]) => Promise<unknown>;
};
const React = require("next/dist/compiled/react") as typeof import("react");
const { renderToReadableStream } = require("next/dist/compiled/react-dom/server.edge") as typeof import("react-dom/server.edge");

interface ServerAction {
  file: string;
  name: string;
  id: string;
}

/** Every `.ts`/`.tsx` file under the app's source folders that says "use server" anywhere. */
function serverFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && /["']use server["']/.test(readFileSync(full, "utf8"))) files.push(full);
    }
  };
  for (const dir of ["app", "components", "lib"]) walk(path.join(ROOT, dir));
  return files;
}

/**
 * The app's server actions and their ids, as Next's own compiler (its SWC transform, the server
 * layer) gives them: the ids differ from a build's only by its salt, never in form.
 */
async function serverActions(): Promise<ServerAction[]> {
  const swc = require("next/dist/build/swc/index.js") as {
    loadBindings: () => Promise<unknown>;
    transform: (source: string, options: object) => Promise<{ code: string }>;
  };
  await swc.loadBindings();
  const actions: ServerAction[] = [];
  for (const full of serverFiles()) {
    const file = path.relative(ROOT, full);
    const { code } = await swc.transform(readFileSync(full, "utf8"), {
      filename: file,
      sourceFileName: file,
      jsc: { parser: { syntax: "typescript", tsx: file.endsWith(".tsx") }, target: "es2022" },
      serverActions: { isReactServerLayer: true, isDevelopment: false, useCacheEnabled: false, hashSalt: "", cacheKinds: ["default"] },
    });
    const entries = /__next_internal_action_entry_do_not_use__ (\{.*?\}) \*\//.exec(code)?.[1];
    if (!entries) continue;
    for (const [id, { name }] of Object.entries(JSON.parse(entries) as Record<string, { name: string }>)) actions.push({ file, name, id });
  }
  return actions;
}

const file = (name = "work.pdf", text = "%PDF-1.7 x") => new File([text], name, { type: "application/pdf" });
const fields = (entries: [string, string | File][]) => {
  const data = new FormData();
  for (const [key, value] of entries) data.append(key, value);
  return data;
};

/** What our actions are called with: no argument, plain data of every kind, a form (useActionState: state, form), files. */
const ARGUMENT_SHAPES: [string, () => unknown[]][] = [
  ["no argument", () => []],
  ["undefined", () => [undefined]],
  ["a string", () => ["d0c6b0a4-5f51-4c8e-9a55-2a8f0f1e0b11"]],
  ["strings that start with $", () => ["$1", { q: "$Q1", k: "$K1", b: "$B1", at: "$@0", dollar: "$" }]],
  [
    "a plain object of every kind",
    () => [
      {
        email: "a@example.com",
        password: "секрет \u0000 \ud83d\ude00",
        count: 3,
        ratio: -0.5,
        zero: -0,
        flag: true,
        none: null,
        missing: undefined,
        when: new Date("2024-05-01T10:00:00Z"),
        list: ["a", 1, false, null, [{ deep: ["x"] }]],
        empty: {},
      },
    ],
  ],
  ["two plain arguments", () => [{ groupId: "g", ids: ["a", "b"] }, ["x", 2]]],
  ["a form's fields", () => [fields([["email", "a@example.com"], ["password", "x"], ["password", "$y"]])]],
  ["useActionState: the state and the form", () => [{ ok: false, error: "Неверный пароль", fieldErrors: { email: "x" } }, fields([["email", "a@example.com"]])]],
  ["useActionState: no state yet and the form", () => [null, fields([["code", "123456"]])]],
  ["useActionState: undefined state and an empty form", () => [undefined, new FormData()]],
  ["useActionState: a form with a file", () => [{ ok: true }, fields([["title", "Домашняя работа"], ["upload", file()], ["comment", "$1"]])]],
  ["a form with files only", () => [fields([["a", file("a.pdf")], ["b", file("b.png", "")], ["a", file("c.txt", "c")]])]],
  ["a bound value and a form with a file", () => ["d0c6b0a4-5f51-4c8e-9a55-2a8f0f1e0b11", fields([["upload", file()]])]],
];

interface Body {
  label: string;
  contentType: string;
  body: Uint8Array;
  /** A fetch action's id, or null for a form posted before its script loaded. */
  action: string | null;
}

async function request({ contentType, body, action }: Body) {
  const headers: Record<string, string> = { host: HOST, origin: SITE, "content-type": contentType };
  if (action !== null) headers["next-action"] = action;
  return new Request(`${SITE}/`, { method: "POST", headers, body: body as Uint8Array<ArrayBuffer> });
}

/** What the browser sends for `encodeReply`'s result: a string as text, a FormData as multipart. */
async function fetchBody(label: string, action: string, args: unknown[]): Promise<Body> {
  const encoded = await client.encodeReply(args);
  if (typeof encoded === "string") return { label, action, contentType: "text/plain;charset=UTF-8", body: new TextEncoder().encode(encoded) };
  const sent = new Request(SITE, { method: "POST", body: encoded });
  return { label, action, contentType: sent.headers.get("content-type")!, body: new Uint8Array(await sent.arrayBuffer()) };
}

const unescapeHtml = (text: string) =>
  text.replace(/&(quot|amp|lt|gt|#x27|#39);/g, (_, entity: string) => ({ quot: '"', amp: "&", lt: "<", gt: ">", "#x27": "'", "#39": "'" })[entity]!);

/** React's server render of a form whose action is a server reference: its hidden fields, as the browser posts them. */
async function renderedForms(tree: ReactNode): Promise<[string, string][][]> {
  const html = await new Response(await renderToReadableStream(tree)).text();
  return [...html.matchAll(/<form\b[^>]*>(.*?)<\/form>/g)].map(([, inner]) =>
    [...inner.matchAll(/<(?:input|button)\b([^>]*)>/g)].flatMap(([, attributes]) => {
      const name = /\bname="([^"]*)"/.exec(attributes)?.[1];
      const value = /\bvalue="([^"]*)"/.exec(attributes)?.[1] ?? "";
      return name === undefined ? [] : [[unescapeHtml(name), unescapeHtml(value)] as [string, string]];
    }),
  );
}

/** The forms an action can be the action of: plain, bound, and useActionState's (state bound, `$ACTION_KEY`). */
async function progressiveBodies(action: ServerAction): Promise<Body[]> {
  const reference = client.createServerReference(action.id, async () => undefined);
  const input = createElement("input", { name: "email", defaultValue: "a@example.com" });
  function StateForm({ initial }: { initial: unknown }) {
    const [, dispatch] = React.useActionState(reference as (state: unknown, form: FormData) => Promise<unknown>, initial);
    return createElement("form", { action: dispatch }, input, createElement("button", null, "go"));
  }
  const bound = reference.bind(null, "d0c6b0a4-5f51-4c8e-9a55-2a8f0f1e0b11", { n: 1, when: new Date(0) });
  const forms = await renderedForms(
    createElement(
      "div",
      null,
      createElement("form", { action: reference as unknown as string }, input),
      createElement("form", { action: bound as unknown as string }, input),
      createElement(StateForm, { initial: { ok: null, error: undefined, values: { email: "$x" } } }),
      createElement(StateForm, { initial: null }),
      createElement("form", null, createElement("button", { formAction: bound as unknown as string }, "go")),
    ),
  );
  expect(forms).toHaveLength(5);
  const bodies: Body[] = [];
  for (const [index, hidden] of forms.entries()) {
    expect(hidden.some(([name]) => name.startsWith("$ACTION_"))).toBe(true);
    for (const [label, extra] of [
      ["text fields", [["password", "секрет"], ["next", "$Q1"]]],
      ["a file field", [["upload", file()], ["note", "x"]]],
      ["an empty file field", [["upload", new File([], "", { type: "application/octet-stream" })]]],
    ] as [string, [string, string | File][]][]) {
      const sent = new Request(SITE, { method: "POST", body: fields([...hidden, ["email", "a@example.com"], ...extra]) });
      bodies.push({
        label: `${action.name}: form ${index} with ${label}`,
        action: null,
        contentType: sent.headers.get("content-type")!,
        body: new Uint8Array(await sent.arrayBuffer()),
      });
    }
  }
  return bodies;
}

type Decoded = { ok: true; files: number } | { ok: false; error: string };

/**
 * Decodes the bodies as Next does, in a process of its own under the "react-server" condition: a
 * text body with `decodeReply`, a fetch action's multipart body with busboy and
 * `decodeReplyFromBusboy`, a form's with undici and `decodeAction` then `decodeFormState`.
 */
function decodeAsNext(bodies: Body[], ids: string[]): Decoded[] {
  const script = `
    import { createRequire } from "node:module";
    import { Readable } from "node:stream";
    import { pipeline } from "node:stream/promises";
    const require = createRequire(${JSON.stringify(import.meta.url)});
    const server = require("next/dist/compiled/react-server-dom-webpack/server.node");
    const busboy = require("next/dist/compiled/busboy");
    const { bodies, ids } = JSON.parse(require("node:fs").readFileSync(0, "utf8"));
    const manifest = Object.fromEntries(ids.map((id) => [id, { id, chunks: [], name: "*" }]));
    globalThis.__next_require__ = () => async (...args) => ({ args });
    const countFiles = (value, seen = new Set()) => {
      if (value instanceof Blob) return 1;
      if (value instanceof FormData) return [...value.values()].filter((item) => item instanceof Blob).length;
      if (value === null || typeof value !== "object" || seen.has(value)) return 0;
      seen.add(value);
      return Object.values(value).reduce((sum, item) => sum + countFiles(item, seen), 0);
    };
    // busboy's refusal of a base64 file is thrown from a stream nobody listens to (it would end Next's process).
    let failCurrent = () => {};
    process.on("uncaughtException", (error) => failCurrent(error));
    const results = [];
    for (const { contentType, body, action } of bodies) {
      const bytes = Buffer.from(body, "base64");
      try {
        const args = await new Promise((resolve, reject) => {
          failCurrent = reject;
          decode(contentType, bytes, action).then(resolve, reject);
        });
        if (!Array.isArray(args)) throw new Error("the arguments are not an array");
        results.push({ ok: true, files: countFiles(args) });
      } catch (error) {
        results.push({ ok: false, error: String(error && error.message || error) });
      }
    }
    process.stdout.write(JSON.stringify(results));
    async function decode(contentType, bytes, action) {
        let args;
        if (action !== null && !contentType.startsWith("multipart/form-data")) {
          args = await server.decodeReply(bytes.toString("utf8"), manifest, { temporaryReferences: server.createTemporaryReferenceSet() });
        } else if (action !== null) {
          const parser = busboy({ defParamCharset: "utf8", headers: { "content-type": contentType }, limits: { fieldSize: 1024 * 1024 } });
          const decoded = server.decodeReplyFromBusboy(parser, manifest, { temporaryReferences: server.createTemporaryReferenceSet() });
          [, args] = await Promise.all([pipeline(Readable.from([bytes]), parser), decoded]);
        } else {
          const form = await new Request("http://localhost", { method: "POST", headers: { "content-type": contentType }, body: bytes }).formData();
          const fn = await server.decodeAction(form, manifest);
          if (typeof fn !== "function") throw new Error("no action decoded");
          const { args: called } = await fn();
          await server.decodeFormState({ ok: true }, form, manifest);
          args = called;
        }
        return args;
    }`;
  const input = JSON.stringify({ ids, bodies: bodies.map(({ contentType, body, action }) => ({ contentType, action, body: Buffer.from(body).toString("base64") })) });
  const output = execFileSync(process.execPath, ["--conditions=react-server", "--input-type=module", "-e", script], {
    input,
    env: { ...process.env, NODE_ENV: "production" },
    maxBuffer: 1 << 28,
  });
  return JSON.parse(output.toString()) as Decoded[];
}

let actions: ServerAction[] = [];
let options: ActionGuardOptions;

beforeAll(async () => {
  actions = await serverActions();
  options = { siteUrl: SITE, actionIds: new Set(actions.map(({ id }) => id)) };
}, 120_000);

const verdict = async (body: Body) => {
  const response = await guardActionRequest(await request(body), options);
  return response === null ? "pass" : `${response.status} ${await response.text()}`;
};

describe("every server action of the app, as React sends it", () => {
  it("finds the app's actions with Next's compiler", () => {
    expect(actions.length).toBeGreaterThan(20);
    for (const { id } of actions) expect(id).toMatch(/^[0-9a-f]+$/);
    expect(actions.map(({ name }) => name)).toEqual(expect.arrayContaining(["signOutForm", "saveGroup"]));
  });

  it("lets every action's fetch bodies through, every shape of argument, and React decodes each", async () => {
    const bodies: Body[] = [];
    for (const action of actions)
      for (const [shape, args] of ARGUMENT_SHAPES) bodies.push(await fetchBody(`${action.file} ${action.name}: ${shape}`, action.id, args()));
    for (const body of bodies) expect(`${body.label}: ${await verdict(body)}`).toBe(`${body.label}: pass`);
    const decoded = decodeAsNext(bodies, [...options.actionIds!]);
    for (const [index, body] of bodies.entries()) expect({ body: body.label, decoded: decoded[index] }).toMatchObject({ body: body.label, decoded: { ok: true } });
    // The files arrive as files: one per file the arguments held.
    const withFiles = bodies.map((body, index) => [body.label, decoded[index]] as const).filter(([label]) => /file|blob/.test(label));
    expect(withFiles.length).toBeGreaterThan(0);
    for (const [label, result] of withFiles) expect({ label, files: result.ok && result.files > 0 }).toEqual({ label, files: true });
  }, 120_000);

  it("lets every action's forms posted before their script loaded through, files too, and React decodes each", async () => {
    const bodies: Body[] = [];
    for (const action of actions) bodies.push(...(await progressiveBodies(action)));
    for (const body of bodies) expect(`${body.label}: ${await verdict(body)}`).toBe(`${body.label}: pass`);
    const decoded = decodeAsNext(bodies, [...options.actionIds!]);
    for (const [index, body] of bodies.entries()) expect({ body: body.label, decoded: decoded[index] }).toMatchObject({ body: body.label, decoded: { ok: true } });
  }, 120_000);
});

describe("a multipart action with a file", () => {
  it("passes the guard and reaches the action as the file that was sent", async () => {
    const [action] = actions;
    const upload = new File(["%PDF-1.7 homework"], "homework.pdf", { type: "application/pdf" });
    const body = await fetchBody("upload", action.id, [{ ok: null }, fields([["title", "ДЗ"], ["upload", upload]])]);
    expect(body.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(new TextDecoder().decode(body.body)).toContain('filename="homework.pdf"');
    expect(await verdict(body)).toBe("pass");
    expect(decodeAsNext([body], [action.id])).toEqual([{ ok: true, files: 1 }]);
  });
});

/** Multipart bodies, each with a file, that React or its parsers refuse with an error (a 500 from Next). */
describe("malformed bodies with files: a 400, never a 500", () => {
  const raw = (parts: string[]) => new TextEncoder().encode(`${parts.map((part) => `--b\r\n${part}\r\n`).join("")}--b--\r\n`);
  const disposition = (name: string, rest = "") => `Content-Disposition: form-data; name="${name}"${rest}`;
  const CASES: [string, string[], boolean][] = [
    ["a base64 file", [`${disposition("0")}\r\n\r\n["$K1"]`, `${disposition("_1_f", '; filename="x"')}\r\nContent-Transfer-Encoding: base64\r\n\r\neA==`], true],
    ["a $B to a text part", [`${disposition("0")}\r\n\r\n["$B1"]`, `${disposition("1")}\r\n\r\nx`], true],
    // A bare file argument: Next's busboy decoding throws when the model comes before the file (a 500
    // in the e2e hostile suite); no action of ours takes one, so every `$B` is refused.
    ["a $B to a file sent after the model", [`${disposition("0")}\r\n\r\n["$B1"]`, `${disposition("1", '; filename="x.txt"')}\r\n\r\nx`], true],
    ["a $B to no part", [`${disposition("0")}\r\n\r\n["$B5"]`], true],
    ["a text part typed as a file", [`${disposition("0")}\r\nContent-Type: application/octet-stream\r\n\r\n[]`], true],
    ["the model as a file", [`${disposition("0", '; filename="m.json"')}\r\n\r\n[]`], true],
    ["a file with a filename*", [`${disposition("0")}\r\n\r\n["$K1"]`, `${disposition("_1_f", "; filename*=UTF-8''x")}\r\n\r\nx`], true],
    ["a file no argument names", [`${disposition("0")}\r\n\r\n[]`, `${disposition("1", '; filename="x"')}\r\n\r\nx`], true],
    ["a file as a form's descriptor", [`${disposition("$ACTION_REF_1")}\r\n\r\n`, `${disposition("$ACTION_1:0", '; filename="x"')}\r\n\r\n{}`], false],
  ];

  it.each(CASES)("refuses %s", async (_, parts, fetchAction) => {
    const [action] = actions;
    const body: Body = { label: "", contentType: "multipart/form-data; boundary=b", body: raw(parts), action: fetchAction ? action.id : null };
    expect(await verdict(body)).toBe(`400 ${REFUSALS.malformed}`);
  });

  it("refuses only what React's decoder or Next's parsers would fail on", () => {
    const [action] = actions;
    const bodies: Body[] = CASES.map(([label, parts, fetchAction]) => ({
      label,
      contentType: "multipart/form-data; boundary=b",
      body: raw(parts),
      action: fetchAction ? action.id : null,
    }));
    const decoded = decodeAsNext(bodies, [action.id]);
    // These end in an error from React or busboy (a 500 from Next); the other two decode, but
    // differently from what the guard reads (a file to busboy nobody names, a `filename*` part).
    const failing = CASES.filter((_, index) => !decoded[index].ok).map(([label]) => label);
    expect(failing).toEqual([
      "a base64 file",
      "a $B to a text part",
      "a $B to a file sent after the model",
      "a $B to no part",
      "a text part typed as a file",
      "the model as a file",
      "a file as a form's descriptor",
    ]);
  });
});
