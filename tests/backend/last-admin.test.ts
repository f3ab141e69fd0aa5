import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/database.types";
import type { LocalBackend } from "@/local-backend/server";
import { SEEDED, serviceClient, startTestBackend, TEST_DATABASES, uniqueEmail } from "@/local-backend/tests/harness";

/**
 * Issue 41: the last admin cannot be removed on any path (migration 20261128000600), not only
 * through the settings page's check: Auth's admin API deleting the user (its roles go by cascade),
 * the REST API deleting the role, and two admins deleted at the same moment.
 */

type Client = SupabaseClient<Database>;

describe.each(TEST_DATABASES)("the last admin on %s", (database) => {
  let backend: LocalBackend;
  let service: Client;

  const admins = async () => ((await service.from("user_roles").select("user_id").eq("role", "admin")).data ?? []).map((row) => row.user_id).sort();
  async function newAdmin() {
    const { data, error } = await service.auth.admin.createUser({ email: uniqueEmail("admin"), password: "password123", email_confirm: true });
    if (error) throw error;
    await service.from("user_roles").insert({ user_id: data.user.id, role: "admin" });
    return data.user.id;
  }

  beforeAll(async () => {
    backend = await startTestBackend({}, database);
    service = serviceClient(backend);
  });
  afterAll(() => backend.close());

  it("Auth's admin API does not delete the only admin, nor the REST API their role", async () => {
    expect(await admins()).toEqual([SEEDED.admin.id]);
    const deleted = await service.auth.admin.deleteUser(SEEDED.admin.id);
    expect([deleted.error?.status, deleted.error?.message]).toEqual([500, "Database error deleting user"]);
    expect((await service.auth.admin.getUserById(SEEDED.admin.id)).data.user?.id).toBe(SEEDED.admin.id);
    const role = await service.from("user_roles").delete().eq("user_id", SEEDED.admin.id).eq("role", "admin");
    expect([role.error?.code, role.error?.hint]).toEqual(["P0001", "last_admin"]);
    const demoted = await service.from("user_roles").update({ role: "curator" }).eq("user_id", SEEDED.admin.id).eq("role", "admin");
    expect([demoted.error?.code, demoted.error?.hint]).toEqual(["P0001", "last_admin"]);
    expect(await admins()).toEqual([SEEDED.admin.id]);
  });

  it("deletes one of two admins, and of two deleted at once keeps one", async () => {
    const other = await newAdmin();
    expect((await service.auth.admin.deleteUser(other)).error).toBeNull();
    expect(await admins()).toEqual([SEEDED.admin.id]);

    const rival = await newAdmin();
    const results = await Promise.all([SEEDED.admin.id, rival].map((id) => service.auth.admin.deleteUser(id)));
    expect(results.filter((result) => result.error === null)).toHaveLength(1);
    expect(await admins()).toHaveLength(1);
  });
});
