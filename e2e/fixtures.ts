import { test as base } from "@playwright/test";

export { expect } from "@playwright/test";

let visitor = 0;

/** A documentation-range address of its own for each test's visitor (RFC 5737, 198.18/15 benchmark range). */
export function visitorAddress(): string {
  visitor++;
  return `198.18.${(process.pid % 200) + (visitor >> 8)}.${visitor & 255}`;
}

/**
 * Every test is a different visitor behind the app's proxy: its requests carry their own
 * X-Forwarded-For, which the app forwards to Supabase Auth, so rate limits count per visitor
 * exactly as they do for real students.
 */
export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, provide) => {
    await provide({ ...extraHTTPHeaders, "x-forwarded-for": visitorAddress() });
  },
});
