"use client";

import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import { preloadToasts, toasterState } from "./toast";

const SonnerToaster = lazy(() => import("./sonner-toaster"));
const FIRST_INTERACTION = ["pointerdown", "focusin", "keydown"] as const;

/**
 * The page's toast region, with Sonner's code, arrives at the visitor's first interaction (or the
 * first toast), not with the page: its live region is then in place before anything is announced.
 */
export function Toaster() {
  const requested = useSyncExternalStore(toasterState.subscribe, toasterState.requested, () => false);
  useEffect(() => {
    if (requested) return;
    const load = () => void preloadToasts();
    for (const event of FIRST_INTERACTION) window.addEventListener(event, load, { once: true, passive: true, capture: true });
    return () => {
      for (const event of FIRST_INTERACTION) window.removeEventListener(event, load, { capture: true });
    };
  }, [requested]);
  return requested ? (
    <Suspense>
      <SonnerToaster />
    </Suspense>
  ) : null;
}
