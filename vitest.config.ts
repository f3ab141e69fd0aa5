import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["lib/**/*.test.ts", "tests/**/*.test.ts", "local-backend/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/global-setup.ts"],
    // Files share their worker's modules (PGlite's compiled WebAssembly, supabase-js): a third less
    // CPU. Each file starts its own backend, so no state is shared between files.
    isolate: false,
    // Vitest's default is one worker fewer than the cores: one on this project's 2-core machine,
    // leaving a core idle. Every file has its own backend on its own port (or cluster in its own
    // folder), so files run side by side safely.
    maxWorkers: "100%",
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
