import type { ExternalToast } from "sonner";

/**
 * Sonner's `toast`, with Sonner itself (and its Toaster) loaded at the first toast instead of
 * with every page: most visits never show one. The id is ours and returned at once, so a caller
 * can still dismiss a toast it has just asked for.
 */
type Sonner = typeof import("sonner");
type Kind = "success" | "error" | "info";

let sonner: Promise<Sonner> | undefined;
let toasterRequested = false;
const toasterListeners = new Set<() => void>();
let lastId = 0;

/** Starts loading Sonner and mounts the Toaster, e.g. when a form is first focused. */
export function preloadToasts(): Promise<Sonner> {
  if (!toasterRequested) {
    toasterRequested = true;
    for (const listener of toasterListeners) listener();
  }
  return (sonner ??= import("sonner"));
}

function show(kind: Kind, title: string, options?: ExternalToast) {
  const id = options?.id ?? `toast-${++lastId}`;
  void preloadToasts().then(({ toast }) => toast[kind](title, { ...options, id }));
  return id;
}

export const toast = {
  success: (title: string, options?: ExternalToast) => show("success", title, options),
  error: (title: string, options?: ExternalToast) => show("error", title, options),
  info: (title: string, options?: ExternalToast) => show("info", title, options),
  dismiss: (id: string | number) => void sonner?.then(({ toast }) => toast.dismiss(id)),
};

/** For the Toaster host: whether a toast has been asked for yet, and a way to hear when it is. */
export const toasterState = {
  subscribe(listener: () => void) {
    toasterListeners.add(listener);
    return () => void toasterListeners.delete(listener);
  },
  requested: () => toasterRequested,
};
