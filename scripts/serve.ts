import { createServer } from "node:http";
import path from "node:path";
import next from "next";
import { PEER_RECORDED_ENV, withPeerAppended } from "../lib/supabase/client-address";

/**
 * The app's HTTP server (`npm start`, `npm run dev`, the end-to-end stack): Next.js with the TCP
 * peer appended to X-Forwarded-For before Next sees the request, as a proxy would. Next itself
 * fills that header only when it is absent, so under a bare `next start` a visitor who reaches
 * the app directly could name any address and sidestep the per-address limits
 * (lib/supabase/client-address.ts reads the chain by TRUSTED_PROXY_HOPS).
 *
 * Usage: tsx scripts/serve.ts [--dev] [-p port] [-H hostname]
 *
 * `npm start` runs it on a machine installed with `npm ci --omit=dev`: it and what it imports load
 * packages of `dependencies` only (tests/deploy/production-deps.test.ts), so not scripts/next-app.ts,
 * which brings the local backend's keys.
 */
const ROOT = path.resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const option = (name: string) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
};
const dev = args.includes("--dev");
const port = Number(option("-p") ?? process.env.PORT ?? 3000);
const hostname = option("-H") ?? process.env.HOSTNAME ?? "0.0.0.0";

process.env[PEER_RECORDED_ENV] = "1";
const server = createServer((request, response) => {
  request.headers["x-forwarded-for"] = withPeerAppended(request.headers["x-forwarded-for"], request.socket.remoteAddress);
  void handle(request, response);
});
// Longer than any client's idle pool (undici lets go after 4 s): with Node's default 5 s, a busy
// moment let Next reuse a socket to itself this side had just closed, and a server action's redirect
// came back empty («failed to get redirect response … ECONNRESET»), leaving the person on the form.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
const app = next({ dev, dir: ROOT, hostname, port, httpServer: server });
const handle = app.getRequestHandler();
await app.prepare();
server.listen(port, hostname, () => {
  console.log(`[serve] ${dev ? "development" : "production"} server on http://${hostname === "0.0.0.0" ? "localhost" : hostname}:${port}`);
});
