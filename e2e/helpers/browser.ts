import { existsSync, statfsSync } from "node:fs";

/**
 * Debian's Chromium when present (Playwright's own download is not reachable everywhere). Its
 * headless build (package chromium-headless-shell, the same Chromium release) comes first: it is
 * what Playwright itself runs for headless tests, and it needs a third of the full browser's CPU.
 */
export const systemChromium = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium", "/usr/bin/chromium-browser"].find((file) =>
  existsSync(file),
);

function roomySharedMemory(): boolean {
  try {
    const { bsize, blocks } = statfsSync("/dev/shm");
    return bsize * blocks >= 1024 ** 3;
  } catch {
    return false;
  }
}

// Without the background-networking flags, Chromium keeps calling Google hosts this machine cannot reach.
export const chromiumLaunchOptions = {
  executablePath: systemChromium,
  // Playwright's default --disable-dev-shm-usage moves Chromium's shared memory to /tmp on disk;
  // needed only where /dev/shm is small (Docker's 64 MB).
  ignoreDefaultArgs: roomySharedMemory() ? ["--disable-dev-shm-usage"] : [],
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
};
