import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** False in the server's HTML and until React has hydrated: forms wait for it before they submit. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
