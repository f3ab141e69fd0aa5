import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/database.types";
import type { LocalBackend } from "@/local-backend/server";
import { anonClient, SEEDED, serviceClient, signedIn, startTestBackend, TEST_DATABASES, uniqueEmail } from "@/local-backend/tests/harness";

/**
 * Certificates through supabase-js: when one is issued (every lesson the student may see passed,
 * homework included; drafts and hidden lessons not counted; once, also under two passes at once), who
 * reads what, and revoking and reissuing.
 */

type Client = SupabaseClient<Database>;

let backend: LocalBackend;
let service: Client;
let admin: Client;
const PASSWORD = "password123";

interface Person {
  id: string;
  email: string;
  client: Client;
}

async function person(label: string, fullName: string, role?: "curator"): Promise<Person> {
  const email = uniqueEmail(label);
  const { data, error } = await service.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true, user_metadata: { full_name: fullName } });
  if (error) throw error;
  if (role) await service.from("user_roles").insert({ user_id: data.user!.id, role });
  return { id: data.user!.id, email, client: (await signedIn(backend, email, PASSWORD)).client };
}

/** A tool of its own with `count` published lessons, open to the given students. */
async function tool(name: string, count: number, issues = true, students: Person[] = []) {
  const made = (await service.from("tech_tools").insert({ name: `${name} ${Date.now()}`, issues_certificate: issues }).select("id, name").single()).data!;
  const lessons = (
    await service
      .from("lessons")
      .insert(Array.from({ length: count }, (_, index) => ({ tool_id: made.id, title: `Урок ${index + 1}` })))
      .select("id")
  ).data!.map((row) => row.id);
  if (students.length) await service.from("tool_access").insert(students.map((student) => ({ user_id: student.id, tool_id: made.id, is_unlocked: true })));
  return { ...made, lessons };
}

const pass = (student: Person, lesson: string) => student.client.rpc("set_lesson_completed", { _lesson_id: lesson, _completed: true });

const certificatesOf = async (userId: string) =>
  (await service.from("certificates").select("*").eq("user_id", userId).order("issued_at")).data!;

async function acceptHomework(student: Person, lesson: string) {
  const assignment = (await service.from("assignments").insert({ lesson_id: lesson }).select("id").single()).data!.id;
  const submitted = await student.client.rpc("submit_homework", { _assignment_id: assignment, _answer_md: "Готово", _links: [], _files: [] });
  expect(submitted.error).toBeNull();
  return { assignment, submission: submitted.data! };
}

/**
 * A student in a group with a curator of it, and a tool of three lessons open to the student:
 * the first to pass, the second with homework for the curator to accept, the third hidden from them.
 */
async function curatedStudent(label: string) {
  const [student, curator] = await Promise.all([person(label, "Вера Курируемая"), person(`${label}-curator`, "Куратор Сертификатов", "curator")]);
  const group = (await service.from("groups").insert({ name: `Сертификаты ${label} ${Date.now()}` }).select("id").single()).data!.id;
  await service.from("group_members").insert({ group_id: group, user_id: student.id });
  await service.from("group_curators").insert({ group_id: group, user_id: curator.id });
  const course = await tool(`Кураторский ${label}`, 3, true, [student]);
  const [first, homework, hidden] = course.lessons;
  await service.from("lesson_access").insert({ user_id: student.id, lesson_id: hidden, is_unlocked: true, is_visible: false });
  return { student, curator, course, first, homework, hidden };
}

let anna: Person;
let boris: Person;

beforeAll(async () => {
  backend = await startTestBackend();
  service = serviceClient(backend);
  admin = (await signedIn(backend, SEEDED.admin.email, SEEDED.admin.password)).client;
  [anna, boris] = await Promise.all([person("anna", "Анна Ёлкина"), person("boris", "Борис Щукин")]);
});
afterAll(() => backend.close());

