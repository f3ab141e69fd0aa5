"use client";

import { useLayoutEffect, type RefObject } from "react";

/**
 * A controlled field rendered on the server: React keeps what a person typed or chose in it before
 * the page's script arrived, but tells no handler. On mount the state takes what the element holds.
 */
export function useEarlyValue(field: RefObject<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement | null>, take: (value: string) => void) {
  useLayoutEffect(() => {
    if (field.current) take(field.current.value);
    // Once, as hydration leaves the element.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
