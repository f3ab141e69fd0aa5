import { readFileSync } from "node:fs";
import autocannon from "autocannon";

/** CPU milliseconds a process has used so far (Linux /proc), or NaN elsewhere. */
export function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

/** A process's peak resident memory in MiB (Linux /proc), or NaN elsewhere. */
export function peakMemoryMiB(pid: number): number {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

export interface LoadResult {
  perSecond: number;
  p50: number;
  p99: number;
  cpuMsPerRequest: number;
  failures: number;
}

/**
 * Keeps `connections` requests in flight against one address for a while (after a short warm-up)
 * and reports throughput, latency percentiles, and the server process's CPU per request.
 */
export async function loadTest(url: string, serverPid: number, { cookie = "", connections = 10, seconds = 8 } = {}): Promise<LoadResult> {
  const options = { url, connections, headers: cookie ? { cookie } : {} };
  await autocannon({ ...options, duration: 2 });
  const cpuBefore = cpuMs(serverPid);
  const result = await autocannon({ ...options, duration: seconds });
  const served = result.requests.total;
  return {
    perSecond: served / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuMsPerRequest: (cpuMs(serverPid) - cpuBefore) / served,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}
