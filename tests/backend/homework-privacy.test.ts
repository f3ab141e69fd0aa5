import { afterAll, beforeAll, expect, it } from "vitest";
import type { LocalBackend } from "@/local-backend/server";
import { serviceClient, signedIn, startTestBackend, uniqueEmail } from "@/local-backend/tests/harness";

/** Who reviews whom is nobody else's business: may_review answers only about the caller. */

let backend: LocalBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.close());

it("answers a curator about themselves, and nobody about someone else", async () => {
  const service = serviceClient(backend);
  const person = async (label: string) => {
    const email = uniqueEmail(label);
    const { data } = await service.auth.admin.createUser({ email, password: "password123", email_confirm: true });
    return { id: data.user!.id, email };
  };
  const [curator, student, classmate] = await Promise.all([person("curator"), person("student"), person("classmate")]);
  await service.from("user_roles").insert({ user_id: curator.id, role: "curator" });
  const { data: group } = await service.from("groups").insert({ name: uniqueEmail("Поток") }).select("id").single();
  await service.from("group_members").insert([{ group_id: group!.id, user_id: student.id }, { group_id: group!.id, user_id: classmate.id }]);
  await service.from("group_curators").insert({ group_id: group!.id, user_id: curator.id });

  const asCurator = (await signedIn(backend, curator.email, "password123")).client;
  const asClassmate = (await signedIn(backend, classmate.email, "password123")).client;
  expect((await asCurator.rpc("may_review", { _reviewer_id: curator.id, _student_id: student.id })).data).toBe(true);
  expect((await asClassmate.rpc("may_review", { _reviewer_id: curator.id, _student_id: student.id })).data).toBe(false);
  expect((await service.rpc("may_review", { _reviewer_id: curator.id, _student_id: student.id })).data).toBe(true);
});
