import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LocalBackend } from "@/local-backend/server";
import { anonClient, SEEDED, SERVICE_ROLE_KEY, serviceClient, signedIn, startTestBackend, uniqueEmail } from "./harness";

let backend: LocalBackend;

beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.close());

async function newUser() {
  const email = uniqueEmail("delete");
  const { data } = await serviceClient(backend).auth.admin.createUser({
    email,
    password: "password123",
    email_confirm: true,
    user_metadata: { full_name: "Удаляемый Студент" },
  });
  return { email, id: data.user!.id };
}

describe("DELETE /auth/v1/admin/users/{id}, as Supabase Auth's adminUserDelete", () => {
  it("deletes the user and what references it, answering 200 with an empty object", async () => {
    const { email, id } = await newUser();
    const { session } = await signedIn(backend, email, "password123");
    const response = await fetch(`${backend.url}/auth/v1/admin/users/${id}`, {
      method: "DELETE",
      headers: { apikey: SERVICE_ROLE_KEY, Authorization: `Bearer ${SERVICE_ROLE_KEY}` },
    });
    expect([response.status, await response.json()]).toEqual([200, {}]);
    expect((await serviceClient(backend).auth.admin.getUserById(id)).error).toMatchObject({ status: 404, code: "user_not_found" });
    expect((await serviceClient(backend).from("profiles").select("id").eq("id", id)).data).toEqual([]);
    expect((await anonClient(backend).auth.getUser(session.access_token)).error).toMatchObject({ status: 403, code: "user_not_found" });
  });

  it("serves supabase-js's admin.deleteUser, which reads the user first and hands it back", async () => {
    const { id, email } = await newUser();
    const { data, error } = await serviceClient(backend).auth.admin.deleteUser(id);
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ id, email });
    expect((await serviceClient(backend).auth.admin.getUserById(id)).error?.code).toBe("user_not_found");
  });

  it("answers an unknown id with user_not_found and a malformed one with validation_failed, both 404", async () => {
    const unknown = await serviceClient(backend).auth.admin.deleteUser("00000000-0000-4000-8000-000000000000");
    expect(unknown.error).toMatchObject({ status: 404, code: "user_not_found", message: "User not found" });
    // supabase-js checks the id itself, so only a plain request reaches the server with a malformed one.
    const malformed = await fetch(`${backend.url}/auth/v1/admin/users/not-a-uuid`, {
      method: "DELETE",
      headers: { apikey: SERVICE_ROLE_KEY, Authorization: `Bearer ${SERVICE_ROLE_KEY}` },
    });
    expect(malformed.status).toBe(404);
    expect(await malformed.json()).toMatchObject({ code: "validation_failed", message: "user_id must be an UUID" });
  });

  it("refuses a signed-in student", async () => {
    const { client } = await signedIn(backend, SEEDED.student.email, SEEDED.student.password);
    const refused = await client.auth.admin.deleteUser(SEEDED.admin.id);
    expect(refused.error).toMatchObject({ status: 403, code: "not_admin" });
  });

  it("soft-deletes on request: the row stays with nothing personal in it, and nobody can sign in", async () => {
    const { email, id } = await newUser();
    const { error } = await serviceClient(backend).auth.admin.deleteUser(id, true);
    expect(error).toBeNull();
    const row = (
      await backend.db.query<{ email: string; encrypted_password: string | null; deleted_at: Date | null; raw_user_meta_data: object }>(
        `select email, encrypted_password, deleted_at, raw_user_meta_data from auth.users where id = $1`,
        [id],
      )
    ).rows[0];
    expect(row.email).not.toContain("@");
    expect(row).toMatchObject({ encrypted_password: null, raw_user_meta_data: {} });
    expect(row.deleted_at).toBeInstanceOf(Date);
    expect((await anonClient(backend).auth.signInWithPassword({ email, password: "password123" })).error?.code).toBe("invalid_credentials");
    // Once more changes nothing, as in GoTrue.
    expect((await serviceClient(backend).auth.admin.deleteUser(id, true)).error).toBeNull();
  });
});
