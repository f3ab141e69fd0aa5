import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LocalBackend } from "@/local-backend/server";
import {
  describeHomeworkRead,
  describeHomeworkWrite,
  FIXTURE_ACCOUNTS,
  FIXTURE_SQL,
  HOMEWORK_READS,
  HOMEWORK_WRITES,
  homeworkReadHolds,
  type HomeworkActor,
  type HomeworkWriteCase,
} from "../rls/homework-matrix";
import { ACTOR_IDS, describeRead, describeWrite, readHolds, READS, rowsCounted, WRITES, type ReadCase } from "../rls/matrix";
import { ANON_KEY, SEEDED, SERVICE_ROLE_KEY, signedIn, startTestBackend, TEST_DATABASES } from "@/local-backend/tests/harness";

/** The matrix through the unmodified supabase-js, on PGlite and on a real PostgreSQL server. */
describe.each(TEST_DATABASES)("on %s", (database) => {
  // Table names come from the matrix, so these clients are untyped.
  let backend: LocalBackend;
  const clients = {} as Record<HomeworkActor | "service", SupabaseClient>;

  const client = (key: string, accessToken?: string) =>
    createClient(backend.url, key, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: accessToken ? { headers: { authorization: `Bearer ${accessToken}` } } : {},
    });

  /** Counted by the database owner, beside the API: what a learner should see of a content table. */
  async function learnerRowCount(read: ReadCase) {
    const { rows } = await backend.db.query<{ n: number }>(`select count(*)::int as n from public.${read.table} where ${rowsCounted(read)}`);
    return rows[0].n;
  }

  beforeAll(async () => {
    backend = await startTestBackend({}, database);
    clients.anon = client(ANON_KEY);
    clients.service = client(SERVICE_ROLE_KEY);
    for (const actor of ["student", "curator", "admin"] as const) {
      const { session } = await signedIn(backend, SEEDED[actor].email, SEEDED[actor].password);
      clients[actor] = client(ANON_KEY, session.access_token);
    }
  });
  afterAll(() => backend.close());

  /** Rows written by one case: none when refused (an error, or no row matched). */
  async function rowsWritten(write: HomeworkWriteCase) {
    const table = clients[write.actor].from(write.table);
    let query =
      write.operation === "insert"
        ? table.insert(write.values, { count: "exact" })
        : write.operation === "update"
          ? table.update(write.values, { count: "exact" })
          : table.delete({ count: "exact" });
    for (const [column, value] of Object.entries(write.match ?? {})) query = query.eq(column, value);
    const { error, count } = await query;
    return error ? 0 : (count ?? 0);
  }

  describe("the row level security matrix through supabase-js", () => {
    for (const read of READS) {
      it(describeRead(read), async () => {
        const { data, error } = await clients[read.actor].from(read.table).select(read.columns).overrideTypes<Record<string, unknown>[], { merge: false }>();
        const all = await clients.service.from(read.table).select(read.columns);
        const total = read.scope ? await learnerRowCount(read) : (all.data?.length ?? -1);
        const rows = data ?? [];
        const outcome = { refused: Boolean(error), owners: rows.map((row) => (read.owner ? row[read.owner] : row)), total };
        expect(readHolds(read.expect, outcome, read.actor === "anon" ? undefined : ACTOR_IDS[read.actor])).toBe(true);
      });
    }

    for (const write of WRITES) {
      it(describeWrite(write), async () => {
        expect(await rowsWritten(write)).toBe(write.expect === "allowed" ? 1 : 0);
      });
    }
  });

  describe("homework's row level security matrix through supabase-js", () => {
    beforeAll(async () => {
      await backend.db.exec(FIXTURE_SQL);
      for (const actor of ["otherStudent", "otherCurator"] as const) {
        const { session } = await signedIn(backend, FIXTURE_ACCOUNTS[actor].email, FIXTURE_ACCOUNTS[actor].password);
        clients[actor] = client(ANON_KEY, session.access_token);
      }
    });

    for (const read of HOMEWORK_READS) {
      it(describeHomeworkRead(read), async () => {
        const { data, error } = await clients[read.actor].from(read.table).select(read.key).overrideTypes<Record<string, unknown>[], { merge: false }>();
        expect(homeworkReadHolds(read, { refused: Boolean(error), keys: (data ?? []).map((row) => row[read.key]) })).toBe(true);
      });
    }

    for (const write of HOMEWORK_WRITES) {
      it(describeHomeworkWrite(write), async () => {
        expect(await rowsWritten(write)).toBe(write.expect === "allowed" ? 1 : 0);
      });
    }
  });
});