describe("issuing", () => {
  it("issues once every published lesson the student sees is passed, homework accepted, drafts and hidden lessons left out", async () => {
    const lovable = await tool("Сертифицированный", 4, true, [anna]);
    const [first, second, withHomework, hidden] = lovable.lessons;
    await service.from("lessons").insert({ tool_id: lovable.id, title: "Черновик", is_published: false });
    await service.from("lesson_access").insert({ user_id: anna.id, lesson_id: hidden, is_unlocked: true, is_visible: false });
    const { submission } = await acceptHomework(anna, withHomework);

    expect((await pass(anna, first)).data).toBe(true);
    expect((await pass(anna, second)).data).toBe(true);
    expect(await certificatesOf(anna.id)).toEqual([]);
    // A lesson with homework is passed only by its accepted work.
    expect((await pass(anna, withHomework)).data).toBe(false);
    expect(await certificatesOf(anna.id)).toEqual([]);

    expect((await admin.rpc("review_submission", { _submission_id: submission, _decision: "accept", _comment: "" })).error).toBeNull();
    const [certificate, ...more] = await certificatesOf(anna.id);
    expect(more).toEqual([]);
    expect(certificate).toMatchObject({ kind: "tool", subject: `tool:${lovable.id}`, title: lovable.name, full_name: "Анна Ёлкина", revoked_at: null, is_public: false, reissue_of: null });
    expect(certificate.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);

    // Its notification, planned into the outbox.
    const told = (await service.from("notifications").select("id, payload").eq("user_id", anna.id).eq("kind", "certificate_issued")).data!;
    expect(told.map((row) => row.payload)).toEqual([{ code: certificate.code, kind: "tool", title: lovable.name }]);
    const deliveries = (await service.from("notification_deliveries").select("channel").eq("notification_id", told[0].id)).data!;
    expect(deliveries.map((row) => row.channel)).toContain("email");

    // Passing again, or a lesson that later appears and is passed, never issues a second one.
    await anna.client.rpc("set_lesson_completed", { _lesson_id: first, _completed: false });
    await pass(anna, first);
    expect((await certificatesOf(anna.id)).length).toBe(1);
  });

  it("issues nothing where the owner did not ask for certificates, nor before the last lesson", async () => {
    const plain = await tool("Без сертификата", 1, false, [boris]);
    await pass(boris, plain.lessons[0]);
    const partly = await tool("Наполовину", 2, true, [boris]);
    await pass(boris, partly.lessons[0]);
    expect(await certificatesOf(boris.id)).toEqual([]);
  });

  it("issues when a curator accepts the last work, still leaving out the lessons hidden from the student", async () => {
    const { student, curator, course, first, homework } = await curatedStudent("curated");
    await pass(student, first);
    const { submission } = await acceptHomework(student, homework);
    expect((await curator.client.rpc("review_submission", { _submission_id: submission, _decision: "accept", _comment: "" })).error).toBeNull();
    expect((await certificatesOf(student.id)).map((row) => row.subject)).toEqual([`tool:${course.id}`]);
  });

  // Migration …010200: the rule is asked as the school, through a function no API user may call,
  // instead of clearing the request's claims while the curator's acceptance asks it.
  it("issues in the curator's own transaction without touching the request's claims", async () => {
    const { student, curator, course, first, homework } = await curatedStudent("curated-tx");
    await pass(student, first);
    const { submission } = await acceptHomework(student, homework);

    const claims = JSON.stringify({ sub: curator.id, role: "authenticated" });
    const request = `select current_setting('request.jwt.claims', true) as claims, auth.uid() as uid, auth.role() as role`;
    const seen = await backend.db.transaction(async (tx) => {
      await tx.query(`select set_config('request.jwt.claims', $1, true)`, [claims]);
      await tx.query("set local role authenticated");
      const before = (await tx.query(request)).rows[0];
      await tx.query(`select public.review_submission($1, 'accept', '')`, [submission]);
      return { before, after: (await tx.query(request)).rows[0] };
    });
    expect(seen.before).toEqual({ claims, uid: curator.id, role: "authenticated" });
    expect(seen.after).toEqual(seen.before);
    expect((await certificatesOf(student.id)).map((row) => row.subject)).toEqual([`tool:${course.id}`]);
  });

  it("asks the school's question through a function only the service role may call; the API's access functions still answer only who may ask", async () => {
    const { student, curator, hidden } = await curatedStudent("asked");
    const question = { _user_id: student.id, _kind: "lesson", _item_id: hidden };

    for (const caller of [student.client, curator.client, admin]) {
      expect((await caller.rpc("effective_access_as_school", question)).error?.code).toBe("42501");
    }
    const asSchool = await service.rpc("effective_access_as_school", question);
    expect(asSchool.data).toMatchObject([{ kind: "lesson", item_id: hidden, is_visible: false, source: "personal" }]);
    expect((await service.rpc("effective_access_of", question)).data).toEqual(asSchool.data);
    expect((await student.client.rpc("effective_access_of", question)).data).toEqual(asSchool.data);
    // A curator may not ask about the student: nothing decides, so nothing is hidden, as before.
    expect((await curator.client.rpc("effective_access_of", question)).data).toEqual([]);
    expect((await curator.client.rpc("hidden_item_ids", { _user_id: student.id, _kind: "lesson" })).data).toEqual([]);
    expect((await student.client.rpc("hidden_item_ids", { _user_id: student.id, _kind: "lesson" })).data).toContain(hidden);
  });

  it("lets only admins read and switch the per-track setting", async () => {
    expect((await anna.client.from("track_settings").select("*")).data).toEqual([]);
    await anna.client.from("track_settings").update({ issues_certificate: true }).eq("track", "tech");
    expect((await admin.from("track_settings").select("track, issues_certificate").order("track")).data).toEqual([
      { track: "product", issues_certificate: false },
      { track: "tech", issues_certificate: false },
    ]);
  });
});

