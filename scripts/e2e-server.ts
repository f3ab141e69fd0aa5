import { createServer } from "node:http";
import { startLocalBackend } from "../local-backend/server";
import { E2E_APP_PORT, E2E_APP_URL, E2E_BACKEND_PORT, E2E_CONTROL_PORT, E2E_DIST_DIR } from "../e2e/helpers/ports";
import { nextEnv, runServer } from "./next-app";

/**
 * The end-to-end tests' server: a throwaway in-memory backend with config.toml's own rate limits
 * and the production build of the app on its own port. Each test stands for a different visitor
 * by the X-Forwarded-For it sends (e2e/fixtures.ts), as a trusted proxy would write it, which the
 * app forwards as Sb-Forwarded-For.
 */
const backend = await startLocalBackend({
  dataDir: "memory://",
  port: E2E_BACKEND_PORT,
  config: { siteUrl: E2E_APP_URL },
  log: process.env.E2E_BACKEND_LOG ? undefined : () => {},
});

// The tests' fault switch: POST /outage/on or /outage/off makes the backend unreachable or not.
createServer((request, response) => {
  const match = request.url?.match(/^\/outage\/(on|off)$/);
  if (request.method === "POST" && match) backend.simulateOutage(match[1] === "on");
  response.writeHead(match ? 204 : 404).end();
}).listen(E2E_CONTROL_PORT, "127.0.0.1");

// The tests play the proxy in front of the app: each visitor's X-Forwarded-For is what it wrote.
const app = runServer(["-p", String(E2E_APP_PORT), "-H", "127.0.0.1"], {
  ...nextEnv(backend.url, E2E_APP_URL, E2E_DIST_DIR),
  TRUSTED_PROXY_HOPS: "1",
});

const stop = async (code: number) => {
  app.kill("SIGTERM");
  await backend.close();
  process.exit(code);
};
app.on("exit", (code) => void stop(code ?? 1));
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void stop(0));
