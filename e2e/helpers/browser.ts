import { existsSync } from "node:fs";

/** Debian's Chromium when present (Playwright's own download is not reachable everywhere). */
export const systemChromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((file) => existsSync(file));

// Without the background-networking flags, Chromium keeps calling Google hosts this machine cannot reach.
export const chromiumLaunchOptions = {
  executablePath: systemChromium,
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
};
