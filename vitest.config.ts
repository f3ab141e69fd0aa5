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
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
