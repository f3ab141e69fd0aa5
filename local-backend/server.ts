import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { authError, createAuth } from "./auth";
import { createLimiters, requestOrigin } from "./auth/rate-limits";
import { loadConfig, type BackendConfig } from "./config";
import { openDatabase, type Database } from "./database";
import { bearerToken, header, json, ReplyError, type Reply, type Request } from "./http";
import { ANON_KEY, apiKeyClaims, loadSigner, opaqueKeyRole, PUBLISHABLE_KEY, SECRET_KEY, SERVICE_ROLE_KEY, type Claims } from "./keys";
import { createMailbox } from "./mailbox";
import { createRest } from "./rest/index";
import { startSmtpCatcher } from "./smtp-catcher";
import { createStorage, type StorageRequest } from "./storage/index";
import { startYookassa, YOOKASSA_DEMO_SECRET_KEY, YOOKASSA_DEMO_SHOP_ID, type YookassaStandIn } from "./yookassa/index";

export { ANON_KEY, PUBLISHABLE_KEY, SECRET_KEY, SERVICE_ROLE_KEY, YOOKASSA_DEMO_SECRET_KEY, YOOKASSA_DEMO_SHOP_ID };

export interface LocalBackendOptions {
  /**
   * A folder for the data, or "memory://" for a throwaway database. With `config.databaseUrl`
   * (LOCAL_BACKEND_DATABASE_URL) the rows are that server's, and the folder keeps Storage's bytes.
   */
  dataDir: string;
  /** 0 picks a free port. Defaults to config.toml's [api] port. */
  port?: number;
  /**
   * The SMTP catcher's port: by default the HTTP port + 4 (54325 beside 54321, where the Supabase
   * CLI's Mailpit takes SMTP), a free one when `port` is 0.
   */
  smtpPort?: number;
  /**
   * The ЮKassa stand-in's port (its API and payment page): by default `config.yookassaPort`, else
   * the HTTP port + 7 (54328), or a free one when `port` is 0 or the port + 7 is taken.
   */
  yookassaPort?: number;
  /**
   * Where the ЮKassa stand-in sends its notifications (the shop's webhook URL): by default
   * `config.yookassaWebhookUrl`, else the site's `/api/payments/yookassa`; null sends none.
   */
  yookassaWebhookUrl?: string | null;
  /** Waits between a notification's retries (default 0.5, 1, 2, 4, 8 s). */
  yookassaRetryDelaysMs?: number[];
  /** A fixed delay added to every response, to simulate a hosted backend's distance. */
  latencyMs?: number;
  /** Overrides of config.toml values. */
  config?: Partial<BackendConfig>;
  log?: (line: string) => void;
  /** Told of every answered request, with its headers (the e2e stack counts Auth's session checks per user). */
  observe?: (request: { method: string; path: string; headers: IncomingMessage["headers"]; status: number }) => void;
}

export interface LocalBackend {
  url: string;
  /** Where email links point (config.toml's auth.site_url). */
  siteUrl: string;
  /** The SMTP catcher: mail sent here shows in /mailbox beside Auth's emails. */
  smtpPort: number;
  /** `smtp://127.0.0.1:<smtpPort>`, for a mailer's connection URL. */
  smtpUrl: string;
  /** The ЮKassa stand-in: its API is `${yookassaUrl}/v3` (YOOKASSA_API_URL), its payment page `/checkout/<id>`. */
  yookassaUrl: string;
  /** The ЮKassa stand-in itself: its demo credentials, webhook setting and test-only hooks. */
  yookassa: YookassaStandIn;
  db: Database;
  /** Changes the delay added to every response (the bench measures with and without). */
  setLatency(ms: number): void;
  /** While on, every connection is dropped, as when a hosted backend is unreachable. */
  simulateOutage(on: boolean): void;
  close(): Promise<void>;
}

/**
 * Like Supabase's gateway: any origin, never with credentials (the API uses headers, not
 * cookies), and whatever request headers the preflight asks for.
 */
function corsHeaders(incoming: IncomingMessage): Record<string, string> {
  const requested = incoming.headers["access-control-request-headers"];
  return {
    "access-control-allow-origin": "*",
    "access-control-allow-methods": "GET, POST, PUT, PATCH, DELETE, OPTIONS, HEAD",
    "access-control-allow-headers":
      requested ??
      "authorization, x-client-info, apikey, content-type, content-profile, accept-profile, prefer, range, x-supabase-api-version, accept",
    "access-control-expose-headers": "content-range, range, x-supabase-api-version, x-sb-error-code, x-total-count, location",
    "access-control-max-age": "86400",
  };
}

/** Sent on every response, as Supabase's gateway does: no content sniffing of API answers. */
const SECURITY_HEADERS = { "x-content-type-options": "nosniff" };

