import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { Client } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  describeHomeworkRead,
  describeHomeworkWrite,
  FIXTURE_SQL,
  HOMEWORK_IDS,
  HOMEWORK_READS,
  HOMEWORK_WRITES,
  homeworkClaims,
  homeworkReadHolds,
} from "../rls/homework-matrix";
import { ACTOR_IDS, claimsOf, describeRead, describeWrite, readHolds, READS, rowsCounted, WRITES, type Actor, type WriteCase } from "../rls/matrix";
import { PRIVACY_POLICY_VERSION } from "@/lib/validation/auth";
import { postgresBinDir, startHostedCluster, type HostedDatabase } from "./cluster";

/**
 * The migrations on a real PostgreSQL server set up as hosted Supabase is: `postgres` is not a
 * superuser, `auth` belongs to supabase_auth_admin, and the API roles are reached through
 * `authenticator`, as PostgREST does. A migration that only works as a superuser fails here.
 */

const supabaseDir = path.resolve(import.meta.dirname, "../../supabase");
const binDir = postgresBinDir();

let database: HostedDatabase;
const connect = (user: string) => database.connect(user);
let owner: Client;
let authenticator: Client;

/** Runs SQL as PostgREST would for an actor: one transaction, the claims, the role; always rolled back. */
async function asActor<T>(actor: Actor | "service_role" | { claims: Record<string, string> }, run: (client: Client) => Promise<T>): Promise<T> {
  await authenticator.query("begin");
  try {
    const claims = typeof actor === "object" ? actor.claims : actor === "service_role" ? { role: "service_role" } : claimsOf(actor);
    await authenticator.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
    await authenticator.query(`set local role ${claims.role}`);
    return await run(authenticator);
  } finally {
    await authenticator.query("rollback");
  }
}

const quote = (name: string) => `"${name}"`;

/** Rows one write case changes as its actor (rolled back): none when refused by a grant, a policy or a check. */
async function rowsWritten(write: Omit<WriteCase, "actor">, claims: Record<string, string>) {
  const columns = Object.keys(write.values);
  const values = Object.values(write.values);
  const match = Object.entries(write.match ?? {});
  const where = `where ${match.map(([column], index) => `${quote(column)} = $${columns.length + index + 1}`).join(" and ")}`;
  const sql = {
    insert: `insert into public.${quote(write.table)} (${columns.map(quote).join(", ")}) values (${columns.map((_, index) => `$${index + 1}`).join(", ")})`,
    update: `update public.${quote(write.table)} set ${columns.map((column, index) => `${quote(column)} = $${index + 1}`).join(", ")} ${where}`,
    delete: `delete from public.${quote(write.table)} ${where}`,
  }[write.operation];
  return asActor({ claims }, async (client) => {
    try {
      return (await client.query(sql, [...values, ...match.map(([, value]) => value)])).rowCount ?? 0;
    } catch (error) {
      if (!["42501", "23514"].includes((error as { code?: string }).code ?? "")) throw error;
      return 0;
    }
  });
}

