"use client";

import { useSyncExternalStore, type CSSProperties } from "react";
import { Toaster as Sonner, type ToasterProps } from "sonner";

/** Sonner's rich colours, darkened to pass WCAG AA (4.5:1) for the title and the description. */
const AA_COLORS = {
  "--error-text": "#a30000",
  "--success-text": "#006b2e",
  "--warning-text": "#7a4a00",
  "--info-text": "#0a4ea3",
} as CSSProperties;

/** Sonner's own breakpoint: below it, toasts span the screen's width. */
const PHONE = "(max-width: 600px)";
const onPhoneChange = (listener: () => void) => {
  const query = window.matchMedia(PHONE);
  query.addEventListener("change", listener);
  return () => query.removeEventListener("change", listener);
};

export default function SonnerToaster(props: ToasterProps) {
  // On a phone a toast at the top, as wide as the screen, covers the page's heading: it goes to
  // the bottom there (where the thumb is, too); on a wider screen it stays at the top, centred.
  const phone = useSyncExternalStore(onPhoneChange, () => window.matchMedia(PHONE).matches, () => false);
  return (
    <Sonner
      className="toaster group"
      richColors
      closeButton
      position={phone ? "bottom-center" : "top-center"}
      containerAriaLabel="Уведомления"
      customAriaLabel="Уведомления (Alt+T)"
      style={AA_COLORS}
      toastOptions={{ closeButtonAriaLabel: "Закрыть уведомление" }}
      {...props}
    />
  );
}
