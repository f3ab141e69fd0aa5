/**
 * Tells the other tabs of this browser that the session changed, as supabase-js's browser client
 * does with its BroadcastChannel, without shipping that client: sign-in and sign-out run in
 * server actions here.
 */
const CHANNEL = "founder-school-auth";

export type AuthChange = "signed-in" | "signed-out";

export function announceAuthChange(change: AuthChange) {
  if (typeof BroadcastChannel === "undefined") return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage(change);
  channel.close();
}

/** Calls back on every change announced by another tab; returns the unsubscribe. */
export function onAuthChange(callback: (change: AuthChange) => void): () => void {
  if (typeof BroadcastChannel === "undefined") return () => {};
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event: MessageEvent<AuthChange>) => callback(event.data);
  return () => channel.close();
}