/**
 * The mailbox shows live recovery links and codes: it may never be framed (clickjacking), run
 * scripts, leak its address to the pages it links to, or stay in a cache.
 */
const MAILBOX_HEADERS = {
  "content-security-policy":
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  "x-frame-options": "DENY",
  "referrer-policy": "no-referrer",
  "cache-control": "no-store",
};

const withHeaders = (reply: Reply, headers: Record<string, string>): Reply => ({ ...reply, headers: { ...reply.headers, ...headers } });

/** The body, or null once it grows past the limit (the rest is not buffered). */
async function readBody(incoming: IncomingMessage, maxBytes: number): Promise<string | null> {
  return (await readBytes(incoming, maxBytes))?.toString("utf8") ?? null;
}

function readBytes(incoming: IncomingMessage, maxBytes: number): Promise<Buffer | null> {
  if (Number(incoming.headers["content-length"]) > maxBytes) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    incoming.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        chunks.length = 0;
        incoming.pause();
        resolve(null);
      } else chunks.push(chunk);
    });
    incoming.on("end", () => resolve(Buffer.concat(chunks)));
    incoming.on("error", reject);
  });
}

function tooLarge(path: string): Reply {
  const reply = path.startsWith("/auth/v1")
    ? authError(413, "request_entity_too_large", "Request body too large (max 1048576 bytes)")
    : json(413, { message: "Request Entity Too Large" });
  return { ...reply, headers: { ...reply.headers, connection: "close" } };
}

const STORAGE_PREFIX = "/storage/v1/";

const isLoopback = (address: string | undefined) =>
  !!address && (address === "::1" || address.startsWith("127.") || address.startsWith("::ffff:127."));

