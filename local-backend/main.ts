import path from "node:path";
import { startLocalBackend } from "./server";

/** `npm run backend`: the embedded Supabase stand-in, in the foreground. */
const dataDir = process.env.LOCAL_BACKEND_DATA_DIR ?? path.resolve(import.meta.dirname, "../supabase/.local-data");
const backend = await startLocalBackend({
  dataDir,
  port: process.env.LOCAL_BACKEND_PORT ? Number(process.env.LOCAL_BACKEND_PORT) : undefined,
  smtpPort: process.env.LOCAL_BACKEND_SMTP_PORT ? Number(process.env.LOCAL_BACKEND_SMTP_PORT) : undefined,
  latencyMs: Number(process.env.LOCAL_BACKEND_LATENCY_MS ?? 0),
  log: process.env.LOCAL_BACKEND_QUIET ? () => {} : undefined,
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    void backend.close().finally(() => process.exit(0));
  });
}
