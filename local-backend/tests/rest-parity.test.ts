import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";
import type { LocalBackend } from "@/local-backend/server";
import { ANON_KEY, maxAffected, SEEDED, SERVICE_ROLE_KEY, serviceClient, signedIn, startTestBackend, TEST_DATABASES } from "./harness";

const LOVABLE = "70000000-0000-4000-8000-000000000001";
const MODULE_1 = "c0000000-0000-4000-8000-000000000001";
const MODULE_2 = "c0000000-0000-4000-8000-000000000002";


/** Where the local PostgREST once differed from PostgREST's own source and test suite, on PGlite and on PostgreSQL. */
describe.each(TEST_DATABASES)("on %s", (database) => {
  let backend: LocalBackend;
  let service: SupabaseClient<Database>;
  let studentId: string;

  /**
   * A client without the app's generated types, for functions this file adds as the database
   * owner (the schema cache reloads when a request names one it does not know).
   */
  const untypedClient = (key: string, accessToken?: string) =>
    createClient(backend.url, key, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: accessToken ? { headers: { authorization: `Bearer ${accessToken}` } } : {},
    });

  beforeAll(async () => {
    backend = await startTestBackend({}, database);
    service = serviceClient(backend);
    studentId = (await signedIn(backend, SEEDED.student.email, SEEDED.student.password)).user.id;
    await backend.db.exec(`
      create table public.parity_log (id bigserial primary key, at timestamptz default now());
      grant all on public.parity_log, public.parity_log_id_seq to anon, authenticated, service_role;
      create function public.parity_write() returns void language sql as $$ insert into public.parity_log default values $$;
      create function public.parity_statement_timeout() returns text language sql stable as $$ select current_setting('statement_timeout') $$;
      create table public.parity_types (id int8 primary key, at timestamptz, price numeric, doc jsonb, tags text[], span interval);
      grant all on public.parity_types to anon, authenticated, service_role;
      create table public.parity_defaults (id bigserial primary key, label text, score int default 7, tag text default 'new');
      grant all on public.parity_defaults, public.parity_defaults_id_seq to service_role;
    `);
  });
  afterAll(() => backend.close());

  describe("upserts", () => {
    it("answers 201 when a row is inserted and 200 when every row only updates", async () => {
      await service.from("module_access").delete().eq("user_id", studentId).eq("module_id", MODULE_2);
      const row = { user_id: studentId, module_id: MODULE_2, is_unlocked: true };
      const inserted = await service.from("module_access").upsert(row, { onConflict: "user_id,module_id" });
      expect(inserted.status).toBe(201);
      const updated = await service.from("module_access").upsert({ ...row, is_unlocked: false }, { onConflict: "user_id,module_id" });
      expect(updated.status).toBe(200);
      const ignored = await service.from("module_access").upsert(row, { onConflict: "user_id,module_id", ignoreDuplicates: true });
      expect(ignored.status).toBe(201);
      const { data } = await service.from("module_access").select("is_unlocked").eq("user_id", studentId).eq("module_id", MODULE_2).single();
      expect(data?.is_unlocked).toBe(false);
    });

    it("returns the rows of a key-only upsert, as PostgREST sets every payload column", async () => {
      const { data, status } = await service
        .from("module_access")
        .upsert({ user_id: studentId, module_id: MODULE_1 }, { onConflict: "user_id,module_id" })
        .select("module_id, is_unlocked");
      expect(status).toBe(200);
      expect(data).toEqual([{ module_id: MODULE_1, is_unlocked: true }]);
    });

    it("uses the primary key when no conflict target is named", async () => {
      const { data: tool } = await service.from("tech_tools").select("id, name, order_index").eq("id", LOVABLE).single();
      const { status } = await service.from("tech_tools").upsert({ ...tool!, name: "Lovable" });
      expect(status).toBe(200);
    });
  });

  describe("the in. filter compares as the column's type", () => {
    it("refuses a malformed uuid with 22P02 and matches an upper-case one", async () => {
      const bad = await service.from("tech_tools").select("id").in("id", ["not-a-uuid"]);
      expect([bad.status, bad.error?.code]).toEqual([400, "22P02"]);
      const upper = await service.from("tech_tools").select("name").in("id", [LOVABLE.toUpperCase()]);
      expect(upper.data).toEqual([{ name: "Lovable" }]);
      const none = await service.from("tech_tools").select("id").in("id", []);
      expect(none.data).toEqual([]);
    });
  });

  describe("transactions as PostgREST runs them", () => {
    it("runs GET read-only: a writing function called by GET is refused with 405, by POST it writes", async () => {
      const owner = untypedClient(SERVICE_ROLE_KEY);
      const viaGet = await owner.rpc("parity_write", {}, { get: true });
      expect([viaGet.status, viaGet.error?.code]).toEqual([405, "25006"]);
      const viaPost = await owner.rpc("parity_write");
      expect(viaPost.status).toBe(204);
      const { rows } = await backend.db.query<{ n: number }>(`select count(*)::int as n from public.parity_log`);
      expect(rows[0].n).toBe(1);
    });

    it("applies each API role's own statement_timeout, else authenticator's, inside its transaction", async () => {
      expect((await untypedClient(ANON_KEY).rpc("parity_statement_timeout")).data).toBe("3s");
      const { session } = await signedIn(backend, SEEDED.student.email, SEEDED.student.password);
      expect((await untypedClient(ANON_KEY, session.access_token).rpc("parity_statement_timeout")).data).toBe("8s");
      // The service role has none of its own: authenticator's holds, as on hosted.
      expect((await untypedClient(SERVICE_ROLE_KEY).rpc("parity_statement_timeout")).data).toBe("8s");
    });
  });

  describe("the answer's bytes", () => {
    it("are the same on either database: timestamps in UTC, numbers, json, arrays and intervals as Postgres writes them", async () => {
      const row = { id: 9007199254740993n.toString(), at: "2026-01-02T03:04:05.678+03:00", price: "1.50", doc: { a: [1, "б"] }, tags: ["a", "b c"], span: "1 day 02:00:00" };
      const headers = { apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}`, "content-type": "application/json" };
      const written = await fetch(`${backend.url}/rest/v1/parity_types`, { method: "POST", headers: { ...headers, prefer: "return=representation" }, body: JSON.stringify(row) });
      const read = await fetch(`${backend.url}/rest/v1/parity_types?select=*`, { headers });
      const body = `[{"id":9007199254740993,"at":"2026-01-02T00:04:05.678+00:00","price":1.50,"doc":{"a": [1, "б"]},"tags":["a","b c"],"span":"1 day 02:00:00"}]`;
      expect([written.status, await written.text(), await read.text()]).toEqual([201, body, body]);
    });
  });

  describe("ranges and counts", () => {
    it("answers an empty 206 at offset = total and 416 past it", async () => {
      // The seed has six published modules (and a draft).
      const atEnd = await service.from("course_modules").select("id", { count: "exact" }).eq("is_published", true).range(6, 10);
      expect([atEnd.status, atEnd.count, atEnd.data]).toEqual([206, 6, []]);
      const past = await service.from("course_modules").select("id", { count: "exact" }).eq("is_published", true).range(7, 10);
      expect([past.status, past.error?.code, past.error?.details]).toEqual([
        416,
        "PGRST103",
        "An offset of 7 was requested, but there are only 6 rows.",
      ]);
      const emptyTable = await service.from("course_modules").select("id", { count: "exact" }).eq("title", "nothing");
      expect([emptyTable.status, emptyTable.count]).toEqual([200, 0]);
    });

    it("counts the rows a write touched", async () => {
      const updated = await service.from("course_modules").update({ order_index: 1 }, { count: "exact" }).eq("id", MODULE_1);
      expect([updated.status, updated.count]).toEqual([204, 1]);
      const inserted = await service.from("tech_tools").insert([{ name: "A" }, { name: "B" }], { count: "exact" });
      expect([inserted.status, inserted.count]).toEqual([201, 2]);
      const deleted = await service.from("tech_tools").delete({ count: "exact" }).in("name", ["A", "B"]);
      expect([deleted.status, deleted.count]).toEqual([204, 2]);
    });
  });

  describe("Prefer, as PostgREST 12 reads it", () => {
    it("missing=default gives a row's missing columns their defaults, per row; without it they are null", async () => {
      const owner = untypedClient(SERVICE_ROLE_KEY);
      const rows = [{ label: "a", score: 5 }, { label: "b" }];
      const defaulted = await owner.from("parity_defaults").insert(rows, { defaultToNull: false }).select("label, score, tag, id");
      expect(defaulted.data).toEqual([
        { label: "a", score: 5, tag: "new", id: expect.any(Number) },
        { label: "b", score: 7, tag: "new", id: expect.any(Number) },
      ]);
      const [first, second] = defaulted.data as { id: number }[];
      expect(second.id).toBe(first.id + 1);
      const nulls = await owner.from("parity_defaults").insert(rows).select("label, score, tag");
      // A column no row names is left to Postgres, which gives its default anyway.
      expect(nulls.data).toEqual([
        { label: "a", score: 5, tag: "new" },
        { label: "b", score: null, tag: "new" },
      ]);
    });

    it("max-affected with handling=strict refuses an update or delete of more rows and rolls it back", async () => {
      const owner = untypedClient(SERVICE_ROLE_KEY);
      await owner.from("parity_defaults").insert([{ label: "x" }, { label: "x" }, { label: "x" }]);
      const update = await maxAffected(owner.from("parity_defaults").update({ tag: "changed" }).eq("label", "x"), 2);
      expect([update.status, update.error?.code, update.error?.details]).toEqual([400, "PGRST124", "The query affects 3 rows"]);
      const removed = await maxAffected(owner.from("parity_defaults").delete().eq("label", "x"), 1);
      expect(removed.error?.code).toBe("PGRST124");
      const left = await owner.from("parity_defaults").select("tag").eq("label", "x");
      expect(left.data).toEqual([{ tag: "new" }, { tag: "new" }, { tag: "new" }]);
      expect((await maxAffected(owner.from("parity_defaults").delete().eq("label", "x"), 3)).status).toBe(204);
      // PostgREST's limited updates and deletes are not implemented here: refused, never ignored.
      const limited = await owner.from("parity_defaults").delete().eq("label", "a").limit(1);
      expect([limited.status, limited.error?.code]).toEqual([400, "PGRST100"]);
    });

    it("handling=strict refuses a preference PostgREST does not know; lenient ignores it", async () => {
      const headers = { apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}` };
      const strict = await fetch(`${backend.url}/rest/v1/parity_defaults?select=id`, { headers: { ...headers, prefer: "handling=strict, count=exact, anything" } });
      expect([strict.status, await strict.json()]).toEqual([
        400,
        { code: "PGRST122", message: "Invalid preferences given with handling=strict", details: "Invalid preferences: anything", hint: null },
      ]);
      const lenient = await fetch(`${backend.url}/rest/v1/parity_defaults?select=id`, { headers: { ...headers, prefer: "anything" } });
      expect(lenient.status).toBe(200);
    });
  });

  it("refuses a media type PostgREST produces and this stand-in does not, rather than answering plain JSON", async () => {
    const owner = untypedClient(SERVICE_ROLE_KEY);
    const stripped = await owner.from("parity_defaults").select("tag").stripNulls();
    expect([stripped.status, stripped.error?.code]).toEqual([406, "PGRST107"]);
    const csv = await owner.from("parity_defaults").select("tag").csv();
    expect([csv.status, csv.error?.code]).toEqual([406, "PGRST107"]);
    expect((await owner.from("parity_defaults").select("tag").limit(1).single()).status).not.toBe(406);
  });

  // Last: it shortens anon's statement_timeout for the rest of this backend's life.
  it.runIf(database === "PostgreSQL")("enforces the role's statement_timeout, which PGlite cannot interrupt", async () => {
    await backend.db.exec(`
      alter role anon set statement_timeout = '100ms';
      create function public.parity_sleep() returns void language sql stable as $$ select pg_sleep(2) $$;
    `);
    const started = performance.now();
    const { status, error } = await untypedClient(ANON_KEY).rpc("parity_sleep");
    expect([status, error?.code, error?.message]).toEqual([500, "57014", "canceling statement due to statement timeout"]);
    expect(performance.now() - started).toBeLessThan(1500);
  });
});
