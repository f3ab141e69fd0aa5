import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import type { LocalBackend } from "@/local-backend/server";
import { maxAffected, SERVICE_ROLE_KEY, startTestBackend, TEST_DATABASES } from "./harness";

/** RPC calls as PostgREST 12 answers them (Plan.hs, QueryBuilder.hs, Statements.hs), through supabase-js, on PGlite and on PostgreSQL. */
describe.each(TEST_DATABASES)("on %s", (database) => {
  let backend: LocalBackend;
  let client: SupabaseClient;
  const call = (name: string, init: RequestInit & { query?: string } = {}) =>
    fetch(`${backend.url}/rest/v1/rpc/${name}${init.query ? `?${init.query}` : ""}`, {
      ...init,
      headers: { apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}`, "content-type": "application/json", ...init.headers },
    });

  beforeAll(async () => {
    backend = await startTestBackend({}, database);
    // Functions this file adds as the database owner, called without the app's generated types.
    client = createClient(backend.url, SERVICE_ROLE_KEY, { auth: { persistSession: false, autoRefreshToken: false } });
    await backend.db.exec(`
      create table public.rpc_items (id int primary key, name text, kind text);
      insert into public.rpc_items values (1, 'one', 'a'), (2, 'two', 'b'), (3, 'three', 'a');
      grant select on public.rpc_items to service_role;
      create function public.rpc_list(_kind text default null) returns setof public.rpc_items language sql stable
        as $$ select * from public.rpc_items where _kind is null or kind = _kind order by id $$;
      create function public.rpc_one(_id int) returns public.rpc_items language sql stable
        as $$ select * from public.rpc_items where id = _id $$;
      create function public.rpc_out(_id int, out id int, out doubled int) language sql stable as $$ select _id, _id * 2 $$;
      create function public.rpc_numbers(_n int) returns setof int language sql stable as $$ select generate_series(1, _n) $$;
      create function public.rpc_sum(_values int[]) returns int language sql stable as $$ select sum(v)::int from unnest(_values) v $$;
      create function public.rpc_whole(jsonb) returns jsonb language sql stable as $$ select $1 $$;
      create function public.rpc_overloaded(_a int) returns text language sql stable as $$ select 'int' $$;
      create function public.rpc_overloaded(_a text) returns text language sql stable as $$ select 'text' $$;
      create function public.rpc_pick(_a int) returns text language sql stable as $$ select 'a' $$;
      create function public.rpc_pick(_a int, _b int) returns text language sql stable as $$ select 'a and b' $$;
      create table public.rpc_log (id serial primary key);
      grant all on public.rpc_log, public.rpc_log_id_seq to service_role;
      create function public.rpc_write(_n int) returns setof int language sql
        as $$ insert into public.rpc_log select from generate_series(1, _n) returning id $$;
      grant execute on all functions in schema public to service_role;
    `);
  });
  afterAll(() => backend.close());

  it("answers a single composite row as an object, OUT parameters included, and .single() alike", async () => {
    expect((await client.rpc("rpc_one", { _id: 2 })).data).toEqual({ id: 2, name: "two", kind: "b" });
    expect((await client.rpc("rpc_one", { _id: 2 }).single()).data).toEqual({ id: 2, name: "two", kind: "b" });
    expect((await client.rpc("rpc_out", { _id: 4 })).data).toEqual({ id: 4, doubled: 8 });
    expect((await client.rpc("rpc_sum", { _values: [1, 2, 3] })).data).toBe(6);
    const response = await call("rpc_one", { method: "POST", body: JSON.stringify({ _id: 1 }) });
    expect([response.headers.get("content-range"), await response.text()]).toEqual(["0-0/*", `{"id":1,"name":"one","kind":"a"}`]);
  });

  it("applies select, filters, order, limit and an exact count to a set-returning function", async () => {
    const filtered = await client.rpc("rpc_list").select("name").eq("kind", "a").order("id", { ascending: false });
    expect(filtered.data).toEqual([{ name: "three" }, { name: "one" }]);
    const page = await client.rpc("rpc_numbers", { _n: 10 }, { count: "exact" }).range(2, 4);
    expect([page.status, page.count, page.data]).toEqual([206, 10, [3, 4, 5]]);
    const single = await client.rpc("rpc_list", { _kind: "b" }).select("id").single();
    expect(single.data).toEqual({ id: 2 });
    const none = await client.rpc("rpc_list").eq("kind", "z").single();
    expect([none.status, none.error?.code]).toEqual([406, "PGRST116"]);
    const unknown = await client.rpc("rpc_list").select("nope");
    expect([unknown.status, unknown.error?.code]).toEqual([400, "42703"]);
  });

  it("caps a set-returning function at max_rows, as a table read", async () => {
    const { data } = await client.rpc("rpc_numbers", { _n: 1500 });
    expect([(data as number[]).length, (data as number[]).at(-1)]).toEqual([1000, 1000]);
    const counted = await client.rpc("rpc_numbers", { _n: 1500 }, { count: "exact" });
    expect([counted.status, counted.count, (counted.data as number[]).length]).toEqual([206, 1500, 1000]);
  });

  it("calls by GET with its arguments in the query, and reads other values as filters", async () => {
    expect((await client.rpc("rpc_list", { _kind: "a" }, { get: true })).data).toEqual([
      { id: 1, name: "one", kind: "a" },
      { id: 3, name: "three", kind: "a" },
    ]);
    expect((await client.rpc("rpc_list", { _kind: "a" }, { get: true }).select("id").gt("id", 1)).data).toEqual([{ id: 3 }]);
    expect((await client.rpc("rpc_sum", { _values: [4, 5] }, { get: true })).data).toBe(9);
    const head = await client.rpc("rpc_numbers", { _n: 7 }, { head: true, count: "exact" });
    expect([head.status, head.count, head.data]).toEqual([200, 7, null]);
  });

  it("sends a whole JSON body to a function's single unnamed json argument", async () => {
    expect((await client.rpc("rpc_whole", { any: ["shape"] })).data).toEqual({ any: ["shape"] });
  });

  it("chooses among overloads by argument names, and answers PGRST203 when it cannot", async () => {
    expect((await client.rpc("rpc_pick", { _a: 1 })).data).toBe("a");
    expect((await client.rpc("rpc_pick", { _a: 1, _b: 2 })).data).toBe("a and b");
    const ambiguous = await client.rpc("rpc_overloaded", { _a: 1 });
    expect([ambiguous.status, ambiguous.error?.code, ambiguous.error?.message, ambiguous.error?.hint]).toEqual([
      300,
      "PGRST203",
      "Could not choose the best candidate function between: public.rpc_overloaded(_a => integer), public.rpc_overloaded(_a => text)",
      "Try renaming the parameters or the function itself in the database so function overloading can be resolved",
    ]);
  });

  it("words PGRST202 as PostgREST does, argument names sorted", async () => {
    const post = await client.rpc("rpc_one", { _z: 1, _id: 1 });
    expect([post.status, post.error?.code, post.error?.message, post.error?.details]).toEqual([
      404,
      "PGRST202",
      "Could not find the function public.rpc_one(_id, _z) in the schema cache",
      "Searched for the function public.rpc_one with parameters _id, _z or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.",
    ]);
    const get = await client.rpc("rpc_one", {}, { get: true });
    expect([get.error?.message, get.error?.details]).toEqual([
      "Could not find the function public.rpc_one without parameters in the schema cache",
      "Searched for the function public.rpc_one without parameters, but no matches were found in the schema cache.",
    ]);
  });

  it("enforces max-affected with handling=strict on a call, rolling it back; ignores it otherwise", async () => {
    const count = async () => (await backend.db.query<{ n: number }>(`select count(*)::int as n from public.rpc_log`)).rows[0].n;
    const over = await maxAffected(client.rpc("rpc_write", { _n: 3 }), 2);
    expect([over.status, over.error?.code, over.error?.message, over.error?.details]).toEqual([
      400,
      "PGRST124",
      "Query result exceeds max-affected preference constraint",
      "The query affects 3 rows",
    ]);
    expect(await count()).toBe(0);
    const lenient = await call("rpc_write", { method: "POST", body: JSON.stringify({ _n: 3 }), headers: { prefer: "max-affected=2" } });
    expect(lenient.status).toBe(200);
    expect(await count()).toBe(3);
    expect((await maxAffected(client.rpc("rpc_write", { _n: 2 }), 2)).status).toBe(200);
  });

  it("refuses a method other than GET, HEAD or POST", async () => {
    const response = await call("rpc_numbers", { method: "PATCH", body: "{}" });
    expect([response.status, (await response.json()).code]).toEqual([405, "PGRST101"]);
  });
});