// On PostgreSQL the two passes really run at once (each sees only its own until the other commits).
describe.each(TEST_DATABASES)("two passes at once on %s", (database) => {
  it("issue exactly one certificate when they are the last two lessons", async () => {
    const own = database === "PGlite" ? null : await startTestBackend({}, database);
    const [mainBackend, mainService] = [backend, service];
    try {
      if (own) [backend, service] = [own, serviceClient(own)];
      const racer = await person("racer", "Гонщик Быстрый");
      const other = { ...racer, client: (await signedIn(backend, racer.email, PASSWORD)).client };
      for (let round = 0; round < 3; round += 1) {
        const race = await tool(`Гонка ${round}`, 2, true, [racer]);
        const results = await Promise.all([pass(racer, race.lessons[0]), pass(other, race.lessons[1])]);
        expect(results.map((result) => result.data)).toEqual([true, true]);
        expect((await certificatesOf(racer.id)).filter((row) => row.subject === `tool:${race.id}`)).toHaveLength(1);
      }
    } finally {
      [backend, service] = [mainBackend, mainService];
      await own?.close();
    }
  });
});

describe("who reads what", () => {
  it("a student lists only their own; a visitor reads only what the verification page shows", async () => {
    const course = await tool("Видимость", 1, true, [boris]);
    await pass(boris, course.lessons[0]);
    const borisCode = (await certificatesOf(boris.id))[0].code;
    const annaCodes = (await certificatesOf(anna.id)).map((row) => row.code);

    const listed = (await anna.client.from("certificates").select("code, user_id")).data!;
    expect(listed.map((row) => row.code).sort()).toEqual([...annaCodes].sort());
    expect(listed.every((row) => row.user_id === anna.id)).toBe(true);

    const anon = anonClient(backend);
    expect((await anon.from("certificates").select("code")).error?.code).toBe("42501");
    const checked = (await anon.rpc("certificate_check", { _code: borisCode })).data!;
    expect(checked).toHaveLength(1);
    expect(Object.keys(checked[0]).sort()).toEqual(["code", "full_name", "is_public", "issued_at", "kind", "revoked_at", "title"]);
    expect(checked[0]).toMatchObject({ code: borisCode, full_name: "Борис Щукин", revoked_at: null });
    expect((await anon.rpc("certificate_check", { _code: "0000-0000-0000" })).data).toEqual([]);
    expect((await anon.rpc("certificates_overview", {})).error?.code).toBe("42501");
    expect((await anon.rpc("share_certificate", { _id: crypto.randomUUID(), _shared: true })).error?.code).toBe("42501");

    // The admin's list, searched by e-mail, name or code; a student's call of it answers only their own.
    const byEmail = (await admin.rpc("certificates_overview", { _query: boris.email.toUpperCase() })).data!;
    expect(byEmail.map((row) => row.email)).toEqual([boris.email]);
    expect((await admin.rpc("certificates_overview", { _query: borisCode.toLowerCase() })).data!.map((row) => row.code)).toEqual([borisCode]);
    expect((await admin.rpc("certificates_overview", { _query: "щукин" })).data!.map((row) => row.code)).toEqual([borisCode]);
    expect((await anna.client.rpc("certificates_overview", {})).data!.every((row) => row.email === anna.email)).toBe(true);
  });

  it("a student shares only their own certificate", async () => {
    const own = (await certificatesOf(anna.id))[0];
    expect((await anna.client.rpc("share_certificate", { _id: own.id, _shared: true })).error).toBeNull();
    expect((await anonClient(backend).rpc("certificate_check", { _code: own.code })).data![0].is_public).toBe(true);
    const others = (await certificatesOf(boris.id))[0];
    expect((await anna.client.rpc("share_certificate", { _id: others.id, _shared: true })).error?.code).toBe("P0002");
  });
});

