import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeThrown } from "@/lib/actions/errors";
import type { Database, Json } from "@/lib/database.types";
import * as studio from "@/lib/mutations/assignments";
import type { LocalBackend } from "@/local-backend/server";
import { anonClient, SEEDED, serviceClient, signedIn, startTestBackend, uniqueEmail } from "@/local-backend/tests/harness";

/**
 * Homework's rules through supabase-js, as each actor: who reads and who changes submissions,
 * comments and files (and that a refusal writes nothing), the review functions, the homework
 * bucket, a stop-lesson's hold with access from a group grant and from a personal switch, and two
 * curators taking one work at the same moment.
 */

type Client = SupabaseClient<Database>;
type Actor = "student" | "classmate" | "stranger" | "curator" | "coCurator" | "otherCurator" | "admin" | "anon";

let backend: LocalBackend;
let service: Client;
const as = {} as Record<Actor, Client>;
const id = {} as Record<Exclude<Actor, "anon">, string>;

const LOVABLE = "70000000-0000-4000-8000-000000000001";
const CURSOR = "70000000-0000-4000-8000-000000000002";
const [L1, L2, L3] = ["d0000000-0000-4000-8000-000000000001", "d0000000-0000-4000-8000-000000000002", "d0000000-0000-4000-8000-000000000003"];
const CURSOR_LESSON = "d0000000-0000-4000-8000-000000000006";
const BUCKET = "homework";
const PDF = new TextEncoder().encode("%PDF-1.7\nинтервью с клиентами\n");
const PASSWORD = "password123";

let stop: string; // the stop-lesson's assignment on L1: text, links and files
let textOnly: string; // an assignment on Cursor's first lesson that takes text only
let firstAttempt: string; // the student's, returned
let secondAttempt: string; // the student's, with a file
let strangerWork: string;
let studentFile: string;

const NAMES = {
  student: "Студентка Первого",
  classmate: "Однокурсник Первого",
  stranger: "Студент Второго",
  curator: "Куратор Первого",
  coCurator: "Второй куратор Первого",
  otherCurator: "Куратор Второго",
} as const;

async function person(actor: keyof typeof NAMES, role?: "curator") {
  const email = uniqueEmail(actor.toLowerCase());
  const { data, error } = await service.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true, user_metadata: { full_name: NAMES[actor] } });
  if (error) throw error;
  id[actor] = data.user!.id;
  if (role) await service.from("user_roles").insert({ user_id: id[actor], role });
  as[actor] = (await signedIn(backend, email, PASSWORD)).client;
}

const rpcError = async (call: PromiseLike<{ error: { code?: string; hint?: string | null } | null }>) => {
  const { error } = await call;
  return error ? (error.hint ?? error.code) : null;
};

/** Every row of homework, as the service role sees it: a refused call must leave it as it was. */
const HOMEWORK_TABLES = ["submissions", "submission_comments", "submission_files", "assignments", "group_curators"] as const;
const snapshot = async () => Promise.all(HOMEWORK_TABLES.map(async (table) => (await service.from(table).select("*")).data));
async function writesNothing(call: () => PromiseLike<unknown>) {
  const before = await snapshot();
  await call();
  expect(await snapshot()).toEqual(before);
}

const submit = (actor: Actor, assignment: string, answer: string, links: string[] = [], files: Json[] = []) =>
  as[actor].rpc("submit_homework", { _assignment_id: assignment, _answer_md: answer, _links: links, _files: files });
const review = (actor: Actor, submission: string, decision: string, comment = "") =>
  as[actor].rpc("review_submission", { _submission_id: submission, _decision: decision, _comment: comment });
const claim = (actor: Actor, submission: string) => as[actor].rpc("claim_submission", { _submission_id: submission });
const canOpen = async (actor: Exclude<Actor, "anon">, lesson: string) =>
  (await as[actor].rpc("can_open_lesson", { _user_id: id[actor], _lesson_id: lesson })).data;
