import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeThrown } from "@/lib/actions/errors";
import type { Database } from "@/lib/database.types";
import { describeNotification } from "@/lib/domain/notifications";
import * as notifications from "@/lib/mutations/notifications";
import * as reviews from "@/lib/mutations/reviews";
import { countUnread, listNotifications } from "@/lib/queries/inbox";
import type { LocalBackend } from "@/local-backend/server";
import { SEEDED, serviceClient, signedIn, startTestBackend, uniqueEmail } from "@/local-backend/tests/harness";

/**
 * The bell and «Уведомления» through the app's own reads (issue 43): everyone sees only their own
 * notifications, an admin too, though row level security lets an admin read every row. And a
 * curator's decision reaches the student with the comment quoted and linked.
 */

type Client = SupabaseClient<Database>;
const CURSOR = "70000000-0000-4000-8000-000000000002";
const LESSON = "d0000000-0000-4000-8000-000000000006";

let backend: LocalBackend;
let service: Client;
let admin: { id: string; client: Client };
let student: { id: string; client: Client };

async function newStudent(label: string, fullName: string) {
  const email = uniqueEmail(label);
  const { data, error } = await service.auth.admin.createUser({ email, password: "password123", email_confirm: true, user_metadata: { full_name: fullName } });
  if (error) throw error;
  await service.from("tool_access").insert({ user_id: data.user.id, tool_id: CURSOR, is_unlocked: true });
  return { id: data.user.id, client: (await signedIn(backend, email, "password123")).client };
}

const unreadOf = async (userId: string) =>
  (await service.from("notifications").select("id", { count: "exact", head: true }).eq("user_id", userId).is("read_at", null)).count ?? 0;

beforeAll(async () => {
  backend = await startTestBackend();
  service = serviceClient(backend);
  const seeded = await signedIn(backend, SEEDED.admin.email, SEEDED.admin.password);
  admin = { id: seeded.user.id, client: seeded.client };
  student = await newStudent("inbox", "Анна Входящая");
});
afterAll(() => backend?.close());

describe("an inbox is its owner's alone", () => {
  it("an admin's bell and list hold their own notifications, not the students' the admins' policy lets them read", async () => {
    const { count: readable } = await admin.client.from("notifications").select("id", { count: "exact", head: true }).is("read_at", null);
    expect(readable).toBeGreaterThan(await unreadOf(admin.id)); // row level security alone would count the student's welcome

    expect(await countUnread(admin.client)).toBe(await unreadOf(admin.id));
    const { items, total } = await listNotifications(admin.client, admin.id, 1);
    const { data: own } = await service.from("notifications").select("id").eq("user_id", admin.id);
    expect(total).toBe(own!.length);
    const ownIds = new Set(own!.map((row) => row.id));
    expect(items.filter((item) => !ownIds.has(item.id))).toEqual([]);
  });

  it("an admin cannot open (and mark read) a student's notification by its id", async () => {
    const { data: welcome } = await service.from("notifications").select("id").eq("user_id", student.id).eq("kind", "welcome").single();
    let refused = "";
    try {
      await notifications.openNotification(admin.client, admin.id, welcome!.id);
    } catch (thrown) {
      refused = describeThrown(thrown, "сбой").error;
    }
    expect(refused).toBe("Уведомление не найдено");
    expect((await service.from("notifications").select("read_at").eq("id", welcome!.id).single()).data!.read_at).toBeNull();
  });

  it("a student's bell counts theirs and falls when they open one", async () => {
    const before = await countUnread(student.client);
    expect(before).toBe(await unreadOf(student.id));
    const { items } = await listNotifications(student.client, student.id, 1);
    expect(items.some((item) => item.title.startsWith("Добро пожаловать"))).toBe(true);
    expect(await notifications.openNotification(student.client, student.id, items[0].id)).toBe(items[0].path);
    expect(await countUnread(student.client)).toBe(before - 1);
  });
});

describe("a decision quotes the curator's comment and leads to it", () => {
  it("returns with the comment in the notification, linked to the comment's anchor, and names the student to the reviewer", async () => {
    const { data: task } = await service.from("assignments").insert({ lesson_id: LESSON, instructions_md: "Опишите гипотезу", accepts_text: true }).select("id").single();
    const { data: work } = await service
      .from("submissions")
      .insert({ assignment_id: task!.id, user_id: student.id, attempt: 1, answer_md: "Гипотеза" })
      .select("id")
      .single();
    const comment = "Добавьте **цифры**: сколько клиентов и как часто";
    const name = await reviews.reviewSubmission(admin.client, { submissionId: work!.id, decision: "return", comment });
    expect(name).toBe("Анна Входящая");

    const { data: comments } = await service.from("submission_comments").select("id").eq("submission_id", work!.id);
    const { data: note } = await service.from("notifications").select("payload").eq("user_id", student.id).eq("kind", "homework_returned").single();
    expect(note!.payload).toMatchObject({ submission_id: work!.id, comment_id: comments![0].id, comment });
    const text = describeNotification("homework_returned", note!.payload);
    expect(text.path).toBe(`/tech-founder/cursor/${LESSON}#comment-${comments![0].id}`);
    expect(text.quote).toBe("Добавьте цифры: сколько клиентов и как часто");
    // The student's lesson page holds that comment, so the anchor exists there.
    const { data: page } = await student.client.rpc("lesson_page", { _tool_name: "Cursor", _lesson_id: LESSON });
    expect(JSON.stringify(page)).toContain(comments![0].id);
  });
});
