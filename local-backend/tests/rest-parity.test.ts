import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";
import type { LocalBackend } from "@/local-backend/server";
import { ANON_KEY, SEEDED, SERVICE_ROLE_KEY, serviceClient, signedIn, startTestBackend } from "./harness";

/** Where the local PostgREST once differed from PostgREST's own source and test suite. */

let backend: LocalBackend;
let service: SupabaseClient<Database>;
let studentId: string;

const LOVABLE = "70000000-0000-4000-8000-000000000001";
const MODULE_1 = "c0000000-0000-4000-8000-000000000001";
const MODULE_2 = "c0000000-0000-4000-8000-000000000002";

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
  backend = await startTestBackend();
  service = serviceClient(backend);
  studentId = (await signedIn(backend, SEEDED.student.email, SEEDED.student.password)).user.id;
  await backend.db.exec(`
    create table public.parity_log (id bigserial primary key, at timestamptz default now());
    grant all on public.parity_log, public.parity_log_id_seq to anon, authenticated, service_role;
    create function public.parity_write() returns void language sql as $$ insert into public.parity_log default values $$;
    create function public.parity_statement_timeout() returns text language sql stable as $$ select current_setting('statement_timeout') $$;
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

  it("applies each API role's own statement_timeout inside its transaction", async () => {
    expect((await untypedClient(ANON_KEY).rpc("parity_statement_timeout")).data).toBe("3s");
    const { session } = await signedIn(backend, SEEDED.student.email, SEEDED.student.password);
    expect((await untypedClient(ANON_KEY, session.access_token).rpc("parity_statement_timeout")).data).toBe("8s");
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
