import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";
import { deliverAllDue, deliverRound, type ClaimedDelivery, type Sender, type Senders } from "@/lib/notifications/deliver";
import type { DeliveryOutcome } from "@/lib/notifications/outcome";
import type { LocalBackend } from "@/local-backend/server";
import { SEEDED, serviceClient, signedIn, startTestBackend, TEST_DATABASES, uniqueEmail } from "@/local-backend/tests/harness";

/**
 * The worker's promises, against the real outbox: one message per event and channel, choices
 * honoured at sending time, flood control and backoff, permanent failures shown to the admin, and
 * a worker killed mid-batch losing nothing and sending at most the message in hand once more.
 */

const LOVABLE = "70000000-0000-4000-8000-000000000001";

// On PGlite, and on a PostgreSQL set up as a new hosted project (explicit grants only, pg-safeupdate
// in every API session), where PGlite cannot hold the worker to those rules.
describe.each(TEST_DATABASES)("on %s", (database) => {
  let backend: LocalBackend;
  let service: SupabaseClient<Database>;
  let sent: ClaimedDelivery[] = [];

  const recorder = (outcome: (delivery: ClaimedDelivery) => DeliveryOutcome = () => ({ ok: true })): Sender => async (delivery) => {
    const result = outcome(delivery);
    if (result.ok) sent.push(delivery);
    return result;
  };
  const healthy = (): Senders => ({ email: recorder(), telegram: recorder() });

  beforeAll(async () => {
    backend = await startTestBackend({}, database);
    service = serviceClient(backend);
    await deliverAllDue(service, healthy()); // what the seed planned
  });
  afterAll(() => backend.close());
  beforeEach(() => {
    sent = [];
  });

  async function newStudent(label: string) {
    const email = uniqueEmail(label);
    const { data, error } = await service.auth.admin.createUser({ email, password: "password123", email_confirm: true });
    if (error) throw error;
    const [welcome] = (await service.from("notifications").select("id").eq("user_id", data.user.id)).data!;
    return { id: data.user.id, email, welcomeId: welcome.id };
  }

  const status = async (notificationId: number, channel: "email" | "telegram" = "email") =>
    (await service.from("notification_deliveries").select("status, attempts, last_error").eq("notification_id", notificationId).eq("channel", channel).single()).data!;

  const makeDue = (notificationId: number) =>
    backend.db.query(`update public.notification_deliveries set next_attempt_at = now() where notification_id = $1`, [notificationId]);

  describe("the worker", () => {
    it("sends each event once per channel, to the right address, and nothing on the next round", async () => {
      const student = await newStudent("once");
      const linkToken = (await (await signedIn(backend, student.email, "password123")).client.rpc("create_telegram_link_token")).data!;
      await service.rpc("link_telegram", { _token: linkToken, _chat_id: 555_001, _username: "once" });
      const admin = (await signedIn(backend, SEEDED.admin.email, SEEDED.admin.password)).client;
      await admin.from("tool_access").insert({ user_id: student.id, tool_id: LOVABLE, is_unlocked: true });

      const summary = await deliverAllDue(service, healthy());
      expect(summary.failed).toBe(0);
      const mine = sent.filter((delivery) => delivery.user_id === student.id).map((delivery) => [delivery.kind, delivery.channel]);
      expect(mine.sort()).toEqual([
        ["access_opened", "email"],
        ["access_opened", "telegram"],
        ["welcome", "email"],
      ]);
      expect(sent.find((delivery) => delivery.user_id === student.id && delivery.channel === "telegram")!.chat_id).toBe(555_001);
      expect(sent.find((delivery) => delivery.user_id === student.id && delivery.channel === "email")!.email).toBe(student.email);

      sent = [];
      expect((await deliverAllDue(service, healthy())).claimed).toBe(0);
      expect(sent).toEqual([]);
      expect(await status(student.welcomeId)).toMatchObject({ status: "sent", attempts: 1 });
    });

    it("skips a channel turned off after the event was planned", async () => {
      const student = await newStudent("changed-mind");
      await service.from("notification_preferences").insert({ user_id: student.id, kind: "welcome", channel: "email", enabled: false });
      await deliverAllDue(service, healthy());
      expect(sent.some((delivery) => delivery.user_id === student.id)).toBe(false);
      expect(await status(student.welcomeId)).toMatchObject({ status: "skipped", last_error: "turned off by the recipient" });
    });

    it("waits out flood control, then sends", async () => {
      const student = await newStudent("flood");
      let floods = 1;
      const flooded = recorder((delivery) =>
        delivery.user_id === student.id && floods-- > 0 ? { ok: false, permanent: false, retryAfterSeconds: 90, error: "429: Too Many Requests" } : { ok: true },
      );
      await deliverAllDue(service, { email: flooded, telegram: null });
      expect(await status(student.welcomeId)).toMatchObject({ status: "pending", attempts: 1, last_error: "429: Too Many Requests" });
      await deliverAllDue(service, { email: flooded, telegram: null });
      expect(sent.some((delivery) => delivery.user_id === student.id)).toBe(false);

      await makeDue(student.welcomeId);
      await deliverAllDue(service, { email: flooded, telegram: null });
      expect(sent.filter((delivery) => delivery.user_id === student.id)).toHaveLength(1);
      expect(await status(student.welcomeId)).toMatchObject({ status: "sent", attempts: 2, last_error: null });
    });

    it("gives up at once on a permanent failure, and the admin sees it", async () => {
      const student = await newStudent("bounce");
      const bouncing = recorder((delivery) => (delivery.user_id === student.id ? { ok: false, permanent: true, error: "550 mailbox unavailable" } : { ok: true }));
      await deliverAllDue(service, { email: bouncing, telegram: null });
      expect(await status(student.welcomeId)).toMatchObject({ status: "failed", attempts: 1, last_error: "550 mailbox unavailable" });
      const admin = (await signedIn(backend, SEEDED.admin.email, SEEDED.admin.password)).client;
      const { data } = await admin.from("notification_deliveries").select("notification_id").eq("status", "failed");
      expect(data!.map((row) => row.notification_id)).toContain(student.welcomeId);
    });

    it("a worker killed mid-batch loses nothing, and sends only the message in hand once more", async () => {
      const students = [await newStudent("crash-a"), await newStudent("crash-b"), await newStudent("crash-c")];
      const ours = new Set(students.map((student) => student.welcomeId));
      let handled = 0;
      const dying: Sender = async (delivery) => {
        sent.push(delivery);
        handled += 1;
        if (handled === 2) throw new Error("killed"); // sent, and the process dies before recording it
        return { ok: true };
      };
      await expect(deliverRound(service, { email: dying, telegram: null }, { batch: 10, leaseSeconds: 60 })).rejects.toThrow("killed");

      // A restarted worker does not touch the claims until their lease runs out…
      await deliverAllDue(service, healthy());
      const afterRestart = sent.filter((delivery) => ours.has(delivery.notification_id));
      expect(afterRestart).toHaveLength(2);

      // …then takes them again: the one in hand is sent once more, the one never tried once.
      await backend.db.query(`update public.notification_deliveries set lease_until = now() where status = 'sending'`);
      await deliverAllDue(service, healthy());
      const perEvent = new Map<number, number>();
      for (const delivery of sent.filter((item) => ours.has(item.notification_id))) {
        perEvent.set(delivery.notification_id, (perEvent.get(delivery.notification_id) ?? 0) + 1);
      }
      expect([...perEvent.keys()].sort()).toEqual([...ours].sort());
      expect([...perEvent.values()].sort()).toEqual([1, 1, 2]);
      for (const student of students) expect((await status(student.welcomeId)).status).toBe("sent");
    });

    it("two workers at once never take the same delivery", async () => {
      const students = await Promise.all(["pair-a", "pair-b", "pair-c", "pair-d"].map(newStudent));
      await Promise.all([deliverRound(service, healthy(), { batch: 2 }), deliverRound(service, healthy(), { batch: 2 }), deliverRound(service, healthy(), { batch: 2 })]);
      await deliverAllDue(service, healthy());
      const ids = sent.map((delivery) => delivery.delivery_id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const student of students) expect((await status(student.welcomeId)).status).toBe("sent");
    });
  });
});
