"use client";

import { lazy, Suspense, useState, type ReactNode } from "react";

const ConfirmDialogContent = lazy(() => import("./confirm-dialog-content"));

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  /** Announces the description again when it changes while open (e.g. once a count arrives). */
  liveDescription?: boolean;
  confirmLabel: ReactNode;
  onConfirm: () => void;
  /** Stays open after confirming: the caller closes it or leaves the page (e.g. while deleting). */
  stayOpen?: boolean;
  destructive?: boolean;
  /** Confirming is under way: a spinner, and no second confirm. */
  busy?: boolean;
  /** Not ready to confirm yet. */
  disabled?: boolean;
}

/**
 * A confirmation (Radix's AlertDialog) whose code arrives when it first opens, not with the page:
 * most visits never open one. Opened by a plain button, it gives focus back to that button.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const [everOpened, setEverOpened] = useState(props.open);
  if (props.open && !everOpened) setEverOpened(true);
  return everOpened ? (
    <Suspense>
      <ConfirmDialogContent {...props} />
    </Suspense>
  ) : null;
}
