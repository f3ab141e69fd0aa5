import { existsSync, readFileSync } from "node:fs";
import { SourceMap } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import autocannon from "autocannon";
import { chromiumLaunchOptions } from "../e2e/helpers/browser";
import { DEMO_ACCOUNTS } from "../local-backend/demo-accounts";
import { startLocalBackend } from "../local-backend/server";
import { startFloor } from "./bench-floor";
import { loadTest } from "./bench-load";
import { signedInContext, waitForServers } from "./bench-pages";
import { exitCode, nextEnv, ROOT, runNext, runServer } from "./next-app";

/**
 * Where a signed-in page's server CPU goes (issue 31, item 4): the tool page and the lesson page as
 * the demo student, beside the dynamic floor of the same run. CPU per request from /proc (as
 * `npm run bench`), then a CPU profile of the running production server over the same load (the
 * inspector's Profiler, so start-up is not in it), each sample charged to a part by its stack,
 * mapped to the sources through the build's source maps; and the bytes each page sends.
 * Usage: npx tsx scripts/bench-page-cpu.ts [--no-build] (reuses .next-bench, as `npm run bench` builds it)
 */
const base = "http://127.0.0.1:3200";
const INSPECTOR = "127.0.0.1:9230";
const PAGES = { "tool page": "/tech-founder/lovable", "lesson page": "/tech-founder/lovable/d0000000-0000-4000-8000-000000000001" };

const backend = await startLocalBackend({ dataDir: "memory://", port: 54339, config: { siteUrl: base }, log: () => {} });
const env = nextEnv(backend.url, base, ".next-bench");
if (!process.argv.includes("--no-build") && (await exitCode(runNext(["build"], env, "ignore"))) !== 0) throw new Error("build failed");
const floor = await startFloor("dynamic", 3202);
const app = runServer(["-p", "3200", "-H", "127.0.0.1"], { ...env, NODE_OPTIONS: `--inspect=${INSPECTOR}` }, "ignore");
await waitForServers([base, floor.url]);
if (app.exitCode !== null || floor.server.exitCode !== null) throw new Error("port 3200, 3202 or 9230 is taken");
const browser = await chromium.launch(chromiumLaunchOptions);
const context = await signedInContext(browser, base, DEMO_ACCOUNTS.student);
const cookie = (await context.cookies()).map(({ name, value }) => `${name}=${value}`).join("; ");
await browser.close();

/** The parts of a request, checked in this order: a sample under the proxy or a backend call is theirs whatever runs at its top. */
const STACK_PARTS: [string, RegExp][] = [
  ["proxy (session check, refresh, seal)", /^(lib\/supabase\/(proxy|fresh-session|session-seal|signing-keys)|proxy|lib\/security\/action-request)\.ts|@supabase\/(ssr|auth-js)|server\/web\/adapter/],
  ["backend call (client, fetch, JSON, zod)", /lib\/queries\/|@supabase\/|\/zod\/|undici/],
];
const FRAME_PARTS: [string, RegExp][] = [
  ["HTML render of the flight data (Fizz + flight client)", /react-dom-server|react-server-dom-turbopack-client|use-flight-response|stream-utils/],
  ["React server render (Flight + components)", /react-server-dom-turbopack-server|react\.react-server|^(app|components|lib)\/|lucide-react/],
  ["Next's require hook", /next\/dist\/server\/require-hook/],
  ["Next.js request handling", /next\//],
];
const SPECIAL = new Map([
  ["(garbage collector)", "garbage collector"],
  ["(program)", "V8 and native code (program)"],
]);
const maps = new Map<string, SourceMap | null>();
function sourceOf({ url, lineNumber, columnNumber }: CallFrame): string {
  if (!url.startsWith("file://")) return url;
  const file = fileURLToPath(url);
  if (!maps.has(file)) maps.set(file, existsSync(`${file}.map`) ? new SourceMap(JSON.parse(readFileSync(`${file}.map`, "utf8"))) : null);
  const entry = maps.get(file)?.findEntry(lineNumber, columnNumber) as { originalSource?: string; originalLine?: number } | undefined;
  const original = entry?.originalSource?.replace(/^webpack:\/\/next\/\.\//, `${ROOT}/node_modules/next/`);
  const source = original ? `${path.resolve(path.dirname(file), decodeURIComponent(original))}:${(entry!.originalLine ?? 0) + 1}` : file;
  return source.replace(`${ROOT}/`, "").replace(/^node_modules\//, "");
}

interface CallFrame { functionName: string; url: string; lineNumber: number; columnNumber: number }
interface ProfileNode { id: number; callFrame: CallFrame; children?: number[] }

/** Each sample's part, and the frames with the most self time. */
function account(profile: { nodes: ProfileNode[]; samples: number[] }) {
  const parent = new Map<number, ProfileNode>();
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node);
  const partOf = new Map<number, string>();
  const parts = new Map<string, number>();
  const frames = new Map<string, number>();
  const places = new Map<string, number>();
  let busy = 0;
  for (const id of profile.samples) {
    const leaf = byId.get(id)!;
    if (leaf.callFrame.functionName === "(idle)") continue;
    busy++;
    if (!partOf.has(id)) {
      const stack: string[] = [];
      for (let node: ProfileNode | undefined = leaf; node; node = parent.get(node.id)) stack.push(sourceOf(node.callFrame));
      const special = SPECIAL.get(leaf.callFrame.functionName);
      partOf.set(
        id,
        special ??
          STACK_PARTS.find(([, pattern]) => stack.some((source) => pattern.test(source)))?.[0] ??
          stack.map((source) => FRAME_PARTS.find(([, pattern]) => pattern.test(source))?.[0]).find(Boolean) ??
          "Node (http, streams, crypto, timers)",
      );
    }
    parts.set(partOf.get(id)!, (parts.get(partOf.get(id)!) ?? 0) + 1);
    let place = "";
    for (let node: ProfileNode | undefined = leaf; node && !place; node = parent.get(node.id)) if (node.callFrame.url.startsWith("file://")) place = sourceOf(node.callFrame);
    place = `${partOf.get(id)!.split(" (")[0]}: ${place.replace(/:\d+$/, "") || "node internals only"}`;
    places.set(place, (places.get(place) ?? 0) + 1);
    const frame = `${leaf.callFrame.functionName || "(anonymous)"} ${sourceOf(leaf.callFrame)}`;
    frames.set(frame, (frames.get(frame) ?? 0) + 1);
  }
  const share = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1]).map(([name, count]) => [name, count / busy] as const);
  return { parts: share(parts), frames: share(frames).slice(0, 15), places: share(places).slice(0, 20) };
}