/** The lessons of Lovable a stop-lesson holds for the actor, as the access rule's verdicts in their list name them. */
const held = async (actor: Exclude<Actor, "anon">) =>
  ((await as[actor].rpc("lesson_list", { _parent_id: LOVABLE, _lesson_ids: [L1, L2, L3], _user_id: id[actor] })).data as { verdicts: { item_id: string; held_by: string | null }[] }).verdicts
    .filter((verdict) => verdict.held_by)
    .map((verdict) => verdict.item_id)
    .sort();
const ids = async (actor: Actor, table: "submissions" | "submission_comments" | "submission_files") =>
  ((await as[actor].from(table).select("id")).data ?? []).map((row) => row.id).sort();
const queue = async (actor: Actor, filters: Database["public"]["Functions"]["review_queue"]["Args"] = {}) =>
  (await as[actor].rpc("review_queue", filters)).data as {
    items: { id: string; student: { id: string; full_name: string | null }; claimed_by: { id: string; full_name: string | null } | null }[];
  } | null;

beforeAll(async () => {
  backend = await startTestBackend();
  service = serviceClient(backend);
  as.anon = anonClient(backend);
  id.admin = SEEDED.admin.id;
  as.admin = (await signedIn(backend, SEEDED.admin.email, SEEDED.admin.password)).client;
  await Promise.all([
    ...(["student", "classmate", "stranger"] as const).map((actor) => person(actor)),
    ...(["curator", "coCurator", "otherCurator"] as const).map((actor) => person(actor, "curator")),
  ]);
  const groups = (await service.from("groups").insert([{ name: "Поток: проверка 1" }, { name: "Поток: проверка 2" }]).select("id, name").order("name")).data!;
  const [first, second] = groups.map((group) => group.id);
  const inGroup = (group_id: string, ...people: Exclude<Actor, "anon">[]) => people.map((actor) => ({ group_id, user_id: id[actor] }));
  await service.from("group_members").insert([...inGroup(first, "student", "classmate"), ...inGroup(second, "stranger")]);
  await service.from("group_curators").insert([...inGroup(first, "curator", "coCurator"), ...inGroup(second, "otherCurator")]);
  // Group 1 reaches the tools through its grant, the stranger through personal switches.
  await service.from("group_tool_access").insert([LOVABLE, CURSOR].map((tool_id) => ({ group_id: first, tool_id, is_unlocked: true })));
  await service.from("tool_access").insert([LOVABLE, CURSOR].map((tool_id) => ({ user_id: id.stranger, tool_id, is_unlocked: true })));
  // Access that a stop-lesson must never open: lesson 3 locked for the student, lesson 2 for group 2.
  await service.from("lesson_access").insert({ user_id: id.student, lesson_id: L3, is_unlocked: false });
  await service.from("group_lesson_access").insert({ group_id: second, lesson_id: L2, is_unlocked: false });
  const task = async (lesson_id: string, takes: "everything" | "text", is_stop_lesson: boolean) => {
    const everything = takes === "everything";
    const row = { lesson_id, instructions_md: "Проведите пять интервью", accepts_text: true, accepts_links: everything, accepts_files: everything, is_stop_lesson };
    return (await as.admin.from("assignments").insert(row).select("id").single()).data!.id;
  };
  [stop, textOnly] = [await task(L1, "everything", true), await task(CURSOR_LESSON, "text", false)];
});
afterAll(() => backend.close());

describe("a stop-lesson before its work is accepted", () => {
  it("closes the lessons after it, whether the tool is open by a group grant or a personal switch", async () => {
    for (const actor of ["student", "stranger"] as const) {
      expect([await canOpen(actor, L1), await canOpen(actor, L2), await canOpen(actor, L3)], actor).toEqual([true, false, false]);
      expect(await held(actor), actor).toEqual([L2, L3].sort());
      const page = (await as[actor].rpc("lesson_page", { _tool_name: "Lovable", _lesson_id: L2 })).data as { content: unknown };
      expect(page.content, actor).toBeNull();
    }
  });

  it("holds nothing for an admin", async () => {
    expect(await canOpen("admin", L2)).toBe(true);
    expect(await held("admin")).toEqual([]);
  });
});

