import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { ACTION_BODY_LIMIT, guardActionRequest, REFUSALS, type ActionGuardOptions } from "./action-request";

const SITE = "http://127.0.0.1:3100";
const HOST = "127.0.0.1:3100";
const ID = `40${"a".repeat(40)}`;
const OTHER_ID = `40${"b".repeat(40)}`;
const OPTIONS: ActionGuardOptions = { siteUrl: SITE, actionIds: new Set([ID]) };
const TEXT = "text/plain;charset=UTF-8";

// The client half of React's reply protocol, as the browser runs it (no "react-server" condition needed).
const { encodeReply } = createRequire(import.meta.url)("next/dist/compiled/react-server-dom-webpack/client.edge") as {
  encodeReply: (value: unknown) => Promise<string | FormData>;
};

function post(body: BodyInit | null, headers: Record<string, string> = {}) {
  return new Request(`${SITE}/admin`, { method: "POST", headers: { host: HOST, ...headers }, body });
}

const action = (body: BodyInit | null, headers: Record<string, string> = {}) =>
  post(body, { "next-action": ID, "content-type": TEXT, ...headers });

/** A multipart request as the browser sends a FormData body (the boundary set by Request). */
async function multipart(form: FormData, headers: Record<string, string> = {}) {
  const request = new Request(`${SITE}/admin`, { method: "POST", body: form });
  return post(new Uint8Array(await request.arrayBuffer()), { "content-type": request.headers.get("content-type")!, ...headers });
}

async function verdict(request: Request, options = OPTIONS) {
  const response = await guardActionRequest(request, options);
  return response ? { status: response.status, text: await response.text() } : "pass";
}

const form = (entries: [string, string | Blob][]) => {
  const data = new FormData();
  for (const [key, value] of entries) data.append(key, value);
  return data;
};

describe("guardActionRequest: which requests it looks at", () => {
  it.each([
    ["a GET", new Request(`${SITE}/admin`, { headers: { "next-action": ID, origin: "http://evil.example" } })],
    ["a POST that is no action", post("[\"$Q1\"]", { "content-type": TEXT, origin: "http://evil.example" })],
    ["an url-encoded form (Next leaves those alone)", post("a=1", { "content-type": "application/x-www-form-urlencoded" })],
  ])("%s passes", async (_, request) => {
    expect(await verdict(request)).toBe("pass");
  });
});

describe("guardActionRequest: origin and host", () => {
  it.each<[string, Record<string, string>, number | "pass"]>([
    ["no Origin (a handcrafted request, as Next allows)", {}, "pass"],
    ["the site's own Origin", { origin: SITE }, "pass"],
    ["the site's host over https (Next compares hosts)", { origin: `https://${HOST}` }, "pass"],
    ["a foreign Origin", { origin: "http://evil.example" }, 403],
    ["a `null` Origin", { origin: "null" }, 403],
    ["an empty Origin", { origin: "" }, 403],
    ["an unparsable Origin", { origin: "not a url" }, 403],
    ["a javascript: Origin", { origin: "javascript:alert(1)" }, 403],
    ["the site's host on another port", { origin: "http://127.0.0.1:3101" }, 403],
    ["the default port spelled out (Next compares strings)", { origin: "http://127.0.0.1:80" }, 403],
    ["a foreign X-Forwarded-Host", { "x-forwarded-host": "evil.example" }, 403],
    ["a foreign X-Forwarded-Host and a matching Origin", { "x-forwarded-host": "evil.example", origin: "http://evil.example" }, 403],
    ["a foreign first X-Forwarded-Host", { "x-forwarded-host": `evil.example, ${HOST}`, origin: SITE }, 403],
    ["an X-Forwarded-Host equal to the Host", { "x-forwarded-host": HOST, origin: SITE }, "pass"],
    ["an empty X-Forwarded-Host (Next reads the Host)", { "x-forwarded-host": " ", origin: SITE }, "pass"],
    ["a proxy's X-Forwarded-Host naming the site", { host: "10.0.0.5:3000", "x-forwarded-host": HOST, origin: SITE }, "pass"],
    ["the site's Origin behind a proxy that forwards no host", { host: "10.0.0.5:3000", origin: SITE }, 403],
    ["another host entirely, Origin and all (no one's cookies)", { host: "other.example", origin: "http://other.example" }, "pass"],
  ])("%s: %s", async (_, headers, expected) => {
    const result = await verdict(action("[]", headers));
    if (expected === "pass") expect(result).toBe("pass");
    else expect(result).toEqual({ status: expected, text: REFUSALS.source });
  });

  it("lets the configured allowed origins through", async () => {
    const options = { ...OPTIONS, allowedOrigins: ["admin.example"] };
    expect(await verdict(action("[]", { origin: "https://admin.example" }), options)).toBe("pass");
    expect(await verdict(action("[]", { "x-forwarded-host": "admin.example", origin: "https://admin.example" }), options)).toBe("pass");
  });

  it("refuses a form posted from another site before reading its body", async () => {
    expect(await verdict(await multipart(form([["a", "1"]]), { origin: "http://evil.example" }))).toEqual({ status: 403, text: REFUSALS.source });
  });

  it("answers in plain text the router shows, never cached", async () => {
    const response = (await guardActionRequest(action("[]", { origin: "null" }), OPTIONS))!;
    expect(response.headers.get("content-type")).toBe("text/plain");
    expect(response.headers.get("cache-control")).toBe("no-store");
    const page = (await guardActionRequest(await multipart(form([["a", "1"]]), { origin: "null" }), OPTIONS))!;
    expect(page.headers.get("content-type")).toBe("text/plain; charset=utf-8");
  });
});

