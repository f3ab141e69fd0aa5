import { afterAll, beforeAll, expect, it } from "vitest";
import type { LocalBackend } from "@/local-backend/server";
import { SEEDED, serviceClient, signedIn, startTestBackend, uniqueEmail } from "@/local-backend/tests/harness";

/**
 * The review queue's tabs show a work's latest attempt, read from the superseded mark a trigger keeps
 * (migration 20261128007000): the mark follows every way an attempt is added, removed or moved, so
 * each tab answers as the per-row check for a newer attempt did.
 */

const STOP = "d0000000-0000-4000-8000-000000000002";
const AFTER = "d0000000-0000-4000-8000-000000000003";

let backend: LocalBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.close());

it("every tab lists a work's latest attempt only, whether attempts are added, removed or moved", async () => {
  const service = serviceClient(backend);
  const email = uniqueEmail("latest");
  const { data: created } = await service.auth.admin.createUser({ email, password: "password123", email_confirm: true });
  const id = created.user!.id;
  const admin = (await signedIn(backend, SEEDED.admin.email, SEEDED.admin.password)).client;
  const { data: tasks } = await service
    .from("assignments")
    .insert([{ lesson_id: STOP }, { lesson_id: AFTER }])
    .select("id, lesson_id");
  const [first, second] = [tasks!.find((task) => task.lesson_id === STOP)!.id, tasks!.find((task) => task.lesson_id === AFTER)!.id];
  // The student's attempts in each tab of both lessons, as the reviewers' page asks.
  const tabs = async () => {
    const listed = async (status: "submitted" | "returned" | "accepted") => {
      const items = await Promise.all(
        [STOP, AFTER].map(async (lesson) => {
          const { data, error } = await admin.rpc("review_queue", { _status: status, _lesson_id: lesson });
          expect(error).toBeNull();
          return (data as { items: { student: { id: string }; attempt: number; lesson_id: string }[] }).items
            .filter((item) => item.student.id === id)
            .map((item) => `${item.lesson_id === STOP ? "first" : "second"} #${item.attempt}`);
        }),
      );
      return items.flat().sort();
    };
    return { submitted: await listed("submitted"), returned: await listed("returned"), accepted: await listed("accepted") };
  };
  const marks = async () => {
    const { data } = await service.from("submissions").select("assignment_id, attempt, superseded").eq("user_id", id).order("attempt");
    return data!.map((row) => `${row.assignment_id === first ? "first" : "second"} #${row.attempt}${row.superseded ? " superseded" : ""}`).sort();
  };
  try {
    await service.from("submissions").insert([
      { assignment_id: first, user_id: id, attempt: 1, answer_md: "1", status: "returned" },
      { assignment_id: first, user_id: id, attempt: 2, answer_md: "2", status: "returned" },
      { assignment_id: first, user_id: id, attempt: 3, answer_md: "3", status: "accepted" },
      { assignment_id: second, user_id: id, attempt: 1, answer_md: "1", status: "returned" },
    ]);
    expect(await marks()).toEqual(["first #1 superseded", "first #2 superseded", "first #3", "second #1"]);
    expect(await tabs()).toEqual({ submitted: [], returned: ["second #1"], accepted: ["first #3"] });

    // The newest attempt removed: the one before it is the work's latest again.
    await service.from("submissions").delete().eq("assignment_id", first).eq("user_id", id).eq("attempt", 3);
    expect(await tabs()).toEqual({ submitted: [], returned: ["first #2", "second #1"], accepted: [] });

    // Handed in again: the returned attempt leaves «На доработке», the new one waits.
    await service.from("submissions").insert({ assignment_id: second, user_id: id, attempt: 2, answer_md: "2" });
    expect(await tabs()).toEqual({ submitted: ["second #2"], returned: ["first #2"], accepted: [] });

    // An attempt moved to the other work: both works' marks follow.
    await service.from("submissions").update({ assignment_id: second, attempt: 3 }).eq("assignment_id", first).eq("user_id", id).eq("attempt", 2);
    expect(await marks()).toEqual(["first #1", "second #1 superseded", "second #2 superseded", "second #3"]);
    // A waiting attempt stays in «Ждут проверки» even under a newer one, as the queue always had it.
    expect(await tabs()).toEqual({ submitted: ["second #2"], returned: ["first #1", "second #3"], accepted: [] });
  } finally {
    await service.from("assignments").delete().in("id", [first, second]);
    await service.auth.admin.deleteUser(id);
  }
});