describe("revoking and reissuing", () => {
  it("an admin revokes with a reason; the public answer says revoked, not why", async () => {
    const certificate = (await certificatesOf(boris.id))[0];
    expect((await boris.client.rpc("revoke_certificate", { _id: certificate.id, _reason: "Сам" })).error?.code).toBe("42501");
    expect((await admin.rpc("revoke_certificate", { _id: certificate.id, _reason: "Работа списана" })).error).toBeNull();
    expect((await admin.rpc("revoke_certificate", { _id: certificate.id, _reason: "Ещё раз" })).error?.code).toBe("P0002");
    const checked = (await anonClient(backend).rpc("certificate_check", { _code: certificate.code })).data![0];
    expect(checked.revoked_at).not.toBeNull();
    expect(JSON.stringify(checked)).not.toContain("списана");
    expect((await certificatesOf(boris.id))[0].revoked_reason).toBe("Работа списана");
  });

  it("a student reissues under a changed name only; the old certificate is revoked as reissued", async () => {
    const old = (await certificatesOf(anna.id))[0];
    const same = await anna.client.rpc("reissue_certificate", { _id: old.id });
    expect(same.error?.hint).toBe("certificate_same_name");

    await service.from("profiles").update({ full_name: "Анна Сосновская" }).eq("id", anna.id);
    const reissued = await anna.client.rpc("reissue_certificate", { _id: old.id });
    expect(reissued.error).toBeNull();
    const rows = await certificatesOf(anna.id);
    const fresh = rows.find((row) => row.code === reissued.data)!;
    expect(fresh).toMatchObject({ full_name: "Анна Сосновская", reissue_of: old.id, subject: old.subject, is_public: true, revoked_at: null });
    expect(rows.find((row) => row.id === old.id)).toMatchObject({ revoked_reason: "Перевыпущен" });
    // The old one is revoked now: the student cannot reissue it again, nor someone else's.
    expect((await anna.client.rpc("reissue_certificate", { _id: old.id })).error?.hint).toBe("certificate_same_name");
    expect((await anna.client.rpc("reissue_certificate", { _id: (await certificatesOf(boris.id))[0].id })).error?.code).toBe("P0002");
  });

  it("an admin reissues a revoked certificate, but never a second valid one", async () => {
    const revoked = (await certificatesOf(boris.id))[0];
    const code = (await admin.rpc("reissue_certificate", { _id: revoked.id })).data!;
    expect((await anonClient(backend).rpc("certificate_check", { _code: code })).data![0]).toMatchObject({ revoked_at: null, full_name: "Борис Щукин" });
    expect((await admin.rpc("reissue_certificate", { _id: revoked.id })).error?.code).toBe("23505");
  });
});