describe("handing in", () => {
  it("nobody writes submissions, comments or files directly, admins included", async () => {
    for (const actor of ["student", "curator", "admin"] as const) {
      await writesNothing(async () => {
        const row = { assignment_id: stop, user_id: id.student, attempt: 1, status: "accepted" as const };
        expect((await as[actor].from("submissions").insert(row)).error?.code, actor).toBe("42501");
        expect((await as[actor].from("submissions").update({ status: "accepted" }).eq("user_id", id.student).select()).error?.code, actor).toBe("42501");
        expect((await as[actor].from("submissions").delete().eq("user_id", id.student).select()).error?.code, actor).toBe("42501");
        expect((await as[actor].from("submission_comments").insert({ submission_id: crypto.randomUUID(), body_md: "ок" })).error?.code, actor).toBe("42501");
        const file = { submission_id: crypto.randomUUID(), object_path: "x", file_name: "x.pdf", size_bytes: 1, mime_type: "application/pdf" };
        expect((await as[actor].from("submission_files").insert(file)).error?.code, actor).toBe("42501");
      });
    }
  });

  it("a student uploads only into their own folder, for an assignment that takes files", async () => {
    studentFile = `${id.student}/${stop}/${crypto.randomUUID()}.pdf`;
    const upload = (actor: Actor, path: string) => as[actor].storage.from(BUCKET).upload(path, PDF, { contentType: "application/pdf" });
    expect((await upload("student", studentFile)).error).toBeNull();
    expect((await upload("classmate", `${id.student}/${stop}/${crypto.randomUUID()}.pdf`)).error).toMatchObject({ statusCode: "403" });
    expect((await upload("student", `${id.student}/${textOnly}/${crypto.randomUUID()}.pdf`)).error).toMatchObject({ statusCode: "403" });
    expect((await upload("curator", `${id.curator}/${stop}/${crypto.randomUUID()}.pdf`)).error).toMatchObject({ statusCode: "403" });
    expect((await upload("anon", `${id.student}/${stop}/${crypto.randomUUID()}.pdf`)).error).not.toBeNull();
  });

  it("submit_homework hands in the caller's own work only, in a lesson open to them", async () => {
    const first = await submit("student", stop, "Поговорила с пятью фаундерами");
    expect(first.error).toBeNull();
    firstAttempt = first.data!;
    await writesNothing(async () => {
      expect(await rpcError(submit("student", stop, "Ещё раз"))).toBe("homework_waiting");
      expect(await rpcError(submit("curator", stop, "Я куратор"))).toBe("P0002");
      expect(await rpcError(submit("anon", stop, "Кто-то"))).not.toBeNull();
      expect(await rpcError(submit("student", textOnly, "", ["https://example.com"]))).toBe("homework_kind");
      const foreign = [{ path: studentFile, file_name: "чужой.pdf" }];
      expect(await rpcError(submit("classmate", stop, "", [], foreign))).toBe("homework_file_missing");
    });
    const stranger = await submit("stranger", stop, "Мой ответ", ["https://example.com/landing"]);
    expect(stranger.error).toBeNull();
    strangerWork = stranger.data!;
  });
});

