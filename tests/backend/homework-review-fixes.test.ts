import { afterAll, beforeAll, expect, it } from "vitest";
import type { LocalBackend } from "@/local-backend/server";
import { SEEDED, serviceClient, signedIn, startTestBackend, uniqueEmail } from "@/local-backend/tests/harness";

/** Homework rules mended after review (migration 20261125001100). */

const LOVABLE = "70000000-0000-4000-8000-000000000001";
const [STOP, AFTER] = ["d0000000-0000-4000-8000-000000000002", "d0000000-0000-4000-8000-000000000003"];

let backend: LocalBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.close());

async function student(service: ReturnType<typeof serviceClient>) {
  const email = uniqueEmail("fixes");
  const { data } = await service.auth.admin.createUser({ email, password: "password123", email_confirm: true });
  await service.from("tool_access").insert({ user_id: data.user!.id, tool_id: LOVABLE, is_unlocked: true });
  return { id: data.user!.id, client: (await signedIn(backend, email, "password123")).client };
}

it("a stop-lesson the student's own record hides holds nothing: it could never be handed in", async () => {
  const service = serviceClient(backend);
  const { id, client } = await student(service);
  const { data: task } = await service.from("assignments").insert({ lesson_id: STOP, is_stop_lesson: true }).select("id").single();
  try {
    expect((await client.rpc("can_open_lesson", { _user_id: id, _lesson_id: AFTER })).data).toBe(false);
    await service.from("lesson_access").insert({ user_id: id, lesson_id: STOP, is_unlocked: true, is_visible: false });
    expect((await client.rpc("can_open_lesson", { _user_id: id, _lesson_id: AFTER })).data).toBe(true);
  } finally {
    await service.from("assignments").delete().eq("id", task!.id);
  }
});

it("the queue lists a work's latest attempt only: returned and handed in again is no longer «на доработке»", async () => {
  const service = serviceClient(backend);
  const { id } = await student(service);
  const { data: task } = await service.from("assignments").insert({ lesson_id: STOP }).select("id").single();
  const admin = (await signedIn(backend, SEEDED.admin.email, SEEDED.admin.password)).client;
  const queued = async (status: "returned" | "submitted") =>
    ((await admin.rpc("review_queue", { _status: status, _lesson_id: STOP })).data as { items: { student: { id: string }; attempt: number }[] }).items
      .filter((item) => item.student.id === id)
      .map((item) => item.attempt);
  try {
    await service.from("submissions").insert({ assignment_id: task!.id, user_id: id, attempt: 1, answer_md: "Первая", status: "returned" });
    expect(await queued("returned")).toEqual([1]);
    await service.from("submissions").insert({ assignment_id: task!.id, user_id: id, attempt: 2, answer_md: "Вторая" });
    expect(await queued("returned")).toEqual([]);
    expect(await queued("submitted")).toEqual([2]);
  } finally {
    await service.from("assignments").delete().eq("id", task!.id);
  }
});
