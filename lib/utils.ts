import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

/**
 * Joins class names (clsx) and lets a later Tailwind class win over an earlier one for the same
 * style (tailwind-merge), as shadcn/ui components expect of `cn`: a caller's className overrides
 * the component's own.
 */
export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}
