import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";
import { NOTIFICATION_KINDS } from "@/lib/domain/notifications";
import type { LocalBackend } from "@/local-backend/server";
import { anonClient, SEEDED, serviceClient, signedIn, startTestBackend, TEST_DATABASES, uniqueEmail } from "@/local-backend/tests/harness";

/**
 * The outbox: every event is written by the database, in the transaction of the change, whoever
 * made it; one notification per student and statement; one delivery per channel they want.
 */

const LOVABLE = "70000000-0000-4000-8000-000000000001";
const CURSOR = "70000000-0000-4000-8000-000000000002";
const N8N = "70000000-0000-4000-8000-000000000003";
const DRAFT_TOOL = "70000000-0000-4000-8000-000000000007";
const FIRST_MODULE = "c0000000-0000-4000-8000-000000000001";
const LOVABLE_LESSON = "d0000000-0000-4000-8000-000000000001";

// On PGlite, and on a PostgreSQL set up as a new hosted project (explicit grants only, pg-safeupdate
// in every API session), where PGlite cannot hold the worker to those rules.
describe.each(TEST_DATABASES)("on %s", (database) => {
  let backend: LocalBackend;
  let service: SupabaseClient<Database>;
  let admin: SupabaseClient<Database>;

  beforeAll(async () => {
    backend = await startTestBackend({}, database);
    service = serviceClient(backend);
    admin = (await signedIn(backend, SEEDED.admin.email, SEEDED.admin.password)).client;
  });
  afterAll(() => backend.close());

  async function newStudent(label: string) {
    const email = uniqueEmail(label);
    const { data, error } = await service.auth.admin.createUser({ email, password: "password123", email_confirm: true });
    if (error) throw error;
    return { id: data.user.id, email };
  }

  async function notificationsOf(userId: string, kind?: string) {
    let query = service.from("notifications").select("id, kind, payload, read_at").eq("user_id", userId).order("id");
    if (kind) query = query.eq("kind", kind as Database["public"]["Enums"]["notification_kind"]);
    const { data, error } = await query;
    if (error) throw error;
    return data;
  }

  const itemIds = (payload: unknown) => ((payload as { items: { id: string }[] }).items ?? []).map((item) => item.id).sort();

  describe("welcome", () => {
    it("greets a new account once, with an e-mail planned", async () => {
      const student = await newStudent("welcome");
      const welcomes = await notificationsOf(student.id, "welcome");
      expect(welcomes).toHaveLength(1);
      const { data: deliveries } = await service.from("notification_deliveries").select("channel, status").eq("notification_id", welcomes[0].id);
      expect(deliveries).toEqual([{ channel: "email", status: "pending" }]);
    });
  });

  describe("access that opens", () => {
    it("tells a student once per item, in one notification per change, whatever the number of items", async () => {
      const student = await newStudent("opened");
      const { error } = await admin.from("tool_access").insert([
        { user_id: student.id, tool_id: LOVABLE, is_unlocked: true },
        { user_id: student.id, tool_id: CURSOR, is_unlocked: true },
        { user_id: student.id, tool_id: N8N, is_unlocked: false },
      ]);
      expect(error).toBeNull();
      const opened = await notificationsOf(student.id, "access_opened");
      expect(opened).toHaveLength(1);
      expect(itemIds(opened[0].payload)).toEqual([LOVABLE, CURSOR].sort());
      expect((opened[0].payload as { items: { title: string; tool_name: string }[] }).items.map((item) => item.tool_name).sort()).toEqual(["Cursor", "Lovable"]);

      // Closing and opening again, or saving an open grant again, says nothing new.
      await admin.from("tool_access").update({ is_unlocked: false }).eq("user_id", student.id).eq("tool_id", LOVABLE);
      await admin.from("tool_access").update({ is_unlocked: true }).eq("user_id", student.id);
      const after = await notificationsOf(student.id, "access_opened");
      expect(after).toHaveLength(2);
      expect(itemIds(after[1].payload)).toEqual([N8N]);
    });

    it("says nothing of hidden items, drafts or dates still to come", async () => {
      const student = await newStudent("quiet");
      await admin.from("tool_access").insert([
        { user_id: student.id, tool_id: LOVABLE, is_unlocked: true, is_visible: false },
        { user_id: student.id, tool_id: DRAFT_TOOL, is_unlocked: true },
        { user_id: student.id, tool_id: CURSOR, is_unlocked: true, unlock_at: new Date(Date.now() + 86_400_000).toISOString() },
      ]);
      expect(await notificationsOf(student.id, "access_opened")).toEqual([]);
    });

    it("tells every member when a group's grant opens, and a member who joins later", async () => {
      const [first, second, later] = await Promise.all([newStudent("group-a"), newStudent("group-b"), newStudent("group-c")]);
      const { data: group } = await admin.from("groups").insert({ name: `Поток ${Date.now()}` }).select("id").single();
      await admin.from("group_members").insert([
        { group_id: group!.id, user_id: first.id },
        { group_id: group!.id, user_id: second.id },
      ]);
      await admin.from("group_module_access").insert({ group_id: group!.id, module_id: FIRST_MODULE, is_unlocked: true });
      for (const member of [first, second]) {
        const opened = await notificationsOf(member.id, "access_opened");
        expect(opened.map((row) => itemIds(row.payload))).toEqual([[FIRST_MODULE]]);
      }
      await admin.from("group_members").insert({ group_id: group!.id, user_id: later.id });
      expect((await notificationsOf(later.id, "access_opened")).map((row) => itemIds(row.payload))).toEqual([[FIRST_MODULE]]);
    });

    it("a personal record that closes the item outweighs the group's grant", async () => {
      const student = await newStudent("override");
      await admin.from("module_access").insert({ user_id: student.id, module_id: FIRST_MODULE, is_unlocked: false });
      const { data: group } = await admin.from("groups").insert({ name: `Поток закрытый ${Date.now()}` }).select("id").single();
      await admin.from("group_members").insert({ group_id: group!.id, user_id: student.id });
      await admin.from("group_module_access").insert({ group_id: group!.id, module_id: FIRST_MODULE, is_unlocked: true });
      expect(await notificationsOf(student.id, "access_opened")).toEqual([]);
    });

    it("announces a date that passed, once, on the worker's scan", async () => {
      const student = await newStudent("scheduled");
      const soon = new Date(Date.now() + 1_000).toISOString();
      await admin.from("lesson_access").insert({ user_id: student.id, lesson_id: LOVABLE_LESSON, is_unlocked: true, unlock_at: soon });
      await admin.from("tool_access").insert({ user_id: student.id, tool_id: LOVABLE, is_unlocked: true, unlock_at: soon });
      expect(await notificationsOf(student.id)).toHaveLength(1); // the welcome
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      expect((await service.rpc("notify_scheduled_openings")).error).toBeNull();
      expect((await service.rpc("notify_scheduled_openings")).data).toBe(0);
      const unlocked = await notificationsOf(student.id, "item_unlocked");
      expect(unlocked).toHaveLength(1);
      expect(itemIds(unlocked[0].payload)).toEqual([LOVABLE, LOVABLE_LESSON].sort());
    });
  });

  describe("homework", () => {
    it("tells the student of the decision, and the group's curator of new work once an hour", async () => {
      const student = await newStudent("homework");
      const { data: group } = await admin.from("groups").insert({ name: `Поток ДЗ ${Date.now()}` }).select("id").single();
      await admin.from("group_members").insert({ group_id: group!.id, user_id: student.id });
      await admin.from("group_curators").insert({ group_id: group!.id, user_id: SEEDED.curator.id });
      const { data: task } = await service.from("assignments").insert({ lesson_id: LOVABLE_LESSON }).select("id").single();
      const before = (await notificationsOf(SEEDED.curator.id, "review_waiting")).length;

      const { data: first } = await service
        .from("submissions")
        .insert({ assignment_id: task!.id, user_id: student.id, attempt: 1, answer_md: "Готово" })
        .select("id")
        .single();
      await service.from("submissions").update({ status: "returned" }).eq("id", first!.id);
      await service.from("submissions").insert({ assignment_id: task!.id, user_id: student.id, attempt: 2, answer_md: "Исправил" });

      const digests = await notificationsOf(SEEDED.curator.id, "review_waiting");
      expect(digests).toHaveLength(before + 1);
      expect(digests.at(-1)!.payload).toEqual({ count: 2 });

      const returned = await notificationsOf(student.id, "homework_returned");
      expect(returned).toHaveLength(1);
      expect(returned[0].payload).toMatchObject({ lesson_id: LOVABLE_LESSON, lesson_title: expect.any(String), tool_name: "Lovable", attempt: 1 });
      await service.from("assignments").delete().eq("id", task!.id);
    });
  });

  describe("channels", () => {
    it("plans e-mail unless turned off, and Telegram once linked", async () => {
      const student = await newStudent("channels");
      const client = (await signedIn(backend, student.email, "password123")).client;
      expect(
        (await client.from("notification_preferences").insert({ user_id: student.id, kind: "access_opened", channel: "email", enabled: false })).error,
      ).toBeNull();
      const { data: token } = await client.rpc("create_telegram_link_token");
      expect(token).toMatch(/^[0-9a-f]{64}$/);
      expect((await service.rpc("link_telegram", { _token: token!, _chat_id: 777_001, _username: "student" })).data).toBe(student.id);
      expect((await service.rpc("link_telegram", { _token: token!, _chat_id: 777_001, _username: "student" })).data).toBeNull();

      await admin.from("tool_access").insert({ user_id: student.id, tool_id: LOVABLE, is_unlocked: true });
      const [opened] = await notificationsOf(student.id, "access_opened");
      const { data: deliveries } = await service.from("notification_deliveries").select("channel").eq("notification_id", opened.id);
      expect(deliveries).toEqual([{ channel: "telegram" }]);

      expect((await service.rpc("unlink_telegram_chat", { _chat_id: 777_001 })).data).toBe(true);
      expect((await client.from("telegram_links").select("chat_id")).data).toEqual([]);
    });

    it("refuses a link token that is not the student's own or has expired", async () => {
      expect((await service.rpc("link_telegram", { _token: "0".repeat(64), _chat_id: 1, _username: "x" })).data).toBeNull();
    });
  });

  describe("who reads and writes", () => {
    it("a student reads and marks only their own, and writes nothing else", async () => {
      const [own, other] = await Promise.all([newStudent("reader"), newStudent("stranger")]);
      const client = (await signedIn(backend, own.email, "password123")).client;
      const { data: mine } = await client.from("notifications").select("user_id");
      expect(mine!.length).toBeGreaterThan(0);
      expect(new Set(mine!.map((row) => row.user_id))).toEqual(new Set([own.id]));

      const [theirs] = await notificationsOf(other.id);
      expect((await client.rpc("mark_notifications_read", { _ids: [theirs.id] })).data).toBe(0);
      expect((await notificationsOf(other.id))[0].read_at).toBeNull();
      expect((await client.rpc("mark_notifications_read", { _before: new Date(0).toISOString() })).data).toBe(0);
      expect((await client.rpc("mark_notifications_read", {})).data).toBe(mine!.length);

      expect((await client.from("notifications").insert({ user_id: own.id, kind: "welcome" })).error?.code).toBe("42501");
      expect((await client.from("notification_preferences").insert({ user_id: other.id, kind: "welcome", channel: "email", enabled: false })).error?.code).toBe("42501");
      expect((await client.rpc("claim_deliveries", {})).error?.code).toBe("42501");
      expect((await client.rpc("finish_delivery", { _delivery_id: 1, _outcome: "sent" })).error?.code).toBe("42501");
      expect((await client.rpc("link_telegram", { _token: "x", _chat_id: 1, _username: "x" })).error?.code).toBe("42501");
      expect((await client.from("notification_deliveries").select("id")).data).toEqual([]);
    });
  });

  describe("delivery", () => {
    it("leases what it claims, retries with backoff honouring retry_after, and gives up after five tries", async () => {
      const student = await newStudent("delivery");
      const [welcome] = await notificationsOf(student.id, "welcome");
      const { data: row } = await service.from("notification_deliveries").select("id").eq("notification_id", welcome.id).single();
      const id = row!.id;
      // Older pending deliveries of other tests come first; claim until ours is among them.
      const claimOurs = async () => {
        for (let round = 0; round < 20; round += 1) {
          const { data, error } = await service.rpc("claim_deliveries", { _limit: 100 });
          if (error) throw error;
          const ours = data.find((delivery) => delivery.delivery_id === id);
          if (ours) return ours;
        }
        throw new Error("never claimed");
      };
      const first = await claimOurs();
      expect(first).toMatchObject({ channel: "email", attempts: 1, email: student.email, wanted: true, kind: "welcome" });
      expect((await service.rpc("claim_deliveries", { _limit: 100 })).data!.some((delivery) => delivery.delivery_id === id)).toBe(false);

      expect((await service.rpc("finish_delivery", { _delivery_id: id, _outcome: "retry", _error: "429", _retry_after_seconds: 120 })).data).toBe("pending");
      const { data: waiting } = await service.from("notification_deliveries").select("next_attempt_at, last_error").eq("id", id).single();
      expect(new Date(waiting!.next_attempt_at).getTime() - Date.now()).toBeGreaterThan(110_000);
      expect(waiting!.last_error).toBe("429");

      for (let attempt = 2; attempt <= 5; attempt += 1) {
        await backend.db.query(`update public.notification_deliveries set next_attempt_at = now() where id = $1`, [id]);
        expect((await claimOurs()).attempts).toBe(attempt);
        const status = (await service.rpc("finish_delivery", { _delivery_id: id, _outcome: "retry", _error: "сбой" })).data;
        expect(status).toBe(attempt === 5 ? "failed" : "pending");
      }
      expect((await admin.from("notification_deliveries").select("status").eq("id", id).single()).data).toEqual({ status: "failed" });
      expect((await admin.rpc("retry_delivery", { _delivery_id: id })).error).toBeNull();
      expect((await admin.from("notification_deliveries").select("status, attempts").eq("id", id).single()).data).toEqual({ status: "pending", attempts: 0 });
    });

    it("claims again a delivery whose worker died before recording it", async () => {
      const student = await newStudent("lease");
      const [welcome] = await notificationsOf(student.id, "welcome");
      await backend.db.query(
        `update public.notification_deliveries set status = 'sending', attempts = 1, lease_until = now() - interval '1 second' where notification_id = $1`,
        [welcome.id],
      );
      const { data } = await service.rpc("claim_deliveries", { _limit: 100 });
      expect(data!.find((delivery) => delivery.notification_id === welcome.id)?.attempts).toBe(2);
    });
  });

  describe("unsubscribe", () => {
    it("turns e-mail off for one kind, or every kind, with the token only that person's mails carry", async () => {
      const student = await newStudent("unsubscribe");
      const [welcome] = await notificationsOf(student.id, "welcome");
      let token: string | null = null;
      for (let round = 0; round < 20 && !token; round += 1) {
        const { data } = await service.rpc("claim_deliveries", { _limit: 100 });
        token = data!.find((delivery) => delivery.notification_id === welcome.id)?.unsubscribe_token ?? null;
      }
      expect(token).toMatch(/^[0-9a-f]{64}$/);
      const visitor = anonClient(backend);
      expect((await visitor.rpc("unsubscribe_target", { _token: token! })).data).toEqual({ email: student.email });
      expect((await visitor.rpc("unsubscribe_target", { _token: "f".repeat(64) })).data).toBeNull();
      expect((await visitor.rpc("unsubscribe_email", { _token: "f".repeat(64) })).data).toBe(false);

      expect((await visitor.rpc("unsubscribe_email", { _token: token!, _kind: "access_opened" })).data).toBe(true);
      const prefs = async () =>
        (await service.from("notification_preferences").select("kind, enabled").eq("user_id", student.id).eq("channel", "email").order("kind")).data;
      expect(await prefs()).toEqual([{ kind: "access_opened", enabled: false }]);
      expect((await visitor.rpc("unsubscribe_email", { _token: token! })).data).toBe(true);
      expect((await prefs())!.every((row) => !row.enabled)).toBe(true);
      expect((await prefs())!.length).toBe(NOTIFICATION_KINDS.length);
    });
  });
});
