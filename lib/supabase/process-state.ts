/**
 * State the proxy and the pages share. They are separate bundles with separate module scopes, but
 * one process: what they share sits on globalThis, one part per module under one slot (the slot
 * is named after the module it began in; tests delete it to start as a new process would).
 */
const SLOT = Symbol.for("founder-school.verified-session");

type Holder = typeof globalThis & { [SLOT]?: Record<string, object> };

export function processState<T extends object>(part: string, create: () => T): T {
  const holder = globalThis as Holder;
  const parts = (holder[SLOT] ??= {});
  return (parts[part] ??= create()) as T;
}