describe("reviewing", () => {
  it("only a reviewer of the student takes the work; another's claim holds", async () => {
    await writesNothing(async () => {
      for (const actor of ["otherCurator", "student", "classmate"] as const) expect(await rpcError(claim(actor, firstAttempt)), actor).toBe("P0002");
    });
    expect((await claim("curator", firstAttempt)).error).toBeNull();
    await writesNothing(async () => {
      expect(await rpcError(claim("admin", firstAttempt))).toBe("homework_claimed");
      expect(await rpcError(review("coCurator", firstAttempt, "accept"))).toBe("homework_claimed");
      // release lets go of one's own claim only.
      expect((await as.coCurator.rpc("release_submission", { _submission_id: firstAttempt })).error).toBeNull();
    });
    expect((await as.curator.rpc("release_submission", { _submission_id: firstAttempt })).error).toBeNull();
    expect((await service.from("submissions").select("claimed_by").eq("id", firstAttempt).single()).data).toEqual({ claimed_by: null });
  });

  it("refuses a return without a comment, a stranger's review and a student's own", async () => {
    await writesNothing(async () => {
      expect(await rpcError(review("curator", firstAttempt, "return", "   "))).toBe("homework_comment");
      expect(await rpcError(review("otherCurator", firstAttempt, "accept"))).toBe("P0002");
      expect(await rpcError(review("student", firstAttempt, "accept"))).toBe("P0002");
      expect(await rpcError(review("curator", firstAttempt, "approve"))).toBe("22023");
    });
  });

  it("a return keeps who and when, with the comment, and the student hands in again", async () => {
    expect((await review("curator", firstAttempt, "return", "Добавьте выводы")).error).toBeNull();
    const returned = (await service.from("submissions").select("status, reviewer_id, reviewed_at").eq("id", firstAttempt).single()).data!;
    expect(returned).toMatchObject({ status: "returned", reviewer_id: id.curator });
    expect(Date.parse(returned.reviewed_at!)).toBeGreaterThan(Date.now() - 60_000);
    expect((await service.from("submission_comments").select("author_id, body_md").eq("submission_id", firstAttempt)).data).toEqual([
      { author_id: id.curator, body_md: "Добавьте выводы" },
    ]);
    // The server read the file's first bytes and recorded it (lib/mutations/homework.ts): only then is it handed in.
    const object = (await service.storage.from(BUCKET).info(studentFile)).data!;
    const checked = await service.rpc("record_homework_file_check", {
      _object_id: object.id,
      _object_path: studentFile,
      _file_name: "Интервью.pdf",
      _mime_type: "application/pdf",
    });
    expect(checked.error).toBeNull();
    const second = await submit("student", stop, "Выводы добавила", [], [{ path: studentFile, file_name: "Интервью.pdf" }]);
    expect(second.error).toBeNull();
    secondAttempt = second.data!;
    // A handed-in file stays: neither its student nor anyone else removes it.
    for (const actor of ["student", "classmate"] as const) expect((await as[actor].storage.from(BUCKET).remove([studentFile])).data ?? [], actor).toEqual([]);
    expect((await service.storage.from(BUCKET).info(studentFile)).error).toBeNull();
  });
});

describe("who reads what", () => {
  type Whose = "student" | "stranger" | "both" | "none";
  const whoseWork: Record<Actor, Whose> = { student: "student", classmate: "none", stranger: "stranger", curator: "student", coCurator: "student", otherCurator: "stranger", admin: "both", anon: "none" };
  const readers = Object.entries(whoseWork) as [Actor, Whose][];

  it.each(readers)("%s reads the submissions, comments and files of: %s", async (actor, whose) => {
    const mine = { submissions: [firstAttempt, secondAttempt], comments: 1, files: 1 };
    const theirs = { submissions: [strangerWork], comments: 0, files: 0 };
    const seen = { student: [mine], stranger: [theirs], both: [mine, theirs], none: [] }[whose];
    expect(await ids(actor, "submissions")).toEqual(seen.flatMap((work) => work.submissions).sort());
    expect((await ids(actor, "submission_comments")).length).toBe(seen.reduce((sum, work) => sum + work.comments, 0));
    expect((await ids(actor, "submission_files")).length).toBe(seen.reduce((sum, work) => sum + work.files, 0));
  });

  it.each(readers)("%s: the review queue and the review page show the work of: %s, to a reviewer", async (actor, whose) => {
    const reviewer = actor.toLowerCase().includes("curator") || actor === "admin";
    const latest = reviewer ? { student: [secondAttempt], stranger: [strangerWork], both: [secondAttempt, strangerWork], none: [] }[whose] : [];
    expect((await queue(actor, { _status: "submitted" }))?.items.map((item) => item.id).sort() ?? []).toEqual(latest.sort());
    const page = async (submission: string) => Boolean((await as[actor].rpc("review_page", { _submission_id: submission })).data);
    expect(await page(secondAttempt)).toBe(reviewer && (whose === "student" || whose === "both"));
    expect(await page(strangerWork)).toBe(reviewer && (whose === "stranger" || whose === "both"));
  });

  it.each(readers)("%s downloads the student's file: %s", async (actor, whose) => {
    const allowed = whose === "student" || whose === "both";
    const download = await as[actor].storage.from(BUCKET).download(studentFile);
    expect(download.data !== null).toBe(allowed);
    expect((await as[actor].storage.from(BUCKET).createSignedUrl(studentFile, 60)).data !== null).toBe(allowed);
  });

  it("a student reads nobody else's homework through the lesson's functions", async () => {
    expect((await as.classmate.rpc("homework_for", { _user_id: id.student, _lesson_id: L1 })).data).toBeNull();
    expect((await as.curator.rpc("held_lesson_ids", { _user_id: id.student, _lesson_ids: [L2] })).data).toEqual([]);
  });
});

