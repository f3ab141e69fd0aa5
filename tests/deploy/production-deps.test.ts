import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * A production machine installs with `npm ci --omit=dev`, then runs `npm start` and `npm run
 * worker`. Whatever those load at run time (their runner, every module their entry points import,
 * next.config.ts, which Next loads at start, and the packages Next leaves out of its bundles) must
 * come from `dependencies`: a devDependency is simply absent there.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const manifest = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
  engines: { node: string };
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const PRODUCTION_SCRIPTS = ["start", "worker"];
const BUILTINS = new Set(builtinModules);

const packageOf = (specifier: string) => specifier.split("/").slice(0, specifier.startsWith("@") ? 2 : 1).join("/");
const isBuiltin = (specifier: string) => specifier.startsWith("node:") || BUILTINS.has(specifier.split("/")[0]);

/** The module specifiers a file loads at run time: no `import type`, no import of types only. */
function runtimeImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      const typesOnly =
        clause?.isTypeOnly ||
        (clause && !clause.name && bindings && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((element) => element.isTypeOnly));
      if (!typesOnly) found.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!node.isTypeOnly) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === "require")) &&
      node.arguments.length === 1 &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** A project file a relative or `@/` specifier names, as tsx and Next resolve it. */
function resolveLocal(from: string, specifier: string): string {
  const base = specifier.startsWith("@/") ? path.join(ROOT, specifier.slice(2)) : path.resolve(path.dirname(from), specifier);
  const candidates = [base, ...[".ts", ".tsx", ".js", ".mjs", ".json"].map((extension) => base + extension), path.join(base, "index.ts"), path.join(base, "index.tsx")];
  const file = candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
  if (!file) throw new Error(`${path.relative(ROOT, from)}: cannot resolve ${specifier}`);
  return file;
}

/** Every package the entry points load, with the chain of files that leads to it. */
function packagesLoadedBy(entries: string[]): Map<string, string[]> {
  const packages = new Map<string, string[]>();
  const seen = new Set<string>();
  const walk = (file: string, chain: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    const here = [...chain, path.relative(ROOT, file)];
    if (!/\.(ts|tsx|mts)$/.test(file)) return;
    for (const specifier of runtimeImports(file)) {
      if (specifier.startsWith(".") || specifier.startsWith("@/")) walk(resolveLocal(file, specifier), here);
      else if (!isBuiltin(specifier) && !packages.has(packageOf(specifier))) packages.set(packageOf(specifier), here);
    }
  };
  for (const entry of entries) walk(path.join(ROOT, entry), []);
  return packages;
}

function filesUnder(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { recursive: true, encoding: "utf8" })
    .filter((name) => /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name))
    .map((name) => path.join(folder, name));
}

const notInDependencies = (packages: Map<string, string[]>) =>
  [...packages].filter(([name]) => !(name in manifest.dependencies)).map(([name, chain]) => `${name} (${chain.join(" → ")})`);

describe("production start without devDependencies", () => {
  const scripts = PRODUCTION_SCRIPTS.map((name) => {
    const [runner, ...args] = manifest.scripts[name].split(/\s+/);
    return { name, runner, entry: args.find((arg) => /\.tsx?$/.test(arg)) };
  });

  it.each(scripts)("`npm run $name` runs through a package of dependencies", ({ runner, entry }) => {
    expect(entry, "the script names its entry file").toBeTruthy();
    expect(manifest.dependencies, `${runner} runs a production script`).toHaveProperty([runner]);
  });

  it.each(scripts)("`npm run $name` loads no package that `npm ci --omit=dev` leaves out", ({ entry }) => {
    const packages = packagesLoadedBy([entry!]);
    expect(packages.size).toBeGreaterThan(0);
    expect(notInDependencies(packages)).toEqual([]);
  });

  it("runs on the project's own Node, whatever Node the machine has", () => {
    // npm puts node_modules/.bin first on a script's PATH, so `node` there runs tsx, the app and the
    // worker. Without it they ran on the machine's Node, where supabase-js below 22 finds no
    // WebSocket and the worker stops at its first client.
    expect(manifest.dependencies).toHaveProperty(["node"]);
    const pinned = Number(manifest.dependencies.node.match(/\d+/)![0]);
    const least = Number(manifest.engines.node.match(/\d+/)![0]);
    expect(pinned).toBeGreaterThanOrEqual(Math.max(least, 22));
  });

  it("next.config.ts, which Next loads at start, loads none either", () => {
    expect(notInDependencies(packagesLoadedBy(["next.config.ts"]))).toEqual([]);
  });

  it("the app's server code imports no devDependency that Next loads from node_modules instead of bundling", () => {
    // Next's own list of packages it never bundles, plus the project's serverExternalPackages.
    const listed = readFileSync(path.join(ROOT, "node_modules/next/dist/lib/server-external-packages.jsonc"), "utf8");
    const external = new Set<string>(JSON.parse(listed.replace(/^\s*\/\/.*$/gm, "").replace(/,(\s*)\]/, "$1]")));
    const configured = readFileSync(path.join(ROOT, "next.config.ts"), "utf8").match(/serverExternalPackages:\s*\[([^\]]*)\]/)?.[1] ?? "";
    for (const [, name] of configured.matchAll(/["']([^"']+)["']/g)) external.add(name);
    const entries = [...filesUnder("app"), "proxy.ts", "instrumentation.ts"];
    const unbundled = [...packagesLoadedBy(entries)].filter(([name]) => external.has(name) && !(name in manifest.dependencies));
    expect(external.size).toBeGreaterThan(50);
    expect(unbundled.map(([name, chain]) => `${name} (${chain.join(" → ")})`)).toEqual([]);
  });

  it("finds a devDependency deep in an import chain", () => {
    // The walker itself: the local backend's keys load jose, which production does not install.
    const packages = packagesLoadedBy(["scripts/next-app.ts"]);
    expect(packages.get("jose")).toEqual(["scripts/next-app.ts", "local-backend/keys.ts"]);
    expect(notInDependencies(packages)).toContain("jose (scripts/next-app.ts → local-backend/keys.ts)");
  });
});