export async function startLocalBackend(options: LocalBackendOptions): Promise<LocalBackend> {
  const log = options.log ?? ((line: string) => console.log(`[backend] ${line}`));
  const config = { ...loadConfig(), ...options.config };
  const db = await openDatabase(options.dataDir, log, config.databaseUrl);
  const signer = await loadSigner(db);
  const mailbox = createMailbox(db, log);
  const port = options.port ?? config.port;
  let latencyMs = options.latencyMs ?? 0;
  const context = { db, signer, config, mailbox, publicUrl: "", limiters: createLimiters(config.rateLimits) };
  const handleAuth = createAuth(context);
  const handleRest = createRest(db, config);
  const handleStorage = createStorage(db, signer, config, options.dataDir);

  /** The gateway's check: the request names one of the project's API keys. */
  function keyOf(request: Request): { ok: true; claims: Claims } | { ok: false; reply: Reply } {
    const apikey = header(request, "apikey") ?? request.url.searchParams.get("apikey");
    if (!apikey) {
      return {
        ok: false,
        reply: json(401, { message: "No API key found in request", hint: "No `apikey` request header or url param was found." }),
      };
    }
    const claims = apiKeyClaims(apikey);
    if (!claims) {
      return { ok: false, reply: json(401, { message: "Invalid API key", hint: "Double check your Supabase `anon` or `service_role` API key." }) };
    }
    return { ok: true, claims };
  }

  /** PostgREST's role and claims for a request: a valid Bearer JWT wins over the API key. */
  async function restClaims(request: Request, key: Claims): Promise<{ ok: true; claims: Claims } | { ok: false; reply: Reply }> {
    const token = bearerToken(request);
    if (!token || opaqueKeyRole(token)) return { ok: true, claims: key };
    const verified = await signer.verify(token);
    if (verified.ok) return { ok: true, claims: verified.claims };
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

  async function route(request: Request | StorageRequest): Promise<Reply> {
    const path = request.url.pathname;
    if (request.method === "OPTIONS") return { status: 204 };
    // The mailbox holds live links and codes: only for this machine, and never readable cross-origin.
    if (path === "/mailbox") {
      if (!isLoopback(request.ip)) return withHeaders(json(403, { message: "The mailbox answers only on loopback" }), MAILBOX_HEADERS);
      return withHeaders(await mailbox.page(request.url.searchParams.get("format")), MAILBOX_HEADERS);
    }
    if (path === "/" || path === "/health") return json(200, { status: "ok", mailbox: "/mailbox" });
    // Storage checks tokens itself, and public objects and signed URLs need no key at all.
    if (path.startsWith(STORAGE_PREFIX)) return handleStorage(request as StorageRequest);
    const isAuth = path.startsWith("/auth/v1");
    const publicAuthPath = path === "/auth/v1/.well-known/jwks.json" || path === "/auth/v1/health";
    // Email links reach GET /verify without a key, as they do on hosted projects.
    if (isAuth && (publicAuthPath || (path === "/auth/v1/verify" && request.method === "GET"))) {
      return handleAuth(request);
    }
    if (!isAuth && !path.startsWith("/rest/v1")) return json(404, { message: "Not found" });
    const key = keyOf(request);
    if (!key.ok) return key.reply;
    const apikey = header(request, "apikey") ?? request.url.searchParams.get("apikey");
    const origin = requestOrigin(request, config, apikey === SECRET_KEY);
    request.clientAddress = origin.address;
    request.rateLimitKey = origin.rateLimitKey;
    // Supabase Auth reads the Bearer token itself, only on the endpoints that need one.
    if (isAuth) return handleAuth(request);
    const identity = await restClaims(request, key.claims);
    return identity.ok ? handleRest(request, identity.claims) : identity.reply;
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
      const ip = incoming.socket.remoteAddress ?? "unknown";
      const url = new URL(incoming.url ?? "/", context.publicUrl);
      // Storage reads its own body, once it knows the limit (an upload may be far above 1 MB).
      const isStorage = url.pathname.startsWith(STORAGE_PREFIX);
      const body = isStorage ? "" : await readBody(incoming, config.maxBodyBytes);
      reply =
        body === null
          ? tooLarge(url.pathname)
          : await route({
              method: incoming.method ?? "GET",
              url,
              headers: incoming.headers,
              body,
              ip,
              clientAddress: ip,
              rateLimitKey: null,
              readBytes: (limit: number) => readBytes(incoming, limit),
            });
      // A body left unread (refused before it was needed) is not drained: the connection ends instead.
      if (isStorage && !incoming.complete) reply = withHeaders(reply, { connection: "close" });
    } catch (error) {
      if (error instanceof ReplyError) {
        reply = error.reply;
      } else {
        console.error("[backend] unexpected error:", error);
        reply = json(500, { code: "unexpected_failure", message: "Unexpected failure" });
      }
    }
    if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
    const isMailbox = (incoming.url ?? "").startsWith("/mailbox");
    outgoing.writeHead(reply.status, {
      ...(isMailbox ? {} : corsHeaders(incoming)),
      "x-supabase-api-version": "2024-01-01",
      ...reply.headers,
      ...SECURITY_HEADERS,
    });
    outgoing.end(reply.body ?? "");
    const ms = Math.round(performance.now() - started);
    log(`${incoming.method} ${(incoming.url ?? "").split("?")[0]} ${reply.status} ${ms}ms`);
    options.observe?.({ method: incoming.method ?? "GET", path: (incoming.url ?? "").split("?")[0], headers: incoming.headers, status: reply.status });
  }

  const server = createServer((incoming, outgoing) => void handle(incoming, outgoing));
  // As a hosted project's gateway keeps idle connections (about a minute): a client's pool (undici
  // closes after 4 s) always lets go first, so a busy moment never finds a socket this side just
  // closed («fetch failed» under load).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const actualPort = (server.address() as AddressInfo).port;
  context.publicUrl = `http://127.0.0.1:${actualPort}`;
  const smtp = await startSmtpCatcher(mailbox, options.smtpPort ?? (port === 0 ? 0 : port + 4), log).catch(async (error: Error) => {
    server.close();
    await db.close();
    throw error;
  });
  const smtpUrl = `smtp://127.0.0.1:${smtp.port}`;
  const yookassaPort = options.yookassaPort ?? config.yookassaPort ?? undefined;
  const yookassa = await startYookassa({
    port: yookassaPort ?? (port === 0 ? 0 : port + 7),
    orFreePort: yookassaPort === undefined,
    webhookUrl:
      options.yookassaWebhookUrl !== undefined
        ? options.yookassaWebhookUrl
        : (config.yookassaWebhookUrl ?? new URL("/api/payments/yookassa", config.siteUrl).href),
    retryDelaysMs: options.yookassaRetryDelaysMs,
    log,
  }).catch(async (error: Error) => {
    server.close();
    await smtp.close();
    await db.close();
    throw error;
  });
  log(`listening on ${context.publicUrl} (mailbox: ${context.publicUrl}/mailbox, SMTP: ${smtpUrl}, ЮKassa: ${yookassa.url})`);

  return {
    url: context.publicUrl,
    siteUrl: config.siteUrl,
    smtpPort: smtp.port,
    smtpUrl,
    yookassaUrl: yookassa.url,
    yookassa,
    db,
    setLatency(ms) {
      latencyMs = ms;
    },
    simulateOutage(on) {
      outage = on;
      if (on) server.closeAllConnections();
    },
    async close() {
      server.closeAllConnections();
      await Promise.all([new Promise<void>((resolve) => server.close(() => resolve())), smtp.close(), yookassa.close()]);
      await db.close();
    },
  };
}