describe("two curators take one work at the same moment", () => {
  it("exactly one wins; the other is told it is taken", async () => {
    const work = (await submit("classmate", stop, "Готово")).data!;
    const [first, second] = await Promise.all([claim("curator", work), claim("coCurator", work)]);
    const outcomes = [first.error?.hint ?? "ok", second.error?.hint ?? "ok"].sort();
    expect(outcomes).toEqual(["homework_claimed", "ok"]);
    const [winner, loser] = first.error ? (["coCurator", "curator"] as const) : (["curator", "coCurator"] as const);
    expect((await service.from("submissions").select("claimed_by").eq("id", work).single()).data).toEqual({ claimed_by: id[winner] });
    // The other sees who has it.
    expect((await queue(loser))?.items.find((item) => item.id === work)?.claimed_by).toEqual({ id: id[winner], full_name: NAMES[winner] });
  });
});

describe("a stop-lesson once its work is accepted", () => {
  it("opens the lessons after it that access opens, and never one access closes", async () => {
    expect((await review("curator", secondAttempt, "accept")).error).toBeNull();
    expect((await review("admin", strangerWork, "accept")).error).toBeNull();
    // The student: lesson 3 stays locked by her personal switch; the stranger: lesson 2 by group 2.
    expect([await canOpen("student", L2), await canOpen("student", L3)]).toEqual([true, false]);
    expect([await canOpen("stranger", L2), await canOpen("stranger", L3)]).toEqual([false, true]);
    expect(await held("student")).toEqual([]);
    expect(await held("stranger")).toEqual([]);
    // Accepted work counts the lesson as passed.
    expect((await service.from("lesson_progress").select("completed_at").eq("user_id", id.student).eq("lesson_id", L1).single()).data?.completed_at).toBeTruthy();
  });

  it("keeps holding for a classmate whose work waits", async () => {
    expect([await canOpen("classmate", L2), await canOpen("classmate", L3)]).toEqual([false, false]);
    expect(await held("classmate")).toEqual([L2, L3].sort());
  });

  it("accepted work is final: no new attempt, no second review", async () => {
    await writesNothing(async () => {
      expect(await rpcError(submit("student", stop, "Ещё одна попытка"))).toBe("homework_accepted");
      expect(await rpcError(review("admin", secondAttempt, "return", "Передумал"))).toBe("homework_reviewed");
    });
  });
});

describe("the studio's writes (lib/mutations/assignments)", () => {
  const answer = (write: Promise<unknown>) => write.then(() => "ok", (thrown) => describeThrown(thrown, "сбой").error);
  const input = { lesson_id: "d0000000-0000-4000-8000-000000000007", instructions_md: "Задание", accepts_text: true, accepts_links: false, accepts_files: false, is_stop_lesson: false };

  it("an admin saves one assignment per lesson, and deletes it; nobody else does", async () => {
    const saved = await studio.saveAssignment(as.admin, input);
    expect(await studio.saveAssignment(as.admin, { ...input, is_stop_lesson: true })).toBe(saved);
    expect(await studio.submissionCount(as.admin, saved)).toBe(0);
    expect(await answer(studio.saveAssignment(as.admin, { ...input, lesson_id: crypto.randomUUID() }))).toBe("Урок не найден");
    await writesNothing(async () => {
      expect(await answer(studio.saveAssignment(as.curator, input))).toBe("Недостаточно прав");
      expect(await answer(studio.deleteAssignment(as.curator, saved))).toMatch(/^Задание не найдено/);
    });
    await studio.deleteAssignment(as.admin, saved);
    expect(await answer(studio.deleteAssignment(as.admin, saved))).toMatch(/^Задание не найдено/);
  });

  it("counts the works handed in for the confirmation", async () => {
    expect(await studio.submissionCount(as.admin, stop)).toBe(4);
  });
});

