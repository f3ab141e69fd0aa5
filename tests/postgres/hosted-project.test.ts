import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Client } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grantsByObject, type ApiGrants, type ApiPrivilege } from "@/lib/domain/api-grants";
import { postgresBinDir, startHostedDatabase, type HostedDatabase } from "./cluster";

/**
 * The rules a new hosted Supabase project holds every migration to, on the hosted-style cluster
 * (no default privileges for the API roles, pg-safeupdate in authenticator's sessions), and the
 * grants the migrations give, against supabase/api-grants.json.
 */

const binDir = postgresBinDir();
let database: HostedDatabase;
let owner: Client;
let api: Client;

/** As PostgREST runs a request: authenticator's session, the role set for one transaction, rolled back. */
async function asApiRole<T>(role: string, run: (client: Client) => Promise<T>): Promise<T> {
  await api.query("begin");
  try {
    await api.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ role })]);
    await api.query(`set local role ${role}`);
    return await run(api);
  } finally {
    await api.query("rollback");
  }
}

describe.skipIf(!binDir)("a database set up as a new hosted project", () => {
  beforeAll(async () => {
    database = await startHostedDatabase(binDir!);
    owner = await database.connect("postgres");
    api = await database.connect("authenticator");
  });
  afterAll(async () => {
    await owner?.end();
    await api?.end();
    database?.cluster.stop();
  });

  describe("holds what hosted holds", () => {
    it("gives the API roles nothing on a table a migration creates without grants", async () => {
      await owner.query(`create table public.ungranted (id int primary key)`);
      try {
        for (const role of ["anon", "authenticated", "service_role"]) {
          await expect(asApiRole(role, (client) => client.query(`select * from public.ungranted`))).rejects.toMatchObject({ code: "42501" });
        }
      } finally {
        await owner.query(`drop table public.ungranted`);
      }
    });

    it("refuses an UPDATE or DELETE without WHERE in an API session, inside a function too, with 21000", async () => {
      await owner.query(`create table public.scratch (id int primary key, note text)`);
      await owner.query(`insert into public.scratch values (1, 'a')`);
      await owner.query(`create function public.touch_everything() returns void language sql security definer set search_path = '' as $$ select 1 $$`);
      await owner.query(`create or replace function public.touch_everything() returns void language plpgsql security definer set search_path = ''
        as $$ begin update public.scratch set note = 'b'; end $$`);
      await owner.query(`grant execute on function public.touch_everything() to service_role`);
      await owner.query(`grant select, update, delete on public.scratch to service_role`);
      try {
        await expect(asApiRole("service_role", (client) => client.query(`select public.touch_everything()`))).rejects.toMatchObject({
          code: "21000",
          message: "UPDATE requires a WHERE clause",
        });
        await expect(asApiRole("service_role", (client) => client.query(`delete from public.scratch`))).rejects.toMatchObject({ code: "21000" });
        await expect(
          asApiRole("service_role", (client) => client.query(`with gone as (delete from public.scratch returning id) select count(*) from gone`)),
        ).rejects.toMatchObject({ code: "21000", message: "DELETE requires a WHERE clause" });
        expect(await asApiRole("service_role", async (client) => (await client.query(`update public.scratch set note = 'c' where true`)).rowCount)).toBe(1);
        // Migrations run as postgres, whose sessions load nothing of the kind.
        expect((await owner.query(`update public.scratch set note = 'd'`)).rowCount).toBe(1);
      } finally {
        await owner.query(`drop function public.touch_everything(); drop table public.scratch`);
      }
    });

    it("has no function with an UPDATE or DELETE without WHERE, which an API session would refuse when the path runs", async () => {
      const { rows } = await owner.query<{ name: string; source: string }>(
        `select proname as name, prosrc as source from pg_proc
         where pronamespace = 'public'::regnamespace and prolang in (select oid from pg_language where lanname in ('plpgsql', 'sql'))`,
      );
      const statement = /\b(update\s+[\w."]+(?:\s+(?:as\s+)?\w+)?\s+set\b|delete\s+from\s+[\w."]+)[^;]*/gi;
      const unsafe = rows.flatMap(({ name, source }) => {
        const code = source.replace(/--[^\n]*/g, "");
        return [...code.matchAll(statement)]
          .filter((match) => !/\bwhere\b/i.test(match[0]) && !/\bdo\s+$/i.test(code.slice(0, match.index)))
          .map((match) => `${name}: ${match[0].replace(/\s+/g, " ").slice(0, 80)}`);
      });
      expect(unsafe).toEqual([]);
      // The scan finds what it is for: the worker's scan as it was before …200.
      expect("begin update public.notification_scan set scanned_until = scanned; end".match(statement)).toEqual([
        "update public.notification_scan set scanned_until = scanned",
      ]);
    });

    it("runs the notification worker's round in an API session", async () => {
      const { rows } = await asApiRole("service_role", (client) => client.query(`select public.notify_scheduled_openings() as made`));
      expect(rows[0].made).toBeGreaterThanOrEqual(0);
    });

    it("keeps postgres's default privileges in public empty for the API roles", async () => {
      const { rows } = await owner.query(
        `select d.defaclobjtype as kind, d.defaclacl::text as acl from pg_default_acl d
         where d.defaclrole = 'postgres'::regrole and d.defaclnamespace = 'public'::regnamespace`,
      );
      for (const row of rows) expect(row.acl).not.toMatch(/(^|[{,])(anon|authenticated|service_role)?=/);
    });
  });

  describe("grants", () => {
    let actual: ApiGrants;
    beforeAll(async () => {
      actual = grantsByObject((await owner.query<ApiPrivilege>(`select * from public.api_privileges()`)).rows);
    });

    it("are exactly supabase/api-grants.json (`npm run gen-types` writes it; review what changed)", async () => {
      const expected = JSON.parse(await readFile(path.resolve(import.meta.dirname, "../../supabase/api-grants.json"), "utf8"));
      expect(actual).toEqual(expected);
    });

    it("reach every table: the service role reads and writes each, and a policy never names a command its role lacks", async () => {
      const { rows: tables } = await owner.query<{ name: string }>(
        `select relname as name from pg_class where relnamespace = 'public'::regnamespace and relkind in ('r', 'p') order by 1`,
      );
      const serviceLacks = tables.filter(({ name }) => !["SELECT", "INSERT", "UPDATE", "DELETE"].every((p) => actual[`table ${name}`]?.service_role?.includes(p)));
      expect(serviceLacks.map(({ name }) => name)).toEqual([]);

      const { rows: policies } = await owner.query<{ name: string; command: string; role: string }>(
        `select tablename as name, cmd as command, unnest(roles)::text as role from pg_policies where schemaname = 'public'`,
      );
      const dead = policies
        .filter(({ role }) => ["anon", "authenticated"].includes(role))
        .flatMap(({ name, command, role }) =>
          (command === "ALL" ? ["SELECT", "INSERT", "UPDATE", "DELETE"] : [command])
            .filter((p) => !actual[`table ${name}`]?.[role as "authenticated"]?.some((granted) => granted.startsWith(p)))
            .map((p) => `${name}: ${role} ${p}`),
        );
      expect(dead).toEqual([]);
    });

    it("reach every function but triggers and those only other functions call", async () => {
      const { rows } = await owner.query<{ name: string; callers: string[] }>(
        `select p.proname as name,
                array(select r.rolname::text from pg_roles r
                      where r.rolname in ('anon', 'authenticated', 'service_role', 'supabase_auth_admin')
                        and has_function_privilege(r.oid, p.oid, 'EXECUTE')) as callers
         from pg_proc p where p.pronamespace = 'public'::regnamespace and p.prorettype <> 'trigger'::regtype`,
      );
      // claim_minutes() is read by claim_submission (security definer) alone; email_change_is_proven()
      // by prove_email_change and the auth.users trigger (both security definer); pass_lesson() by
      // set_lesson_completed, review_submission and the quiz grading (security definer);
      // issue_due_certificates() by pass_lesson, new_certificate_code() and certificate_holder_name() by it
      // and reissue_certificate (security definer).
      expect(rows.filter((fn) => fn.callers.length === 0).map((fn) => fn.name).sort()).toEqual([
        "certificate_holder_name",
        "claim_minutes",
        "email_change_is_proven",
        "issue_due_certificates",
        "new_certificate_code",
        "pass_lesson",
      ]);
    });

    it("give anon only what a link in an e-mail needs, and the catalogue's published offers", () => {
      const anon = Object.entries(actual).filter(([, roles]) => roles.anon).map(([object]) => object);
      // The links of the address proofs (migrations …1300, …1400) may be opened signed out: the token is the credential.
      // The catalogue (/courses) is public: anon reads offers (their policy shows only the published ones) and a published offer's program.
      // A certificate's verification page (/certificates/{code}) is public: the code is the credential.
      expect(anon).toEqual([
        "function certificate_check(text)",
        "function current_privacy_policy_version()",
        "function offer_program(text)",
        "function prove_email(text)",
        "function prove_email_change(text)",
        "function unsubscribe_email(text,public.notification_kind)",
        "function unsubscribe_target(text)",
        "schema public",
        "table offers",
      ]);
    });
  });
});
