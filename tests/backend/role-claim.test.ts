import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LocalBackend } from "@/local-backend/server";
import { anonClient, SEEDED, serviceClient, signedIn, startTestBackend, uniqueEmail } from "@/local-backend/tests/harness";

let backend: LocalBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.close());

const OPEN_LESSON = "d0000000-0000-4000-8000-000000000001";
const MODULE_1 = "c0000000-0000-4000-8000-000000000001";

describe("the custom access token hook", () => {
  it("puts user_role in every access token: password sign-in and refresh", async () => {
    const admin = await signedIn(backend, SEEDED.admin.email, SEEDED.admin.password);
    const student = await signedIn(backend, SEEDED.student.email, SEEDED.student.password);
    expect(decodeJwt(admin.session.access_token)).toMatchObject({ user_role: "admin", role: "authenticated", sub: SEEDED.admin.id });
    expect(decodeJwt(student.session.access_token)).toMatchObject({ user_role: "student", sub: SEEDED.student.id });
    const refreshed = await admin.client.auth.refreshSession();
    expect(decodeJwt(refreshed.data.session!.access_token).user_role).toBe("admin");
  });

  it("keeps a demoted admin's old token from writing: RLS asks the database, the next token says student", async () => {
    const service = serviceClient(backend);
    const email = uniqueEmail("demoted");
    const { data } = await service.auth.admin.createUser({ email, password: "password123", email_confirm: true });
    const id = data.user!.id;
    await service.from("user_roles").insert({ user_id: id, role: "admin" });
    const promoted = await signedIn(backend, email, "password123");
    expect(decodeJwt(promoted.session.access_token).user_role).toBe("admin");
    const write = () =>
      promoted.client.from("module_access").upsert({ user_id: SEEDED.student.id, module_id: MODULE_1, is_visible: true }, { onConflict: "user_id,module_id" });
    expect((await write()).error).toBeNull();

    await service.from("user_roles").delete().eq("user_id", id).eq("role", "admin");
    const refused = await write();
    expect([refused.status, refused.error?.code]).toEqual([403, "42501"]);
    expect((await promoted.client.from("profiles").select("id")).data).toEqual([{ id }]);
    const refreshed = await promoted.client.auth.refreshSession();
    expect(decodeJwt(refreshed.data.session!.access_token).user_role).toBe("student");
    await service.auth.admin.deleteUser(id);
  });

  it("names the highest role the user holds: admin > curator > student", async () => {
    const curator = await signedIn(backend, SEEDED.curator.email, SEEDED.curator.password);
    expect(decodeJwt(curator.session.access_token)).toMatchObject({ user_role: "curator", sub: SEEDED.curator.id });

    const service = serviceClient(backend);
    const email = uniqueEmail("staff");
    const { data } = await service.auth.admin.createUser({ email, password: "password123", email_confirm: true });
    const id = data.user!.id;
    const roles = async () => (await service.from("user_roles").select("role").eq("user_id", id).order("role")).data!.map((row) => row.role);
    await service.from("user_roles").insert({ user_id: id, role: "curator" });
    expect(await roles()).toEqual(["student", "curator"]);
    const staff = await signedIn(backend, email, "password123");
    expect(decodeJwt(staff.session.access_token).user_role).toBe("curator");

    await service.from("user_roles").insert({ user_id: id, role: "admin" });
    expect(await roles()).toEqual(["admin", "student", "curator"]);
    const promoted = await staff.client.auth.refreshSession();
    expect(decodeJwt(promoted.data.session!.access_token).user_role).toBe("admin");

    await service.from("user_roles").delete().eq("user_id", id).eq("role", "admin");
    const demoted = await staff.client.auth.refreshSession();
    expect(decodeJwt(demoted.data.session!.access_token).user_role).toBe("curator");
    await service.auth.admin.deleteUser(id);
  });

  it("is not callable through the API", async () => {
    const student = await signedIn(backend, SEEDED.student.email, SEEDED.student.password);
    const event = { user_id: SEEDED.student.id, claims: {}, authentication_method: "password" };
    const called = await student.client.rpc("custom_access_token_hook", { event });
    expect([called.status, called.error?.code]).toEqual([403, "42501"]);
  });
});