describe("the queue, whatever the curator's own access", () => {
  it("names the student for their curator", async () => {
    const item = (await queue("curator", { _status: "accepted" }))?.items.find((work) => work.id === secondAttempt);
    expect(item?.student).toMatchObject({ id: id.student, full_name: NAMES.student });
  });

  it("filters by the curator's own group; another group's filter gives nothing", async () => {
    const groupOf = async (actor: "curator" | "otherCurator") => (await service.from("group_curators").select("group_id").eq("user_id", id[actor]).single()).data!.group_id;
    const filtered = async (group: string) => (await queue("curator", { _group_id: group, _status: "accepted" }))?.items.map((item) => item.id);
    expect(await filtered(await groupOf("curator"))).toEqual([secondAttempt]);
    expect(await filtered(await groupOf("otherCurator"))).toEqual([]);
  });

  it("filters by track, tool and lesson, and its total counts what the filter keeps", async () => {
    type Queue = { total: number; items: { id: string; track: string; lesson_id: string; item_title: string }[] };
    let seen = 0;
    for (const _status of ["submitted", "accepted", "returned"] as const) {
      const all = (await as.admin.rpc("review_queue", { _status })).data as Queue;
      seen += all.items.length;
      const kept = async (filters: Database["public"]["Functions"]["review_queue"]["Args"]) => {
        const page = (await as.admin.rpc("review_queue", { _status, ...filters })).data as Queue;
        expect(page.total).toBe(page.items.length);
        return page.items.map((item) => item.id);
      };
      const where = (keep: (item: Queue["items"][number]) => boolean) => all.items.filter(keep).map((item) => item.id);
      expect(await kept({ _track: "tech" })).toEqual(where((item) => item.track === "tech"));
      expect(await kept({ _track: "product" })).toEqual(where((item) => item.track === "product"));
      expect(await kept({ _item_id: LOVABLE })).toEqual(where((item) => item.item_title === "Lovable"));
      expect(await kept({ _item_id: CURSOR, _lesson_id: L1 })).toEqual([]);
      expect(await kept({ _lesson_id: L1 })).toEqual(where((item) => item.lesson_id === L1));
    }
    expect(seen).toBeGreaterThan(1);
  });

  it("keeps a waiting work whose lesson became a draft", async () => {
    const work = (await submit("stranger", textOnly, "Ответ")).data!;
    await service.from("lessons").update({ is_published: false }).eq("id", CURSOR_LESSON);
    expect((await queue("otherCurator"))?.items.map((item) => item.id)).toContain(work);
  });
});

/** A stop-lesson nobody can open (in a draft block) holds nothing (fixed in 20261125000700). */
describe("a stop-lesson in a draft block", () => {
  let afterDraftBlock: string;
  beforeAll(async () => {
    const block = async (order_index: number, is_published: boolean) =>
      (await service.from("modules").insert({ tool_id: LOVABLE, name: "Блок", order_index, is_published }).select("id").single()).data!.id;
    const [draft, next] = [await block(8, false), await block(9, true)];
    const rows = [draft, next].map((module_id) => ({ tool_id: LOVABLE, module_id, title: "Урок", order_index: 1 }));
    const lessons = (await service.from("lessons").insert(rows).select("id, module_id")).data!;
    const lessonIn = (block: string) => lessons.find((lesson) => lesson.module_id === block)!.id;
    afterDraftBlock = lessonIn(next);
    await service.from("assignments").insert({ lesson_id: lessonIn(draft), is_stop_lesson: true });
  });

  it("(the student may open Lovable's lessons past her accepted stop-lesson)", async () => {
    expect(await canOpen("student", L2)).toBe(true);
    expect(await canOpen("admin", afterDraftBlock)).toBe(true);
  });

  it("holds nothing", async () => {
    expect(await canOpen("student", afterDraftBlock)).toBe(true);
  });
});
