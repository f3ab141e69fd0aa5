import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names (clsx). Nothing is merged away: a component's variants own the classes a
 * caller may want to change (a Button's `size`, an Input's `compact`), so a className only adds
 * what the component does not set. This keeps tailwind-merge's ~8 kB out of every page's script.
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
