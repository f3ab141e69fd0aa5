/**
 * The demo accounts that supabase/seed.sql creates on the local backend only (where its `_local`
 * schema exists; never on a hosted project: tests/deploy/seed.test.ts); keep the two in step.
 */
export const DEMO_ACCOUNTS = {
  admin: { id: "a0000000-0000-4000-8000-000000000001", email: "admin@example.com", password: "admin12345" },
  student: { id: "a0000000-0000-4000-8000-000000000002", email: "student@example.com", password: "student12345" },
  curator: { id: "a0000000-0000-4000-8000-000000000003", email: "curator@example.com", password: "curator12345" },
} as const;
