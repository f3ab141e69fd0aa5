/**
 * Runs `callback` once the browser has nothing more urgent to do (at the latest after `timeout`
 * ms); where there is no requestIdleCallback (Safari), after `timeout`. Returns the cancel.
 */
export function whenIdle(callback: () => void, timeout = 3000): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(callback, { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(callback, timeout);
  return () => window.clearTimeout(handle);
}
