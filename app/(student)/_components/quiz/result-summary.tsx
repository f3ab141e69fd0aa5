"use client";

import { useSearchParams } from "next/navigation";
import { useEffect, useRef, useSyncExternalStore } from "react";

const noSubscription = () => () => {};

interface Props {
  attemptId: string;
  className: string;
  children: React.ReactNode;
}

/**
 * A graded attempt's line. Right after «Отправить ответы» (the address names the attempt,
 * `?attempt=…`) it takes the focus, so a screen reader reads the grade and Tab goes on from there:
 * the server's HTML carries `autofocus`, which the browser obeys before any script; a grade that
 * arrives by the client's navigation is focused once it is mounted (keyed by its attempt, each grade
 * mounts anew).
 */
export function ResultSummary({ attemptId, className, children }: Props) {
  const arrived = useSearchParams().get("attempt") === attemptId;
  // False when hydrating the server's HTML (its autofocus has acted, and the person may have moved on since).
  const madeHere = useRef(useSyncExternalStore(noSubscription, () => true, () => false));
  const summary = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (arrived && madeHere.current) summary.current?.focus();
  }, [arrived]);
  return (
    <p ref={summary} tabIndex={-1} autoFocus={arrived} className={className}>
      {children}
    </p>
  );
}
