import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeThrown } from "@/lib/actions/errors";
import type { Database } from "@/lib/database.types";
import { claimSubmission, reviewSubmission } from "@/lib/mutations/reviews";
import type { LocalBackend } from "@/local-backend/server";
import { SEEDED, serviceClient, signedIn, startTestBackend, uniqueEmail } from "@/local-backend/tests/harness";

/**
 * Issue 41: nobody reviews their own work (migration 20261128000500). A curator who is also a
 * member of a group they curate, and an admin who hands in homework, call the review functions
 * straight through the REST API with their own tokens: taking or deciding their own work is
 * refused and changes nothing, while another reviewer still may.
 */

type Client = SupabaseClient<Database>;
const LOVABLE = "70000000-0000-4000-8000-000000000001";
const L1 = "d0000000-0000-4000-8000-000000000001";
const PASSWORD = "password123";

let backend: LocalBackend;
let service: Client;
let admin: Client;
let curator: Client;
let coCurator: Client;
let assignment: string;

async function curatorInGroup(group: string, member: boolean) {
  const email = uniqueEmail("own-work");
  const { data, error } = await service.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true, user_metadata: { full_name: "Куратор Сам Себе" } });
  if (error) throw error;
  await service.from("user_roles").insert({ user_id: data.user.id, role: "curator" });
  await service.from("group_curators").insert({ group_id: group, user_id: data.user.id });
  if (member) await service.from("group_members").insert({ group_id: group, user_id: data.user.id });
  return (await signedIn(backend, email, PASSWORD)).client;
}

const handIn = async (client: Client) => {
  const { error } = await client.rpc("submit_homework", { _assignment_id: assignment, _answer_md: "Мой ответ", _links: [], _files: [] });
  if (error) throw error;
  const { data } = await client.from("submissions").select("id, user_id").eq("assignment_id", assignment).eq("status", "submitted");
  const { data: user } = await client.auth.getUser();
  return data!.find((row) => row.user_id === user.user!.id)!.id;
};
const statusOf = async (submission: string) =>
  (await service.from("submissions").select("status, claimed_by, reviewer_id").eq("id", submission).single()).data;
const refusal = (write: Promise<unknown>) => write.then(() => "ok", (thrown) => describeThrown(thrown, "сбой").error);

beforeAll(async () => {
  backend = await startTestBackend();
  service = serviceClient(backend);
  admin = (await signedIn(backend, SEEDED.admin.email, SEEDED.admin.password)).client;
  const { data: group } = await service.from("groups").insert({ name: `Свои работы ${Date.now()}` }).select("id").single();
  await service.from("group_tool_access").insert({ group_id: group!.id, tool_id: LOVABLE, is_unlocked: true });
  curator = await curatorInGroup(group!.id, true);
  coCurator = await curatorInGroup(group!.id, false);
  const row = { lesson_id: L1, instructions_md: "Расскажите о себе", accepts_text: true, accepts_links: false, accepts_files: false, is_stop_lesson: false };
  assignment = (await admin.from("assignments").insert(row).select("id").single()).data!.id;
});
afterAll(() => backend.close());

describe("a reviewer's own work", () => {
  it("a curator in their own group can neither take nor accept nor return their work", async () => {
    const own = await handIn(curator);
    const claim = await curator.rpc("claim_submission", { _submission_id: own });
    expect([claim.error?.code, claim.error?.hint]).toEqual(["P0001", "homework_own"]);
    for (const decision of ["accept", "return"]) {
      const review = await curator.rpc("review_submission", { _submission_id: own, _decision: decision, _comment: "Отлично" });
      expect([review.error?.code, review.error?.hint], decision).toEqual(["P0001", "homework_own"]);
    }
    expect(await statusOf(own)).toEqual({ status: "submitted", claimed_by: null, reviewer_id: null });
    // The app's path answers in Russian.
    const message = "Свою работу проверить нельзя — её проверит другой куратор или администратор";
    expect(await refusal(claimSubmission(curator, own))).toBe(message);
    expect(await refusal(reviewSubmission(curator, { submissionId: own, decision: "accept", comment: "" }))).toBe(message);

    // Another curator of the group still reviews it.
    expect((await coCurator.rpc("review_submission", { _submission_id: own, _decision: "accept", _comment: "" })).error).toBeNull();
    expect(await statusOf(own)).toMatchObject({ status: "accepted" });
  });

  it("an admin who hands in homework cannot accept it either", async () => {
    const own = await handIn(admin);
    const review = await admin.rpc("review_submission", { _submission_id: own, _decision: "accept", _comment: "" });
    expect([review.error?.code, review.error?.hint]).toEqual(["P0001", "homework_own"]);
    expect(await statusOf(own)).toEqual({ status: "submitted", claimed_by: null, reviewer_id: null });
  });
});
