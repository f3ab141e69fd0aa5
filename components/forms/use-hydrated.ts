import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** False in the server's HTML and until React has hydrated this part of the page. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