describe("database functions answer only what the caller may know", () => {
  it("refuses anonymous callers", async () => {
    const anon = anonClient(backend);
    const role = await anon.rpc("has_role", { _user_id: SEEDED.admin.id, _role: "admin" });
    expect([role.status, role.error?.code]).toEqual([401, "42501"]);
    const lesson = await anon.rpc("can_open_lesson", { _user_id: SEEDED.student.id, _lesson_id: OPEN_LESSON });
    expect(lesson.error?.code).toBe("42501");
    const refused = await Promise.all([
      anon.rpc("effective_access_of", { _user_id: SEEDED.student.id, _kind: "tool", _item_id: OPEN_LESSON }),
      anon.rpc("viewer_access_ids", { _user_id: SEEDED.student.id, _kind: "tool" }),
      anon.rpc("groups_overview"),
      anon.rpc("content_lesson_counts"),
    ]);
    expect(refused.map((answer) => answer.error?.code)).toEqual(["42501", "42501", "42501", "42501"]);
  });

  it("answers a student about itself only; an admin about anyone", async () => {
    const student = (await signedIn(backend, SEEDED.student.email, SEEDED.student.password)).client;
    expect((await student.rpc("has_role", { _user_id: SEEDED.admin.id, _role: "admin" })).data).toBe(false);
    expect((await student.rpc("has_role", { _user_id: SEEDED.student.id, _role: "student" })).data).toBe(true);
    expect((await student.rpc("can_open_lesson", { _user_id: SEEDED.student.id, _lesson_id: OPEN_LESSON })).data).toBe(true);
    const other = await signedIn(backend, SEEDED.admin.email, SEEDED.admin.password);
    expect((await other.client.rpc("has_role", { _user_id: SEEDED.admin.id, _role: "admin" })).data).toBe(true);
    expect((await other.client.rpc("can_open_lesson", { _user_id: SEEDED.student.id, _lesson_id: OPEN_LESSON })).data).toBe(true);
    expect((await student.rpc("can_open_lesson", { _user_id: SEEDED.admin.id, _lesson_id: OPEN_LESSON })).data).toBe(false);
  });

  it("answers a curator as a student: about itself only, never an admin", async () => {
    const curator = (await signedIn(backend, SEEDED.curator.email, SEEDED.curator.password)).client;
    expect((await curator.rpc("has_role", { _user_id: SEEDED.curator.id, _role: "curator" })).data).toBe(true);
    expect((await curator.rpc("has_role", { _user_id: SEEDED.curator.id, _role: "admin" })).data).toBe(false);
    expect((await curator.rpc("has_role", { _user_id: SEEDED.student.id, _role: "student" })).data).toBe(false);
    expect((await curator.rpc("is_admin")).data).toBe(false);
    expect((await curator.rpc("can_open_lesson", { _user_id: SEEDED.student.id, _lesson_id: OPEN_LESSON })).data).toBe(false);
    expect((await curator.rpc("student_access", { _student_id: SEEDED.student.id })).data).toEqual([]);
    const admin = (await signedIn(backend, SEEDED.admin.email, SEEDED.admin.password)).client;
    expect((await admin.rpc("is_admin")).data).toBe(true);
    expect((await admin.rpc("student_access", { _student_id: SEEDED.student.id })).data!.length).toBeGreaterThan(0);
  });

  it("keeps the helpers that answer about anyone away from the API", async () => {
    const student = (await signedIn(backend, SEEDED.student.email, SEEDED.student.password)).client;
    const calls = [
      student.rpc("holds_any_role", { _user_id: SEEDED.admin.id, _roles: ["admin"] }),
      student.rpc("user_is_admin", { _user_id: SEEDED.admin.id }),
      student.rpc("highest_role", { _user_id: SEEDED.admin.id }),
    ];
    for (const called of await Promise.all(calls)) expect([called.status, called.error?.code]).toEqual([403, "42501"]);
  });
});

describe("a hook that answers badly, as Supabase Auth reports it", () => {
  it("refuses the sign-in with 500 and Supabase's messages, issuing no token", async () => {
    const cases = [
      { sql: `select '{"user_role": "admin"}'::jsonb`, message: "output claims field is missing" },
      { sql: `select '{"claims": {"sub": "x"}}'::jsonb`, message: "output claims do not conform to the expected schema" },
      { sql: `select '{"error": {"message": "Доступ закрыт школой"}}'::jsonb`, message: "Доступ закрыт школой" },
    ];
    // One backend: Auth calls the hook by name at each sign-in, so each case replaces its body.
    const name = "broken_hook";
    const broken = await startTestBackend({ customAccessTokenHook: { schema: "public", name, uri: `pg-functions://postgres/public/${name}` } });
    try {
      for (const { sql, message } of cases) {
        await broken.db.exec(`create or replace function public.${name}(event jsonb) returns jsonb language sql as $$ ${sql} $$;
          grant execute on function public.${name}(jsonb) to supabase_auth_admin;`);
        const { data, error } = await anonClient(broken).auth.signInWithPassword({ email: SEEDED.student.email, password: SEEDED.student.password });
        expect([error?.status, error?.message, data.session]).toEqual([500, message, null]);
      }
    } finally {
      await broken.close();
    }
  });
});
