import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { exitCode, ROOT, runNext } from "./next-app";

/**
 * The floors: the smallest App Router page, built and served by the same Next.js as the app, and
 * the smallest dynamic one (a page that reads the request's cookies, behind a pass-through proxy),
 * which is what any signed-in page costs before it does anything of its own.
 */
const LAYOUT = `export default function RootLayout({ children }) {\n  return <html lang="ru"><body>{children}</body></html>;\n}\n`;
const FLOORS = {
  static: {
    "app/layout.jsx": LAYOUT,
    "app/page.jsx": `export default function Page() {\n  return <h1>Floor</h1>;\n}\n`,
  },
  dynamic: {
    "app/layout.jsx": LAYOUT,
    "app/page.jsx": `import { cookies } from "next/headers";\n\nexport default async function Page() {\n  return <h1>Floor {(await cookies()).getAll().length}</h1>;\n}\n`,
    "proxy.js": `import { NextResponse } from "next/server";\n\nexport function proxy() {\n  return NextResponse.next();\n}\n`,
  },
};

export async function startFloor(kind: keyof typeof FLOORS, port: number) {
  const dir = path.join(ROOT, kind === "static" ? ".bench-floor" : ".bench-floor-dynamic");
  rmSync(dir, { recursive: true, force: true });
  // Its own config, so Next does not pick up the app's from the folder above.
  const files = { "next.config.mjs": `export default { turbopack: { root: ${JSON.stringify(ROOT)} } };\n`, ...FLOORS[kind] };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  if ((await exitCode(runNext(["build", dir], {}, "ignore"))) !== 0) throw new Error(`the ${kind} floor's build failed`);
  const server = runNext(["start", dir, "-p", String(port), "-H", "127.0.0.1"], {}, "ignore");
  return { url: `http://127.0.0.1:${port}`, server };
}
