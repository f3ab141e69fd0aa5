"use client";

import { useRef } from "react";
import { Loader2 } from "lucide-react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import type { ConfirmDialogProps } from "./confirm-dialog";

/** Loaded by ConfirmDialog when it first opens. */
export default function ConfirmDialogContent(props: ConfirmDialogProps) {
  const { open, onOpenChange, title, description, liveDescription, confirmLabel, onConfirm, stayOpen, destructive, busy, disabled } = props;
  // The dialog has no Radix trigger to return focus to: it goes back to what opened it.
  const opener = useRef<HTMLElement | null>(null);
  const blocked = busy === true || disabled === true;
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent
        onOpenAutoFocus={() => {
          opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          opener.current?.focus();
        }}
      >
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription aria-live={liveDescription ? "polite" : undefined}>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Отмена</AlertDialogCancel>
          <AlertDialogAction
            variant={destructive ? "destructive" : "default"}
            aria-disabled={blocked || undefined}
            onClick={(event) => {
              if (stayOpen || blocked) event.preventDefault();
              if (!blocked) onConfirm();
            }}
          >
            {busy && <Loader2 className="animate-spin" aria-hidden />}
            {confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
