import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createAuth } from "./auth";
import { loadConfig, type BackendConfig } from "./config";
import { openDatabase, type Database } from "./database";
import { bearerToken, header, json, RateLimiter, type Reply, type Request } from "./http";
import { ANON_KEY, loadSigner, SERVICE_ROLE_KEY, type Claims } from "./keys";
import { createMailbox } from "./mailbox";
import { createRest } from "./rest";

export { ANON_KEY, SERVICE_ROLE_KEY };

export interface LocalBackendOptions {
  /** A folder for the data, or "memory://" for a throwaway database. */
  dataDir: string;
  /** 0 picks a free port. Defaults to config.toml's [api] port. */
  port?: number;
  /** A fixed delay added to every response, to simulate a hosted backend's distance. */
  latencyMs?: number;
  /** Overrides of config.toml values. */
  config?: Partial<BackendConfig>;
  log?: (line: string) => void;
}

export interface LocalBackend {
  url: string;
  db: Database;
  /** While on, every connection is dropped, as when a hosted backend is unreachable. */
  simulateOutage(on: boolean): void;
  close(): Promise<void>;
}

const CORS_HEADERS = {
  "access-control-allow-methods": "GET, POST, PUT, PATCH, DELETE, OPTIONS, HEAD",
  "access-control-allow-headers":
    "authorization, x-client-info, apikey, content-type, content-profile, accept-profile, prefer, range, x-supabase-api-version, accept",
  "access-control-expose-headers": "content-range, range, x-supabase-api-version, x-sb-error-code, x-total-count, location",
  "access-control-max-age": "86400",
};

function readBody(incoming: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    incoming.on("error", reject);
  });
}

export async function startLocalBackend(options: LocalBackendOptions): Promise<LocalBackend> {
  const log = options.log ?? ((line: string) => console.log(`[backend] ${line}`));
  const config = { ...loadConfig(), ...options.config };
  const db = await openDatabase(options.dataDir, log);
  const signer = await loadSigner(db);
  const mailbox = createMailbox(db, log);
  const port = options.port ?? config.port;
  const latencyMs = options.latencyMs ?? 0;
  const context = { db, signer, config, mailbox, publicUrl: "", limiter: new RateLimiter() };
  const handleAuth = createAuth(context);
  const handleRest = createRest(db, config);

  /** The role and claims of a request: a valid user JWT wins over the API key. */
  async function claimsOf(request: Request): Promise<{ ok: true; claims: Claims } | { ok: false; reply: Reply }> {
    const apikey = header(request, "apikey") ?? request.url.searchParams.get("apikey");
    if (!apikey) {
      return {
        ok: false,
        reply: json(401, { message: "No API key found in request", hint: "No `apikey` request header or url param was found." }),
      };
    }
    const key = await signer.verify(apikey);
    if (!key.ok || !["anon", "service_role"].includes(String(key.claims.role))) {
      return { ok: false, reply: json(401, { message: "Invalid API key", hint: "Double check your Supabase `anon` or `service_role` API key." }) };
    }
    const token = bearerToken(request);
    if (!token || token === apikey) return { ok: true, claims: key.claims };
    const verified = await signer.verify(token);
    if (verified.ok) return { ok: true, claims: verified.claims };
    if (request.url.pathname.startsWith("/auth/v1")) return { ok: true, claims: key.claims };
    const expired = verified.reason === "expired";
    return {
      ok: false,
      reply: json(
        401,
        { code: expired ? "PGRST303" : "PGRST301", message: expired ? "JWT expired" : "JWSError JWSInvalidSignature", details: null, hint: null },
        { "www-authenticate": "Bearer" },
      ),
    };
  }

  async function route(request: Request): Promise<Reply> {
    const path = request.url.pathname;
    if (request.method === "OPTIONS") return { status: 204 };
    if (path === "/mailbox") return mailbox.page(request.url.searchParams.get("format"));
    if (path === "/" || path === "/health") return json(200, { status: "ok", mailbox: "/mailbox" });
    const isAuth = path.startsWith("/auth/v1");
    if (isAuth && (path === "/auth/v1/verify" || path === "/auth/v1/.well-known/jwks.json" || path === "/auth/v1/health")) {
      return handleAuth(request, undefined);
    }
    if (!isAuth && !path.startsWith("/rest/v1")) return json(404, { message: "Not found" });
    const identity = await claimsOf(request);
    if (!identity.ok) return identity.reply;
    return isAuth ? handleAuth(request, identity.claims) : handleRest(request, identity.claims);
  }

  let outage = false;

  async function handle(incoming: IncomingMessage, outgoing: ServerResponse) {
    if (outage) {
      incoming.socket.destroy();
      return;
    }
    const started = performance.now();
    let reply: Reply;
    try {
      const request: Request = {
        method: incoming.method ?? "GET",
        url: new URL(incoming.url ?? "/", context.publicUrl),
        headers: incoming.headers,
        body: await readBody(incoming),
        ip: incoming.socket.remoteAddress ?? "unknown",
      };
      reply = await route(request);
    } catch (error) {
      console.error("[backend] unexpected error:", error);
      reply = json(500, { code: "unexpected_failure", message: "Unexpected failure" });
    }
    if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
    const origin = incoming.headers.origin;
    outgoing.writeHead(reply.status, {
      ...CORS_HEADERS,
      "access-control-allow-origin": origin ?? "*",
      ...(origin ? { "access-control-allow-credentials": "true", vary: "Origin" } : {}),
      "x-supabase-api-version": "2024-01-01",
      ...reply.headers,
    });
    outgoing.end(reply.body ?? "");
    const ms = Math.round(performance.now() - started);
    log(`${incoming.method} ${(incoming.url ?? "").split("?")[0]} ${reply.status} ${ms}ms`);
  }

  const server = createServer((incoming, outgoing) => void handle(incoming, outgoing));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const actualPort = (server.address() as AddressInfo).port;
  context.publicUrl = `http://127.0.0.1:${actualPort}`;
  log(`listening on ${context.publicUrl} (mailbox: ${context.publicUrl}/mailbox)`);

  return {
    url: context.publicUrl,
    db,
    simulateOutage(on) {
      outage = on;
      if (on) server.closeAllConnections();
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.close();
    },
  };
}
