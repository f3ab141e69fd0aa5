import { useCallback, useEffect, useRef, useState } from "react";
import { whenIdle } from "./when-idle";

/**
 * A module that enhances what already works without it (dnd-kit's dragging beside the move
 * buttons): `request` starts loading it (call it when the pointer or the focus enters the part
 * that uses it), and the browser's first idle moment does unasked. `beforeUse` runs as it
 * arrives, just before the part renders with it (e.g. to note the focus its new rows must keep).
 * Offline, the next request asks again.
 */
export function useModuleOnIntent<Module>(load: () => Promise<Module>, beforeUse?: () => void): [Module | null, () => void] {
  const [loaded, setLoaded] = useState<{ module: Module } | null>(null);
  const requested = useRef(false);
  const latest = useRef({ load, beforeUse });
  useEffect(() => {
    latest.current = { load, beforeUse };
  });
  const request = useCallback(() => {
    if (requested.current) return;
    requested.current = true;
    latest.current.load().then(
      (module) => {
        latest.current.beforeUse?.();
        setLoaded({ module });
      },
      () => {
        requested.current = false;
      },
    );
  }, []);
  useEffect(() => whenIdle(request), [request]);
  return [loaded?.module ?? null, request];
}
