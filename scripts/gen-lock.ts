import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";

/**
 * supabase/migrations.lock: each migration's SHA-256, in `sha256sum` format (so
 * `cd supabase/migrations && sha256sum -c ../migrations.lock` checks it too).
 *
 * A migration has landed once the committed lock (git HEAD) lists it: from then on it must never
 * change, because databases that already ran it would never run the new text. Entries not yet
 * committed are the author's work in progress, and gen-types rewrites them freely.
 */

export const LOCK_PATH = "supabase/migrations.lock";

export interface Migration {
  name: string;
  sha256: string;
}

export interface LockReview {
  /** What `npm run gen-types` writes: every migration there is now, by name. */
  lock: string;
  /** Landed migrations that changed or disappeared. */
  violations: string[];
  /** New migrations that sort before a landed one: a database that already ran those will not run these in order. */
  outOfOrder: string[];
}

export function parseLock(text: string): Migration[] {
  return text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => {
      const match = /^([0-9a-f]{64}) [ *](.+)$/.exec(line);
      if (!match) throw new Error(`${LOCK_PATH}: cannot read the line «${line}»`);
      return { sha256: match[1], name: match[2] };
    });
}

export const formatLock = (migrations: Migration[]) => migrations.map((m) => `${m.sha256}  ${m.name}\n`).join("");

export async function hashMigrations(dir: string, names: string[]): Promise<Migration[]> {
  return Promise.all(
    names.map(async (name) => ({ name, sha256: createHash("sha256").update(await readFile(path.join(dir, name))).digest("hex") })),
  );
}

/** The lock as committed in git HEAD; without git (an exported tree), the lock on disk counts as landed. */
function landedLock(root: string, onDisk: string): string {
  const git = (args: string[]) => execFileSync("git", args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
  try {
    git(["rev-parse", "--verify", "--quiet", "HEAD"]);
  } catch {
    return onDisk;
  }
  return git(["ls-tree", "--name-only", "HEAD", "--", LOCK_PATH]).trim() ? git(["show", `HEAD:./${LOCK_PATH}`]) : "";
}

export function reviewLock(root: string, onDisk: string, migrations: Migration[]): LockReview {
  const landed = parseLock(landedLock(root, onDisk));
  const current = new Map(migrations.map((m) => [m.name, m.sha256]));
  const violations = landed.flatMap((entry) => {
    const sha256 = current.get(entry.name);
    if (sha256 === undefined) return [`${entry.name} disappeared`];
    return sha256 === entry.sha256 ? [] : [`${entry.name} changed`];
  });
  const landedNames = new Set(landed.map((entry) => entry.name));
  const lastLanded = landed.map((entry) => entry.name).sort().at(-1) ?? "";
  const outOfOrder = migrations.filter((m) => !landedNames.has(m.name) && m.name < lastLanded).map((m) => m.name);
  return { lock: formatLock(migrations), violations, outOfOrder };
}
