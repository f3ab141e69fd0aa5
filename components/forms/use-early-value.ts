"use client";

import { useLayoutEffect, type RefObject } from "react";

/**
 * For a controlled field rendered on the server (`value={state}`), which react-hook-form's
 * `registerField` does not cover: React's hydration keeps what a person typed or chose in it
 * before the page's script arrived, but tells no handler, so the state would still hold the
 * server's value and the next render or save would use that. On mount the state takes what the
 * element holds. Used by the review comment and a lesson material's name.
 */
export function useEarlyValue(field: RefObject<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement | null>, take: (value: string) => void) {
  useLayoutEffect(() => {
    if (field.current) take(field.current.value);
    // Once, as hydration leaves the element.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
