import { chromium } from "@playwright/test";
import lighthouse from "lighthouse";
import { chromiumLaunchOptions } from "../e2e/helpers/browser";

export interface LighthouseMeasure {
  score: number;
  lcpMs: number;
  fcpMs: number;
  /** Total blocking time: the main thread held by scripts on the simulated phone's CPU. */
  tbtMs: number;
}

const DEBUGGING_PORT = 9333;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Lighthouse's mobile performance (its default: a mid-range phone on slow 4G, simulated) of each
 * page, in turns so every page sees the machine in the same state: the median of `runs`.
 */
export async function lighthouseMobile(urls: string[], runs = 3): Promise<LighthouseMeasure[]> {
  const browser = await chromium.launch({ ...chromiumLaunchOptions, args: [...chromiumLaunchOptions.args, `--remote-debugging-port=${DEBUGGING_PORT}`] });
  const results = urls.map((): LighthouseMeasure[] => []);
  try {
    for (let run = 0; run < runs; run++) {
      for (const [index, url] of urls.entries()) {
        const answer = await lighthouse(url, { port: DEBUGGING_PORT, onlyCategories: ["performance"], logLevel: "error" });
        if (!answer || answer.lhr.runtimeError) throw new Error(`Lighthouse could not measure ${url}: ${answer?.lhr.runtimeError?.message}`);
        const { categories, audits } = answer.lhr;
        results[index].push({
          score: categories.performance.score ?? 0,
          lcpMs: audits["largest-contentful-paint"].numericValue ?? 0,
          fcpMs: audits["first-contentful-paint"].numericValue ?? 0,
          tbtMs: audits["total-blocking-time"].numericValue ?? 0,
        });
      }
    }
  } finally {
    await browser.close();
  }
  return results.map((measures) => ({
    score: median(measures.map((measure) => measure.score)),
    lcpMs: median(measures.map((measure) => measure.lcpMs)),
    fcpMs: median(measures.map((measure) => measure.fcpMs)),
    tbtMs: median(measures.map((measure) => measure.tbtMs)),
  }));
}
