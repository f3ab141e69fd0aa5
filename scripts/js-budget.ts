/**
 * First-load JS budgets, gzip, over the floor (the smallest App Router page of the same Next.js):
 * the pages a first-time visitor loads (the landing, recovery, anything public) get 35 kB; signed-in
 * pages, whose scripts are cached after the first visit, get 120 kB.
 */
export const PUBLIC_ALLOWANCE = 35 * 1024;
export const SIGNED_IN_ALLOWANCE = 120 * 1024;

// «Сертификаты» is the student's; a certificate's page under it (/certificates/{code}) is public.
export const isSignedInRoute = (route: string) =>
  /^\/(admin|dashboard|product-founder|tech-founder|settings|notifications|orders)(\/|\?|$)/.test(route) || /^\/certificates(\?|$)/.test(route);

export const jsBudget = (route: string, floor: number) => floor + (isSignedInRoute(route) ? SIGNED_IN_ALLOWANCE : PUBLIC_ALLOWANCE);