describe.skipIf(!binDir)(`migrations on a hosted-style PostgreSQL (${binDir ?? "not installed"})`, () => {
  beforeAll(async () => {
    database = await startHostedCluster(binDir!);
    owner = await connect("postgres");
    authenticator = await connect("authenticator");
  });
  afterAll(async () => {
    await owner?.end();
    await authenticator?.end();
    database?.cluster.stop();
  });

  it("starts as hosted projects do: postgres is no superuser, auth is supabase_auth_admin's", async () => {
    const { rows } = await owner.query(
      `select rolsuper, (select nspowner::regrole::text from pg_namespace where nspname = 'auth') as auth_owner
       from pg_roles where rolname = current_user`,
    );
    expect(rows[0]).toEqual({ rolsuper: false, auth_owner: "supabase_auth_admin" });
  });

  it("applies every migration and seed.sql as postgres", async () => {
    const migrations = (await readdir(path.join(supabaseDir, "migrations"))).filter((name) => name.endsWith(".sql")).sort();
    for (const name of [...migrations.map((file) => `migrations/${file}`), "seed.sql"]) {
      const sql = await readFile(path.join(supabaseDir, name), "utf8");
      await owner.query("begin");
      try {
        await owner.query(sql);
        await owner.query("commit");
      } catch (error) {
        await owner.query("rollback");
        throw new Error(`${name} does not apply as postgres: ${(error as Error).message}`);
      }
    }
    const { rows } = await owner.query(`select count(*)::int as n from public.profiles`);
    expect(rows[0].n).toBe(3);
  });

  it("asks is_admin() for the admin's rights in every policy, once per statement; no policy checks a role itself", async () => {
    const { rows } = await owner.query<{ name: string; condition: string }>(
      `select tablename || ': ' || policyname as name, concat_ws(' ', qual, with_check) as condition
       from pg_policies where schemaname = 'public'`,
    );
    expect(rows.filter((policy) => /has_role|user_roles|'admin'/i.test(policy.condition)).map((policy) => policy.name)).toEqual([]);
    const admins = rows.filter((policy) => policy.name.includes(": Admins "));
    expect(admins.length).toBeGreaterThan(40);
    expect(admins.filter((policy) => !policy.condition.includes("is_admin()")).map((policy) => policy.name)).toEqual([]);
    // Wrapped in a subquery, so Postgres runs it once per statement rather than once per row.
    const unwrapped = (condition: string) =>
      condition.split("is_admin()").length !== condition.split(/SELECT (?:public\.)?is_admin\(\) AS is_admin/).length;
    expect(rows.filter((policy) => unwrapped(policy.condition)).map((policy) => policy.name)).toEqual([]);
  });

  it("reads roles in one function: no other function reads user_roles or asks has_role", async () => {
    const { rows } = await owner.query<{ name: string; source: string }>(
      `select proname as name, prosrc as source from pg_proc where pronamespace = 'public'::regnamespace`,
    );
    // keep_an_admin is user_roles' own trigger: it counts the admins, it answers nobody's role.
    // role_holders is holds_any_role's question asked of everyone at once (the analytics' staff).
    expect(rows.filter((fn) => /from\s+public\.user_roles/i.test(fn.source)).map((fn) => fn.name).sort()).toEqual(["holds_any_role", "keep_an_admin", "role_holders"]);
    expect(rows.filter((fn) => /has_role\s*\(/i.test(fn.source)).map((fn) => fn.name)).toEqual([]);
  });

  it("refuses what only a superuser could do, so such a migration cannot pass", async () => {
    await expect(owner.query(`alter table auth.users add column nickname text`)).rejects.toMatchObject({ code: "42501" });
    await expect(owner.query(`create extension if not exists file_fdw`)).rejects.toMatchObject({ code: "42501" });
  });

  it("refuses a sign-up without consent to the database's policy version, as Supabase Auth runs the hook", async () => {
    // Supabase Auth connects as supabase_auth_admin (a login role on hosted projects; here reached from the superuser).
    const auth = await connect("supabase_admin");
    const hook = async (metadata: object) => {
      await auth.query("begin");
      try {
        await auth.query("set local role supabase_auth_admin");
        const event = { metadata: { name: "before-user-created" }, user: { email: "new@example.com", user_metadata: metadata } };
        return (await auth.query(`select public.before_user_created_hook($1::jsonb) as answer`, [JSON.stringify(event)])).rows[0].answer;
      } finally {
        await auth.query("rollback");
      }
    };
    const { rows } = await owner.query(`select public.current_privacy_policy_version() as version`);
    expect(rows[0].version).toBe(PRIVACY_POLICY_VERSION);
    expect(await hook({ privacy_policy_version: PRIVACY_POLICY_VERSION })).toEqual({});
    for (const metadata of [{}, { privacy_policy_version: "1999-01-01" }, { privacy_policy_version: null }]) {
      expect(await hook(metadata)).toEqual({
        error: { http_code: 400, message: "Подтвердите согласие на обработку персональных данных" },
      });
    }
    await auth.end();
    // No API role calls the hook.
    for (const actor of ["anon", "student"] as const) {
      await expect(asActor(actor, (client) => client.query(`select public.before_user_created_hook('{}')`))).rejects.toMatchObject({
        code: "42501",
      });
    }
  });

  it("names the highest role in the access token, as Supabase Auth runs the hook", async () => {
    const auth = await connect("supabase_admin");
    const userRole = async (userId: string, extraRole?: string) => {
      await auth.query("begin");
      try {
        if (extraRole) await auth.query(`insert into public.user_roles (user_id, role) values ($1, $2)`, [userId, extraRole]);
        await auth.query("set local role supabase_auth_admin");
        const event = { user_id: userId, claims: { sub: userId, role: "authenticated" }, authentication_method: "password" };
        return (await auth.query(`select public.custom_access_token_hook($1::jsonb) -> 'claims' ->> 'user_role' as role`, [JSON.stringify(event)])).rows[0].role;
      } finally {
        await auth.query("rollback");
      }
    };
    expect(await userRole(ACTOR_IDS.student)).toBe("student");
    expect(await userRole(ACTOR_IDS.curator)).toBe("curator");
    expect(await userRole(ACTOR_IDS.admin)).toBe("admin");
    expect(await userRole(ACTOR_IDS.student, "curator")).toBe("curator");
    expect(await userRole(ACTOR_IDS.curator, "admin")).toBe("admin");
    await auth.end();
  });

  describe("the row level security matrix, as PostgREST runs it", () => {
    for (const read of READS) {
      it(describeRead(read), async () => {
        const select = `select ${read.owner ? quote(read.owner) : "1"} as owner from public.${quote(read.table)}`;
        const columns = `select ${read.columns} from public.${quote(read.table)} limit 0`;
        const outcome = await asActor(read.actor, async (client) => {
          try {
            await client.query(columns);
            return { refused: false, owners: (await client.query(select)).rows.map((row) => row.owner) };
          } catch (error) {
            if ((error as { code?: string }).code !== "42501") throw error;
            return { refused: true, owners: [] };
          }
        });
        const total = await asActor("service_role", async (client) => (await client.query(`select count(*)::int as n from public.${quote(read.table)} where ${rowsCounted(read)}`)).rows[0].n);
        expect(readHolds(read.expect, { ...outcome, total }, read.actor === "anon" ? undefined : ACTOR_IDS[read.actor])).toBe(true);
      });
    }

    for (const write of WRITES) {
      it(describeWrite(write), async () => {
        expect(await rowsWritten(write, claimsOf(write.actor))).toBe(write.expect === "allowed" ? 1 : 0);
      });
    }
  });

  describe("homework's row level security matrix, as PostgREST runs it", () => {
    beforeAll(() => owner.query(FIXTURE_SQL));

    for (const read of HOMEWORK_READS) {
      it(describeHomeworkRead(read), async () => {
        const outcome = await asActor({ claims: homeworkClaims(read.actor) }, async (client) => {
          try {
            return { refused: false, keys: (await client.query(`select ${quote(read.key)} as key from public.${quote(read.table)}`)).rows.map((row) => row.key) };
          } catch (error) {
            if ((error as { code?: string }).code !== "42501") throw error;
            return { refused: true, keys: [] };
          }
        });
        expect(homeworkReadHolds(read, outcome)).toBe(true);
      });
    }

    for (const write of HOMEWORK_WRITES) {
      it(describeHomeworkWrite(write), async () => {
        expect(await rowsWritten(write, homeworkClaims(write.actor))).toBe(write.expect === "allowed" ? 1 : 0);
      });
    }

    // Storage's row level security, as Storage runs it (the caller's role and claims): lesson materials
    // follow can_open_lesson (reviewers read them beside the work), homework files their owner and reviewers.
    it.each([
      ["anon", []],
      ["student", ["lesson-materials/open", "homework/student"]],
      ["otherStudent", ["lesson-materials/open", "homework/otherStudent"]],
      ["curator", ["lesson-materials/closed", "lesson-materials/open", "homework/student"]],
      ["otherCurator", ["lesson-materials/closed", "lesson-materials/open", "homework/otherStudent"]],
      ["admin", ["lesson-materials/closed", "lesson-materials/open", "homework/otherStudent", "homework/student"]],
    ] as const)("storage.objects: %s reads exactly %j", async (actor, expected) => {
      const objects = [
        ["lesson-materials", "d0000000-0000-4000-8000-000000000001/open.pdf", "lesson-materials/open"],
        ["lesson-materials", "d0000000-0000-4000-8000-000000000006/closed.pdf", "lesson-materials/closed"],
        ["homework", `${HOMEWORK_IDS.student}/a2000000-0000-4000-8000-000000000001/s.pdf`, "homework/student"],
        ["homework", `${HOMEWORK_IDS.otherStudent}/a2000000-0000-4000-8000-000000000001/o.pdf`, "homework/otherStudent"],
      ];
      await owner.query(
        `insert into storage.objects (bucket_id, name, metadata) select b, n, jsonb_build_object('label', l)
         from unnest($1::text[], $2::text[], $3::text[]) as o(b, n, l) on conflict do nothing`,
        [objects.map((o) => o[0]), objects.map((o) => o[1]), objects.map((o) => o[2])],
      );
      const seen = await asActor({ claims: homeworkClaims(actor) }, async (client) =>
        (await client.query(`select metadata ->> 'label' as label from storage.objects where metadata ? 'label'`)).rows.map((row) => row.label),
      );
      expect(seen.sort()).toEqual([...expected].sort());
    });

    it("lets one reviewer take a work while another's claim of it waits on the row, then refuses the other", async () => {
      const [work] = (await owner.query(`select id from public.submissions where status = 'submitted' limit 1`)).rows;
      const [first, second] = await Promise.all([connect("authenticator"), connect("authenticator")]);
      const begin = async (client: Client, actor: "curator" | "admin") => {
        await client.query("begin");
        await client.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(homeworkClaims(actor))]);
        await client.query("set local role authenticated");
      };
      try {
        await begin(first, "curator");
        await first.query(`select public.claim_submission($1)`, [work.id]);
        await begin(second, "admin");
        const secondClaim = second.query(`select public.claim_submission($1)`, [work.id]).then(
          () => "taken",
          (error: { hint?: string }) => error.hint,
        );
        // Both ask at once: the second waits for the first's row lock before it reads the row.
        for (let tries = 0; tries < 500 && !(await owner.query(`select 1 from pg_locks where not granted`)).rowCount; tries++) {
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        await first.query("commit");
        expect(await secondClaim).toBe("homework_claimed");
        await second.query("rollback");
        const { rows } = await owner.query(`select claimed_by from public.submissions where id = $1`, [work.id]);
        expect(rows[0].claimed_by).toBe(homeworkClaims("curator").sub);
      } finally {
        await owner.query(`update public.submissions set claimed_by = null, claimed_until = null where id = $1`, [work.id]);
        await Promise.all([first.end(), second.end()]);
      }
    });

    it("answers the analytics functions to reviewers only, a curator about the groups they curate", async () => {
      const panels = (actor: "student" | "curator" | "otherCurator" | "admin", groupId: string | null = null) =>
        asActor({ claims: homeworkClaims(actor) }, async (client) => {
          const { rows } = await client.query(
            `select public.analytics_activity($1) as activity, public.analytics_funnel(null, $1) as funnel,
              public.analytics_homework($1) as homework, public.analytics_at_risk($1) as risk`,
            [groupId],
          );
          return rows[0];
        });
      expect(Object.values(await panels("student"))).toEqual([null, null, null, null]);
      const curator = await panels("curator");
      expect([curator.activity.students, curator.funnel.students, curator.homework.waiting, curator.risk.students]).toEqual([1, 1, 1, 1]);
      const other = await panels("otherCurator");
      expect([other.activity.students, other.homework.waiting, other.homework.answered]).toEqual([1, 0, 0]);
      expect((await panels("otherCurator", "f0000000-0000-4000-8000-000000000001")).risk.students).toBe(0);
      expect((await panels("admin")).activity.students).toBeGreaterThanOrEqual(2);
    });
  });
});
