import { availableParallelism } from "node:os";
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

/**
 * bcrypt off the event loop: a small pool of worker threads runs bcryptjs, so a burst of
 * sign-ins uses every core and never holds up the backend's other requests (GoTrue hashes in
 * its own goroutines for the same reason). Cost 10, as Supabase Auth.
 */

const COST = 10;
// An eval'd CommonJS worker: no TypeScript loader is needed in it, under tsx, Vitest or node.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const bcrypt = require(workerData.bcryptPath);
parentPort.on("message", ({ id, kind, password, hash, cost }) => {
  const done = kind === "hash" ? bcrypt.hash(password, cost) : bcrypt.compare(password, hash);
  done.then((result) => parentPort.postMessage({ id, result }), (error) => parentPort.postMessage({ id, error: String(error) }));
});
`;

type Job = { kind: "hash"; password: string; cost: number } | { kind: "compare"; password: string; hash: string };

class PasswordPool {
  private readonly workers: Worker[] = [];
  private readonly waiting = new Map<number, { resolve: (value: string | boolean) => void; reject: (error: Error) => void }>();
  private next = 0;

  constructor(size: number) {
    const bcryptPath = createRequire(import.meta.url).resolve("bcryptjs");
    for (let index = 0; index < size; index++) {
      const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { bcryptPath } });
      worker.on("message", ({ id, result, error }: { id: number; result?: string | boolean; error?: string }) => {
        const job = this.waiting.get(id);
        this.waiting.delete(id);
        if (this.waiting.size === 0) for (const idle of this.workers) idle.unref();
        if (error !== undefined) job?.reject(new Error(error));
        else job?.resolve(result!);
      });
      // A worker that dies fails what it was doing; the next job starts a fresh pool.
      worker.on("error", (error) => this.fail(error));
      // Idle workers never keep the process alive; busy ones do (see run).
      worker.unref();
      this.workers.push(worker);
    }
  }

  private fail(error: Error) {
    for (const job of this.waiting.values()) job.reject(error);
    this.waiting.clear();
    for (const worker of this.workers) void worker.terminate();
    if (pool === this) pool = null;
  }

  run(job: Job): Promise<string | boolean> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      const worker = this.workers[id % this.workers.length];
      worker.ref();
      worker.postMessage({ id, ...job });
    });
  }
}

let pool: PasswordPool | null = null;
const shared = () => (pool ??= new PasswordPool(Math.max(1, Math.min(availableParallelism(), 4))));

export async function hashPassword(password: string): Promise<string> {
  return String(await shared().run({ kind: "hash", password, cost: COST }));
}

/** False for a missing or malformed hash: a broken row is a failed sign-in, not a server error. */
export async function passwordMatches(password: string, hash: string | null | undefined): Promise<boolean> {
  if (!hash) return false;
  try {
    return (await shared().run({ kind: "compare", password, hash })) === true;
  } catch {
    return false;
  }
}
