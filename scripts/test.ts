import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { systemChromium } from "../e2e/helpers/browser";
import { E2E_APP_URL, E2E_BACKEND_URL, E2E_DIST_DIR } from "../e2e/helpers/ports";
import { postgresBinDir } from "../tests/postgres/cluster";
import { nextEnv, ROOT } from "./next-app";

/**
 * `npm test`: typecheck, lint, generated types and schema, unit and integration tests (Vitest), then the
 * production build and the end-to-end tests in Chromium. Stops at the first failing step.
 * `npm test static|unit|e2e` runs one part.
 */
const bin = (name: string) => path.join(ROOT, "node_modules/.bin", name);

function run(title: string, command: string, args: string[], env: Record<string, string> = {}) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", cwd: ROOT, env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`\n✖ ${title} failed`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${title} (${Math.round((Date.now() - started) / 1000)} s)`);
}

interface Step {
  title: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
  /** Its output as it comes (one step at most); the others' is held and printed whole when each ends. */
  stream?: boolean;
}

/**
 * Steps at once: for steps that each keep one core busy (the typecheck, lint), which one after
 * another left the other core idle, or a step that leaves part of a core (Vitest) and one that
 * takes it (the build). Fails, after all have ended, if any failed.
 */
async function runTogether(title: string, steps: Step[]) {
  console.log(`\n▶ ${steps.map((step) => step.title).join(" ‖ ")}`);
  const started = Date.now();
  const results = await Promise.all(
    steps.map(
      (step) =>
        new Promise<boolean>((resolve) => {
          const child = spawn(step.command, step.args, {
            cwd: ROOT,
            env: { ...process.env, ...step.env },
            stdio: step.stream ? "inherit" : ["ignore", "pipe", "pipe"],
          });
          const output: Buffer[] = [];
          child.stdout?.on("data", (chunk: Buffer) => output.push(chunk));
          child.stderr?.on("data", (chunk: Buffer) => output.push(chunk));
          child.on("error", (error) => output.push(Buffer.from(`${error.message}\n`)));
          child.on("close", (code) => {
            const text = Buffer.concat(output).toString();
            const seconds = Math.round((Date.now() - started) / 1000);
            console.log(`\n${code === 0 ? "✔" : "✖"} ${step.title} (${seconds} s${code === 0 ? "" : `, failed with exit code ${code}`})`);
            if (text.trim()) process.stdout.write(text.endsWith("\n") ? text : `${text}\n`);
            resolve(code === 0);
          });
        }),
    ),
  );
  if (results.includes(false)) {
    console.error(`\n✖ ${steps.filter((_, index) => !results[index]).map((step) => step.title).join(", ")} failed`);
    process.exit(1);
  }
  console.log(`✔ ${title} (${Math.round((Date.now() - started) / 1000)} s)`);
}

/** System Chromium, else Playwright's own; on Debian as root, installs Chromium with apt. */
function ensureBrowser() {
  if (systemChromium) return;
  if (process.getuid?.() === 0 && existsSync("/usr/bin/apt-get")) {
    run("install Chromium (apt)", "sh", ["-c", "apt-get update -qq && apt-get install -y -qq chromium-headless-shell"]);
    return;
  }
  const playwright = spawnSync(bin("playwright"), ["install", "chromium"], { stdio: "inherit", cwd: ROOT });
  if (playwright.status !== 0) {
    console.error(
      "\n✖ No browser for the end-to-end tests: install Chromium (Debian/Ubuntu: `sudo apt-get install chromium`) and run `npm test` again.",
    );
    process.exit(1);
  }
}

/**
 * The schema check and tests/postgres need Debian's PostgreSQL server, and its headers to build the
 * hosted-style clusters' pg-safeupdate; as root, installs them with apt.
 */
function ensurePostgres() {
  const binDir = postgresBinDir();
  const compiler = spawnSync("cc", ["--version"], { stdio: "ignore" }).status === 0;
  if (binDir && compiler && existsSync(`/usr/include/postgresql/${path.basename(path.dirname(binDir))}/server/postgres.h`)) return;
  if (process.getuid?.() === 0 && existsSync("/usr/bin/apt-get")) {
    run("install PostgreSQL (apt)", "sh", [
      "-c",
      "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql postgresql-server-dev-all gcc libc6-dev",
    ]);
    return;
  }
  console.error(
    "\n✖ No PostgreSQL server, its headers or a C compiler: install them (Debian/Ubuntu: `sudo apt-get install postgresql postgresql-server-dev-all gcc`) and run `npm test` again.",
  );
  process.exit(1);
}

const only = process.argv[2];
if (!only || only === "static" || only === "unit") ensurePostgres();
if (!only || only === "e2e") ensureBrowser();
if (!only || only === "static") {
  // Each keeps about one core busy: together they take the time of the longest.
  await runTogether("static checks", [
    { title: "typecheck", command: bin("tsc"), args: ["--noEmit"] },
    { title: "lint", command: bin("eslint"), args: [".", "--cache", "--cache-location", "node_modules/.cache/eslint/"] },
    {
      title: "generated types and schema match the migrations, landed migrations unchanged",
      command: bin("tsx"),
      args: ["scripts/gen-types.ts", "--check"],
    },
  ]);
}
const unit: Step = { title: "unit and integration tests", command: bin("vitest"), args: ["run"], stream: true };
const build: Step = {
  title: "production build for the end-to-end tests",
  command: bin("next"),
  args: ["build"],
  // After `static` (the whole run), the build skips its own typecheck.
  env: { ...nextEnv(E2E_BACKEND_URL, E2E_APP_URL, E2E_DIST_DIR), ...(only ? {} : { NEXT_BUILD_TYPECHECKED: "1" }) },
};
// The whole run builds beside Vitest: its files wait on their databases and servers, and leave
// part of the two cores, which the build takes.
if (!only) await runTogether("unit and integration tests, and the production build", [unit, build]);
if (only === "unit") run(unit.title, unit.command, unit.args);
if (only === "e2e") run(build.title, build.command, build.args, build.env);
if (!only || only === "e2e") {
  // `npm test e2e -- studio` runs the matching spec files only.
  // No traces here (a quarter of the run): `npm run test:e2e -- <pattern>` replays a failure with one.
  run("end-to-end tests", bin("playwright"), ["test", ...process.argv.slice(3)], { CI: process.env.CI ?? "1", E2E_NO_TRACE: "1" });
}
console.log("\nAll tests passed.");