/** A CPU profile of the app's process while `connections` requests of one page are kept in flight. */
async function profileUnderLoad(url: string, seconds: number) {
  const [{ webSocketDebuggerUrl }] = await (await fetch(`http://${INSPECTOR}/json/list`)).json();
  const socket = new WebSocket(webSocketDebuggerUrl);
  await new Promise((resolve) => socket.addEventListener("open", resolve, { once: true }));
  let next = 0;
  const call = (method: string, params = {}) =>
    new Promise<{ profile?: { nodes: ProfileNode[]; samples: number[] } }>((resolve) => {
      const id = ++next;
      const onMessage = (event: MessageEvent) => {
        const message = JSON.parse(String(event.data));
        if (message.id !== id) return;
        socket.removeEventListener("message", onMessage);
        resolve(message.result);
      };
      socket.addEventListener("message", onMessage);
      socket.send(JSON.stringify({ id, method, params }));
    });
  await call("Profiler.enable");
  await call("Profiler.setSamplingInterval", { interval: 250 });
  await call("Profiler.start");
  await autocannon({ url, connections: 10, duration: seconds, headers: { cookie } });
  const { profile } = await call("Profiler.stop");
  socket.close();
  return account(profile!);
}

/** The HTML's bytes, and those of the inline RSC payload in it (the `self.__next_f.push` scripts). */
async function bytesOf(url: string) {
  const html = await (await fetch(url, { headers: { cookie } })).text();
  const rsc = [...html.matchAll(/<script>(self\.__next_f\.push\(.*?\))<\/script>/gs)].reduce((sum, [, script]) => sum + script.length, 0);
  return `${(html.length / 1024).toFixed(1)} kB HTML, ${(rsc / 1024).toFixed(1)} kB of it inline RSC`;
}

try {
  // The machine is shared: the floor is measured before and after each page, and the page is
  // compared with the mean of the two.
  let floorCpu = (await loadTest(`${floor.url}/`, floor.server.pid ?? 0, { cookie })).cpuMsPerRequest;
  console.log(`dynamic floor: ${floorCpu.toFixed(2)} ms CPU/request; ${await bytesOf(`${floor.url}/`)}`);
  for (const [label, path] of Object.entries(PAGES)) {
    const load = await loadTest(`${base}${path}`, app.pid ?? 0, { cookie });
    const { parts, frames, places } = await profileUnderLoad(`${base}${path}`, 8);
    const floorAfter = (await loadTest(`${floor.url}/`, floor.server.pid ?? 0, { cookie })).cpuMsPerRequest;
    const floorMean = (floorCpu + floorAfter) / 2;
    floorCpu = floorAfter;
    console.log(
      `\n${label} ${path}: ${load.cpuMsPerRequest.toFixed(2)} ms CPU/request = ${(load.cpuMsPerRequest / floorMean).toFixed(2)} × the dynamic floor (${floorMean.toFixed(2)} ms, the mean of before and after); ${await bytesOf(`${base}${path}`)}`,
    );
    for (const [part, share] of parts) console.log(`  ${part.padEnd(56)} ${(share * load.cpuMsPerRequest).toFixed(2).padStart(6)} ms  ${(share * 100).toFixed(1).padStart(5)} %`);
    console.log("  top frames by self time:");
    for (const [frame, share] of frames) console.log(`    ${(share * 100).toFixed(1).padStart(5)} %  ${frame}`);
    console.log("  the nearest file of the app or a package, per part:");
    for (const [place, share] of places) console.log(`    ${(share * 100).toFixed(1).padStart(5)} %  ${place}`);
  }
} finally {
  app.kill();
  floor.server.kill();
  await backend.close();
}