describe("guardActionRequest: the action id", () => {
  it.each([
    ["an id the build does not have", OTHER_ID],
    ["an id of the wrong length", "abc"],
    ["an empty id", ""],
    ["an upper-case id", ID.toUpperCase()],
    ["a property name", "constructor"],
  ])("refuses %s as Next's router expects", async (_, id) => {
    const response = (await guardActionRequest(action("[]", { "next-action": id }), OPTIONS))!;
    expect(response.status).toBe(400);
    expect(response.headers.get("x-nextjs-action-not-found")).toBe("1");
    expect(await response.text()).toBe(REFUSALS.unknownAction);
  });

  it("leaves a well-formed id to Next when the build's ids are unknown (next dev)", async () => {
    expect(await verdict(action("[]", { "next-action": OTHER_ID }), { siteUrl: SITE, actionIds: null })).toBe("pass");
    expect(await verdict(action("[]", { "next-action": "abc" }), { siteUrl: SITE, actionIds: null })).toMatchObject({ status: 400 });
  });
});

/** Bodies React decodes into plain data: what the client sends for plain arguments. */
const PLAIN_BODIES = [
  "[]",
  '[{"email":"a@example.com","password":"секрет"}]',
  '["$$1","$$Q1","$$"]',
  '["$undefined","$NaN","$Infinity","$-Infinity","$-0"]',
  '["$D2024-01-01T00:00:00.000Z","$n123","$n-5"]',
  '[{"__proto__":{"admin":true},"constructor":"x"}]',
  '[[1,[2,[3,{"a":[null,true,false,-0.5e10]}]]]]',
  JSON.stringify(["x".repeat(900_000)]),
];

/** Bodies that reach something plain data never holds, or that React cannot decode at all. */
const HOSTILE_BODIES = [
  '["$1"]',
  '["$Q1"]',
  '["$W1"]',
  '["$B1"]',
  '["$@1"]',
  '["$@0"]',
  '["$1:constructor:constructor"]',
  '["$0:constructor:constructor"]',
  '[{"then":"$1:then","x":"$@0"}]',
  '["$h1"]',
  '["$F1"]',
  '["$T"]',
  '["$K1"]',
  '["$i1"]',
  '["$R1"]',
  '["$r1"]',
  '["$X1"]',
  '["$x1"]',
  '["$A1"]',
  '["$o1"]',
  '["$V1"]',
  '["$Z"]',
  '["$E"]',
  '["$S1"]',
  '["$"]',
  '["$H"]',
  '["$I"]',
  '["$Infinityx"]',
  '["$undefinedx"]',
  '["$n"]',
  '["$nabc"]',
  '["$n1.5"]',
  `["$n${"9".repeat(301)}"]`,
  '["$Dnot a date"]',
  '["$-1"]',
  '[{"a":{"b":["$Q1"]}}]',
  "null",
  "{}",
  '"x"',
  "1",
  "true",
  "",
  " ",
  "\uFEFF[]",
  "\0",
  "[1",
  "[]]",
  "undefined",
  "[NaN]",
  `[${"[".repeat(100)}${"]".repeat(100)}]`,
  JSON.stringify(Array.from({ length: 1001 }, () => 0)),
  JSON.stringify(["a".repeat(500_000), "b".repeat(500_000)]),
];

