import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { exitCode, ROOT, runNext } from "./next-app";

/** The floor: the smallest App Router page, built and served by the same Next.js as the app. */
const FLOOR_DIR = path.join(ROOT, ".bench-floor");

const FILES: Record<string, string> = {
  // Its own config, so Next does not pick up the app's from the folder above.
  "next.config.mjs": `export default { turbopack: { root: ${JSON.stringify(ROOT)} } };\n`,
  "app/layout.jsx": `export default function RootLayout({ children }) {\n  return <html lang="ru"><body>{children}</body></html>;\n}\n`,
  "app/page.jsx": `export default function Page() {\n  return <h1>Floor</h1>;\n}\n`,
};

export async function startFloor(port: number) {
  rmSync(FLOOR_DIR, { recursive: true, force: true });
  for (const [file, text] of Object.entries(FILES)) {
    mkdirSync(path.dirname(path.join(FLOOR_DIR, file)), { recursive: true });
    writeFileSync(path.join(FLOOR_DIR, file), text);
  }
  if ((await exitCode(runNext(["build", FLOOR_DIR], {}, "ignore"))) !== 0) throw new Error("the floor's build failed");
  const server = runNext(["start", FLOOR_DIR, "-p", String(port), "-H", "127.0.0.1"], {}, "ignore");
  return { url: `http://127.0.0.1:${port}`, server };
}
