"use client";

import type { CSSProperties } from "react";
import { Toaster as Sonner, type ToasterProps } from "sonner";

/** Sonner's rich colours, darkened to pass WCAG AA (4.5:1) for the title and the description. */
const AA_COLORS = {
  "--error-text": "#a30000",
  "--success-text": "#006b2e",
  "--warning-text": "#7a4a00",
  "--info-text": "#0a4ea3",
} as CSSProperties;

export default function SonnerToaster(props: ToasterProps) {
  return (
    <Sonner
      className="toaster group"
      richColors
      closeButton
      position="top-center"
      containerAriaLabel="Уведомления"
      customAriaLabel="Уведомления (Alt+T)"
      style={AA_COLORS}
      toastOptions={{ closeButtonAriaLabel: "Закрыть уведомление" }}
      {...props}
    />
  );
}
