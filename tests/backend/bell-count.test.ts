import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/database.types";
import { countUnread } from "@/lib/queries/inbox";
import type { LocalBackend } from "@/local-backend/server";
import { anonClient, SEEDED, serviceClient, signedIn, startTestBackend, uniqueEmail } from "@/local-backend/tests/harness";

/**
 * The bell's number (issue 44, migration …4500): unread_notification_count counts the caller's own
 * unread notifications and nothing else, though row level security lets an admin read everyone's.
 */

type Client = SupabaseClient<Database>;

let backend: LocalBackend;
let service: Client;

async function newStudent(label: string) {
  const email = uniqueEmail(label);
  const { data, error } = await service.auth.admin.createUser({ email, password: "password123", email_confirm: true, user_metadata: { full_name: "Колокольчик Тестовый" } });
  if (error) throw error;
  return { id: data.user.id, client: (await signedIn(backend, email, "password123")).client };
}

/** The person's unread notifications, counted by the service role (no policy in the way). */
const unreadOf = async (userId: string) =>
  (await service.from("notifications").select("id", { count: "exact", head: true }).eq("user_id", userId).is("read_at", null)).count ?? 0;

async function notify(userId: string, read: boolean[]) {
  const rows = read.map((isRead, n) => ({
    user_id: userId,
    kind: "access_opened" as const,
    payload: { kind: "tool", item_id: "70000000-0000-4000-8000-000000000002", title: `Колокольчик ${n}` },
    read_at: isRead ? new Date().toISOString() : null,
  }));
  const { error } = await service.from("notifications").insert(rows);
  if (error) throw error;
}

beforeAll(async () => {
  backend = await startTestBackend();
  service = serviceClient(backend);
});
afterAll(() => backend?.close());

describe("the bell counts the caller's own unread notifications", () => {
  it("counts unread ones only, and only the caller's", async () => {
    const [anna, boris] = await Promise.all([newStudent("bell-a"), newStudent("bell-b")]);
    const [annaBefore, borisBefore] = await Promise.all([unreadOf(anna.id), unreadOf(boris.id)]);
    expect(await countUnread(anna.client)).toBe(annaBefore);

    await notify(anna.id, [false, false, false, true, true]);
    await notify(boris.id, [false, false, false, false]);
    expect(await countUnread(anna.client)).toBe(annaBefore + 3);
    expect(await countUnread(boris.client)).toBe(borisBefore + 4);

    // Reading them all brings Anna's bell to zero and leaves Boris's as it was.
    expect((await anna.client.rpc("mark_notifications_read", {})).error).toBeNull();
    expect(await countUnread(anna.client)).toBe(0);
    expect(await countUnread(boris.client)).toBe(borisBefore + 4);
  });

  it("an admin's bell holds the admin's own, not the students' the admins' policy lets them read", async () => {
    const admin = await signedIn(backend, SEEDED.admin.email, SEEDED.admin.password);
    const student = await newStudent("bell-admin");
    await notify(student.id, [false, false]);
    const { count: readable } = await admin.client.from("notifications").select("id", { count: "exact", head: true }).is("read_at", null);
    const own = await unreadOf(admin.user.id);
    expect(readable).toBeGreaterThan(own);
    expect(await countUnread(admin.client)).toBe(own);
  });

  it("is the signed-in person's: a visitor cannot call it", async () => {
    const { error } = await anonClient(backend).rpc("unread_notification_count");
    expect(error?.code).toBe("42501");
  });
});