describe("guardActionRequest: a text body", () => {
  it.each(PLAIN_BODIES.map((body) => [body.slice(0, 80), body]))("lets plain data through: %s", async (_, body) => {
    expect(await verdict(action(body))).toBe("pass");
  });

  it.each(HOSTILE_BODIES.map((body) => [JSON.stringify(body.slice(0, 80)), body]))("refuses %s", async (_, body) => {
    expect(await verdict(action(body))).toEqual({ status: 400, text: REFUSALS.malformed });
  });

  it("lets through what React's own client encodes for plain values", async () => {
    const values = [[], [{ kind: "tool", ids: ["$1", "$$"], when: new Date(0), big: BigInt(7), gone: undefined, nan: NaN }], ["$@1", -0, Infinity]];
    for (const value of values) {
      const body = await encodeReply(value);
      expect(typeof body).toBe("string");
      expect(await verdict(action(body as string))).toBe("pass");
    }
  });

  it("refuses bytes that are not UTF-8", async () => {
    expect(await verdict(action(new Uint8Array([0x5b, 0x22, 0xff, 0xfe, 0x22, 0x5d])))).toEqual({ status: 400, text: REFUSALS.malformed });
  });

  it.each([
    ["text/plain", "pass"],
    ["text/plain; charset=utf-8", "pass"],
    ["application/json", 400],
    ["text/plain;charset=ISO-8859-1", 400],
    ["application/x-www-form-urlencoded", 400],
    ["Multipart/Form-Data; boundary=x", 400],
    ["text/html", 400],
  ])("with the content type %s: %s", async (contentType, expected) => {
    const result = await verdict(action("[]", { "content-type": contentType }));
    expect(result === "pass" ? result : result.status).toBe(expected);
  });

  it("refuses a request without a content type", async () => {
    const request = new Request(`${SITE}/admin`, { method: "POST", headers: { host: HOST, "next-action": ID } });
    expect(await verdict(request)).toEqual({ status: 400, text: REFUSALS.malformed });
  });

  it("answers 413 past Next's body limit, declared or not", async () => {
    const big = JSON.stringify(["x".repeat(ACTION_BODY_LIMIT)]);
    expect(await verdict(action(big))).toEqual({ status: 413, text: REFUSALS.tooLarge });
    const stream = new Blob([big]).stream();
    const chunked = new Request(`${SITE}/admin`, {
      method: "POST",
      headers: { host: HOST, "next-action": ID, "content-type": TEXT },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(await verdict(chunked)).toEqual({ status: 413, text: REFUSALS.tooLarge });
    expect(await verdict(action("[]", { "content-length": String(ACTION_BODY_LIMIT + 1) }))).toMatchObject({ status: 413 });
  });
});

describe("guardActionRequest: a multipart action (a form's action after hydration)", () => {
  it("lets through what the client sends for a form, bound or not", async () => {
    const fields = form([["token_hash", "abc"], ["type", "recovery"], ["next", "$1"]]);
    for (const args of [[fields], ["d0c6b0a4-5f51-4c8e-9a55-2a8f0f1e0b11", fields], ["id", new FormData()]]) {
      const body = await encodeReply(args);
      expect(body).toBeInstanceOf(FormData);
      expect(await verdict(await multipart(body as FormData, { "next-action": ID }))).toBe("pass");
    }
  });

  it.each<[string, [string, string | Blob][]]>([
    ["a file in a form", [["0", '["$K1"]'], ["_1_a", new File(["x"], "x.txt")]]],
  ])("lets through %s", async (_, entries) => {
    expect(await verdict(await multipart(form(entries), { "next-action": ID }))).toBe("pass");
  });

  it.each<[string, [string, string | Blob][]]>([
    ["an outlined map", [["0", '["$Q1"]'], ["1", "[]"]]],
    ["a promise of another part", [["0", '["$@1"]'], ["1", '"x"']]],
    // A bare file argument: React's busboy decoder throws (a 500) when the model arrives before the file; files come in a form.
    ["a file argument", [["0", '["$B1"]'], ["1", new File(["x"], "x.txt")]]],
    ["a blob argument", [["0", '["$B1"]'], ["1", new Blob(["x"])]]],
    ["a blob reference to text", [["0", '["$B1"]'], ["1", "x"]]],
    ["a blob reference to nothing", [["0", '["$B1"]']]],
    ["a blob reference to the model", [["0", '["$B0"]']]],
    ["a blob reference to two parts", [["0", '["$B1"]'], ["1", new File(["x"], "x.txt")], ["1", new File(["y"], "y.txt")]]],
    ["a file nobody references", [["0", "[]"], ["1", new File(["x"], "x.txt")]]],
    ["a model that is a file", [["0", new File(["[]"], "x.json")]]],
    ["a part nobody references", [["0", "[]"], ["1", '"x"']]],
    ["a form entry without its $K", [["0", "[]"], ["_1_a", "x"]]],
    ["two models", [["0", "[]"], ["0", "[]"]]],
    ["no model", [["_1_a", "x"]]],
    ["a model that is not JSON", [["0", "[1"]]],
    ["a stream part", [["0", '["$R1"]'], ["S1", '"x"']]],
  ])("refuses %s", async (_, entries) => {
    expect(await verdict(await multipart(form(entries), { "next-action": ID }))).toEqual({ status: 400, text: REFUSALS.malformed });
  });

  it.each([
    ["a body without its boundary", "multipart/form-data; boundary=abc", "--xyz\r\n\r\n"],
    ["no boundary at all", "multipart/form-data", '--abc\r\nContent-Disposition: form-data; name="0"\r\n\r\n[]\r\n--abc--'],
    ["an unterminated body", "multipart/form-data; boundary=abc", '--abc\r\nContent-Disposition: form-data; name="0"\r\n\r\n[]'],
    [
      "a base64 part",
      "multipart/form-data; boundary=abc",
      '--abc\r\nContent-Disposition: form-data; name="0"\r\nContent-Transfer-Encoding: base64\r\n\r\nW10=\r\n--abc--\r\n',
    ],
    [
      "a part typed as a file without a filename (busboy reads a file, undici text)",
      "multipart/form-data; boundary=abc",
      '--abc\r\nContent-Disposition: form-data; name="0"\r\nContent-Type: application/octet-stream\r\n\r\n[]\r\n--abc--\r\n',
    ],
    [
      "a part whose name only looks like a file's",
      "multipart/form-data; boundary=abc",
      '--abc\r\nContent-Disposition: form-data; name="0; filename=x"\r\n\r\n[]\r\n--abc--\r\n',
    ],
    [
      "a base64 file",
      "multipart/form-data; boundary=abc",
      '--abc\r\nContent-Disposition: form-data; name="0"\r\n\r\n["$K1"]\r\n--abc\r\nContent-Disposition: form-data; name="_1_f"; filename="x"\r\nContent-Transfer-Encoding: base64\r\n\r\neA==\r\n--abc--\r\n',
    ],
    [
      "a filename* part",
      "multipart/form-data; boundary=abc",
      "--abc\r\nContent-Disposition: form-data; name=\"0\"; filename*=UTF-8''x\r\n\r\n[]\r\n--abc--\r\n",
    ],
  ])("refuses %s", async (_, contentType, body) => {
    expect(await verdict(action(body, { "content-type": contentType }))).toEqual({ status: 400, text: REFUSALS.malformed });
  });
});

describe("guardActionRequest: a form posted before its script loaded", () => {
  // As React DOM renders a bound action's form: `{"id":…,"bound":"$@1"}` with the arguments in part 1.
  const bound = (descriptor: unknown, args?: string): [string, string][] => [
    ["$ACTION_REF_0", ""],
    ...(args === undefined ? [] : ([["$ACTION_0:1", args]] as [string, string][])),
    ["$ACTION_0:0", JSON.stringify(descriptor)],
  ];

  it.each<[string, [string, string | Blob][]]>([
    ["an action by id, with its fields", [[`$ACTION_ID_${ID}`, ""], ["token_hash", "$Q1"], ["next", "/dashboard"]]],
    ["a bound action", [...bound({ id: ID, bound: "$@1" }, '["d0c6b0a4-5f51-4c8e-9a55-2a8f0f1e0b11"]'), ["$ACTION_KEY", "k0"]]],
    ["an action without bound arguments", bound({ id: ID, bound: null })],
    ["a form that is no action", [["anything", "$Q1"]]],
    ["an action with a file field", [[`$ACTION_ID_${ID}`, ""], ["upload", new File(["x"], "x.txt")], ["note", "hi"]]],
  ])("lets through %s", async (_, entries) => {
    expect(await verdict(await multipart(form(entries), { origin: SITE }))).toBe("pass");
  });

  it.each<[string, [string, string | Blob][]]>([
    ["an unknown action id", [[`$ACTION_ID_${OTHER_ID}`, ""]]],
    ["a malformed action id", [["$ACTION_ID_x", ""]]],
    ["a bound argument that is a map", bound({ id: ID, bound: "$@1" }, '["$Q2"]')],
    ["bound arguments in another part", bound({ id: ID, bound: "$@2" }, "[]")],
    ["bound arguments that are not an array", bound({ id: ID, bound: "$@1" }, '"x"')],
    ["bound arguments that are not JSON", bound({ id: ID, bound: "$@1" }, "[")],
    ["a descriptor with more to it", bound({ id: ID, bound: null, then: "$1" })],
    ["a descriptor naming an unknown action", bound({ id: OTHER_ID, bound: null })],
    ["a descriptor that is not JSON", [["$ACTION_REF_0", ""], ["$ACTION_0:0", "{"]]],
    ["a reference without its descriptor", [["$ACTION_REF_0", ""]]],
    ["a part of no reference", [[`$ACTION_ID_${ID}`, ""], ["$ACTION_2:0", "{}"]]],
    ["a third part of a reference", [...bound({ id: ID, bound: "$@1" }, "[]"), ["$ACTION_0:2", "[]"]]],
    ["three references", [...bound({ id: ID, bound: null }), ["$ACTION_REF_2", ""], ["$ACTION_REF_3", ""]]],
    ["a file for an action part", [[`$ACTION_ID_${ID}`, new File(["x"], "x.txt")]]],
    ["a file for a descriptor", [["$ACTION_REF_0", ""], ["$ACTION_0:0", new File([JSON.stringify({ id: ID, bound: null })], "x")]]],
  ])("refuses %s", async (_, entries) => {
    expect(await verdict(await multipart(form(entries), { origin: SITE }))).toEqual({ status: 400, text: REFUSALS.malformed });
  });
});

/**
 * React's own decodeReply is the judge: every text body the guard lets through decodes to an array
 * of plain data, and every hostile one is refused. It runs under the "react-server" condition in
 * a child process, as Next runs it.
 */
describe("guardActionRequest against React's decodeReply", () => {
  const decode = (bodies: string[]): ("plain" | "not plain" | "error")[] => {
    const script = `
      import { createRequire } from "node:module";
      const require = createRequire(${JSON.stringify(import.meta.url)});
      const { decodeReply, createTemporaryReferenceSet } = require("next/dist/compiled/react-server-dom-webpack/server.node");
      const plain = (value, depth = 0) => {
        if (value === null || ["string", "number", "boolean", "undefined", "bigint"].includes(typeof value)) return true;
        if (value instanceof Date) return true;
        if (Array.isArray(value)) return value.every((item) => plain(item, depth + 1));
        return Object.getPrototypeOf(value) === Object.prototype && Object.values(value).every((item) => plain(item, depth + 1));
      };
      const bodies = JSON.parse(require("node:fs").readFileSync(0, "utf8"));
      const verdicts = [];
      for (const body of bodies) {
        try {
          const args = await decodeReply(body, {}, { temporaryReferences: createTemporaryReferenceSet() });
          verdicts.push(Array.isArray(args) && args.length <= 1000 && plain(args) ? "plain" : "not plain");
        } catch {
          verdicts.push("error");
        }
      }
      process.stdout.write(JSON.stringify(verdicts));`;
    const output = execFileSync(process.execPath, ["--conditions=react-server", "--input-type=module", "-e", script], {
      input: JSON.stringify(bodies),
      env: { ...process.env, NODE_ENV: "production" },
      maxBuffer: 1 << 26,
    });
    return JSON.parse(output.toString());
  };

  it("agrees with React on every body", async () => {
    const mutations = PLAIN_BODIES.slice(0, 7).flatMap((body) => [
      body.replace(/"\$\$/g, '"$'),
      body.replace(/"/g, '"$'),
      body.replace(/\[/g, '["$@1",'),
      body.replace(/\$/g, "$$1:"),
    ]);
    const bodies = [...PLAIN_BODIES, ...HOSTILE_BODIES, ...mutations];
    const reactVerdicts = decode(bodies);
    for (const [index, body] of bodies.entries()) {
      const passes = (await verdict(action(body))) === "pass";
      if (passes) expect({ body, react: reactVerdicts[index] }).toEqual({ body, react: "plain" });
    }
    for (const body of PLAIN_BODIES) expect(reactVerdicts[bodies.indexOf(body)], body.slice(0, 80)).toBe("plain");
  });
});
