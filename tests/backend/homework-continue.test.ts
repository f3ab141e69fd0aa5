import { afterAll, beforeAll, expect, it } from "vitest";
import type { LocalBackend } from "@/local-backend/server";
import { serviceClient, signedIn, startTestBackend, uniqueEmail } from "@/local-backend/tests/harness";

/** «Продолжить» never leads to a lesson a stop-lesson holds. */

const LOVABLE = "70000000-0000-4000-8000-000000000001";
const [FIRST, STOP, AFTER] = ["d0000000-0000-4000-8000-000000000001", "d0000000-0000-4000-8000-000000000002", "d0000000-0000-4000-8000-000000000003"];

let backend: LocalBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.close());

it("skips the last opened lesson once a stop-lesson before it holds it, and comes back when the work is accepted", async () => {
  const service = serviceClient(backend);
  const email = uniqueEmail("continue");
  const { data } = await service.auth.admin.createUser({ email, password: "password123", email_confirm: true });
  await service.from("tool_access").insert({ user_id: data.user!.id, tool_id: LOVABLE, is_unlocked: true });
  const student = (await signedIn(backend, email, "password123")).client;
  const continueId = async () => ((await student.rpc("dashboard_page", {})).data as { continue: { id: string } | null }).continue?.id ?? null;

  await student.rpc("record_lesson_opened", { _lesson_id: FIRST });
  await new Promise((resolve) => setTimeout(resolve, 20));
  await student.rpc("record_lesson_opened", { _lesson_id: AFTER });
  expect(await continueId()).toBe(AFTER);

  const { data: task } = await service.from("assignments").insert({ lesson_id: STOP, is_stop_lesson: true }).select("id").single();
  expect((await student.rpc("held_lesson_ids", { _user_id: data.user!.id, _lesson_ids: [AFTER] })).data).toEqual([AFTER]);
  expect(await continueId()).toBe(FIRST);

  await service.from("submissions").insert({ assignment_id: task!.id, user_id: data.user!.id, attempt: 1, answer_md: "Готово", status: "accepted" });
  expect(await continueId()).toBe(AFTER);
  await service.from("assignments").delete().eq("id", task!.id);
});
