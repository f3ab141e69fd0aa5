"use client";

import { Suspense, use, useEffect, useRef, type ComponentType } from "react";
import { whenIdle } from "@/lib/when-idle";

/**
 * A client component whose script is not needed before the visitor reaches for it (a form and
 * react-hook-form): the server's HTML shows at once, and the script loads when the pointer or
 * the focus first enters it, or once the browser is idle. Until then React keeps the suspended
 * boundary's server HTML, and hydration keeps what was typed into it (react-hook-form takes a
 * field edited before it was ready as it is). After a client-side navigation there is no server
 * HTML to show, so the script loads at once.
 */
export function hydrateOnIntent<Props extends object>(load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
  let signalIntent: (() => void) | undefined;
  const loadOnIntent = async (): Promise<ComponentType<Props>> => {
    await new Promise<void>((resolve) => (signalIntent = resolve));
    // Offline: the server's HTML stays, and the next pointer or focus asks again.
    return load().catch(loadOnIntent);
  };
  const component = typeof window === "undefined" ? load() : loadOnIntent();

  function Hydrated(props: Props) {
    const Component = use(component);
    return <Component {...props} />;
  }

  function HydrateOnIntent(props: Props) {
    const container = useRef<HTMLDivElement>(null);
    useEffect(() => {
      const element = container.current;
      if (!element) return;
      const ask = () => signalIntent?.();
      // Nothing rendered yet: no server HTML to keep (a client-side navigation).
      if (element.childElementCount === 0) ask();
      element.addEventListener("pointerover", ask);
      element.addEventListener("focusin", ask);
      const cancelIdle = whenIdle(ask);
      return () => {
        element.removeEventListener("pointerover", ask);
        element.removeEventListener("focusin", ask);
        cancelIdle();
      };
    }, []);
    return (
      // `contents`: the wrapper adds no box, so the form lays out as if it were the parent's child.
      <div ref={container} className="contents">
        <Suspense>
          <Hydrated {...props} />
        </Suspense>
      </div>
    );
  }
  return HydrateOnIntent;
}
