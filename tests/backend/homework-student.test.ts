import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeThrown } from "@/lib/actions/errors";
import type { Database } from "@/lib/database.types";
import { HOMEWORK_BUCKET } from "@/lib/domain/submissions";
import * as homework from "@/lib/mutations/homework";
import type { LessonHomework } from "@/lib/queries/courses";
import type { LocalBackend } from "@/local-backend/server";
import { SEEDED, serviceClient, signedIn, startTestBackend, uniqueEmail } from "@/local-backend/tests/harness";

/**
 * The student's side of homework, through supabase-js and the app's writes layer: a file uploaded
 * to their own folder and checked by its first bytes, an attempt handed in with text, a link and
 * the file, refused while it waits, returned by a reviewer and handed in again, and a stop-lesson
 * that keeps the next lesson closed until the work is accepted.
 */

type Client = SupabaseClient<Database>;

let backend: LocalBackend;
let service: Client;
let admin: Client;
let student: Client;
let studentId: string;
let classmate: Client;

const CURSOR = "70000000-0000-4000-8000-000000000002";
const STOP_LESSON = "d0000000-0000-4000-8000-000000000006";
const NEXT_LESSON = "d0000000-0000-4000-8000-000000000007";
const PDF = new TextEncoder().encode("%PDF-1.7\nгипотеза и интервью\n");
const PROGRAM = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]);
let assignmentId: string;

const withCursor = async (label: string) => {
  const email = uniqueEmail(label);
  const { data } = await service.auth.admin.createUser({ email, password: "password123", email_confirm: true });
  await service.from("tool_access").insert({ user_id: data.user!.id, tool_id: CURSOR, is_unlocked: true });
  return signedIn(backend, email, "password123");
};

/** What the browser does with the URL prepareUpload signs (lib/storage/upload.ts). */
async function upload(client: Client, userId: string, fileName: string, bytes: Uint8Array<ArrayBuffer>) {
  const prepared = await homework.prepareUpload(client, userId, { assignmentId, fileName, size: bytes.length });
  const response = await fetch(prepared.uploadUrl, { method: "PUT", headers: { "content-type": prepared.mime, "x-upsert": "false" }, body: bytes });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return prepared.path;
}

/** The Russian answer the action layer gives for what a write threw. */
async function refusal(write: Promise<unknown>): Promise<string> {
  try {
    await write;
  } catch (thrown) {
    return describeThrown(thrown, "сбой").error;
  }
  throw new Error("the write was not refused");
}

const lessonPage = async (client: Client, lessonId: string) => {
  const page = (await client.rpc("lesson_page", { _tool_name: "Cursor", _lesson_id: lessonId })).data as {
    verdicts: { item_id: string; held_by: string | null }[];
    content: { homework: unknown } | null;
  };
  // The lessons a stop-lesson holds, as the access rule's verdicts name them.
  return { ...page, held: page.verdicts.filter((verdict) => verdict.held_by).map((verdict) => verdict.item_id) };
};

const canOpen = async (lessonId: string) => (await student.rpc("can_open_lesson", { _user_id: studentId, _lesson_id: lessonId })).data;

const attempts = async () => ((await lessonPage(student, STOP_LESSON)).content?.homework as LessonHomework).attempts;

const review = async (submissionId: string, decision: "accept" | "return", comment: string) =>
  expect((await admin.rpc("review_submission", { _submission_id: submissionId, _decision: decision, _comment: comment })).error).toBeNull();

beforeAll(async () => {
  backend = await startTestBackend();
  service = serviceClient(backend);
  admin = (await signedIn(backend, SEEDED.admin.email, SEEDED.admin.password)).client;
  const [mine, other] = await Promise.all([withCursor("homework-student"), withCursor("homework-classmate")]);
  [student, studentId, classmate] = [mine.client, mine.user.id, other.client];
  const { data, error } = await admin
    .from("assignments")
    .insert({ lesson_id: STOP_LESSON, instructions_md: "Опишите **гипотезу**", accepts_text: true, accepts_links: true, accepts_files: true, is_stop_lesson: true })
    .select("id")
    .single();
  expect(error).toBeNull();
  assignmentId = data!.id;
});
afterAll(() => backend.close());

describe("before the first attempt", () => {
  it("the lesson page carries the assignment, and the stop-lesson holds the next lesson", async () => {
    const page = await lessonPage(student, STOP_LESSON);
    expect(page.content?.homework).toEqual({
      assignment: { id: assignmentId, instructions_md: "Опишите **гипотезу**", accepts_text: true, accepts_links: true, accepts_files: true, is_stop_lesson: true },
      attempts: [],
    });
    expect(page.held).toEqual([NEXT_LESSON]);
    expect(await canOpen(NEXT_LESSON)).toBe(false);
    expect((await lessonPage(student, NEXT_LESSON)).content).toBeNull();
  });

  it("a lesson with an assignment is not marked passed by the student", async () => {
    expect((await student.rpc("set_lesson_completed", { _lesson_id: STOP_LESSON, _completed: true })).data).toBe(false);
  });

  it("an assignment that does not exist, or is closed to the student, is not found", async () => {
    const nowhere = crypto.randomUUID();
    expect(await refusal(homework.prepareUpload(student, studentId, { assignmentId: nowhere, fileName: "a.pdf", size: 10 }))).toBe("Задание не найдено");
    expect(await refusal(homework.submit(student, service, studentId, { assignmentId: nowhere, answer: "x", links: [], files: [] }))).toBe("Задание не найдено");
    const path = `${studentId}/${nowhere}/${crypto.randomUUID()}.pdf`;
    expect(await refusal(homework.checkUpload(student, service, studentId, { assignmentId: nowhere, path, fileName: "a.pdf" }))).toBe("Задание не найдено");
    expect((await student.rpc("submit_homework", { _assignment_id: nowhere, _answer_md: "x", _links: [], _files: [] })).error?.code).toBe("P0002");
  });
});

describe("files", () => {
  it("a file whose bytes are not its type's is removed and refused", async () => {
    const path = await upload(student, studentId, "Отчёт.pdf", PROGRAM);
    expect(await refusal(homework.checkUpload(student, service, studentId, { assignmentId, path, fileName: "Отчёт.pdf" }))).toMatch(/не соответствует его типу/);
    expect((await service.storage.from(HOMEWORK_BUCKET).info(path)).data).toBeNull();
  });

  it("nobody uploads into another student's folder", async () => {
    const foreign = `${studentId}/${assignmentId}/${crypto.randomUUID()}.pdf`;
    expect((await classmate.storage.from(HOMEWORK_BUCKET).upload(foreign, PDF, { contentType: "application/pdf" })).error).toMatchObject({ statusCode: "403" });
  });
});

describe("handing in", () => {
  let filePath: string;

  it("hands in text, a link and a file: attempt 1, waiting for review", async () => {
    filePath = await upload(student, studentId, "Интервью.pdf", PDF);
    expect(await homework.checkUpload(student, service, studentId, { assignmentId, path: filePath, fileName: "Интервью.pdf" })).toEqual({ path: filePath, size: PDF.length });
    const { id } = await homework.submit(student, service, studentId, {
      assignmentId,
      answer: "Гипотеза: фаундеры платят за обратную связь",
      links: ["https://example.com/landing"],
      files: [{ path: filePath, fileName: "Интервью.pdf" }],
    });
    expect(await attempts()).toMatchObject([
      {
        id,
        attempt: 1,
        status: "submitted",
        answer_md: "Гипотеза: фаундеры платят за обратную связь",
        links: ["https://example.com/landing"],
        files: [{ file_name: "Интервью.pdf", size_bytes: PDF.length, mime_type: "application/pdf" }],
        comments: [],
        reviewed_at: null,
      },
    ]);
    expect((await student.rpc("homework_summary")).data).toEqual({ returned: 0, submitted: 1, accepted: 0 });
  });

  it("the student and their reviewer reach the file; a classmate does not", async () => {
    const [file] = (await attempts())[0].files;
    expect((await student.from("submission_files").select("object_path").eq("id", file.id).single()).data).toEqual({ object_path: filePath });
    expect((await student.storage.from(HOMEWORK_BUCKET).createSignedUrl(filePath, 60)).error).toBeNull();
    expect((await admin.storage.from(HOMEWORK_BUCKET).createSignedUrl(filePath, 60)).error).toBeNull();
    expect((await classmate.from("submission_files").select("id").eq("id", file.id)).data).toEqual([]);
    expect((await classmate.storage.from(HOMEWORK_BUCKET).createSignedUrl(filePath, 60)).data).toBeNull();
    // Handed in, the file is part of the work: the student can no longer remove it.
    expect((await student.storage.from(HOMEWORK_BUCKET).remove([filePath])).data).toEqual([]);
  });

  it("refuses another attempt while one waits", async () => {
    expect(await refusal(homework.submit(student, service, studentId, { assignmentId, answer: "Ещё раз", links: [], files: [] }))).toBe(
      "Работа уже на проверке — дождитесь ответа куратора",
    );
    expect(await attempts()).toHaveLength(1);
  });

  it("after a return with a comment, a second attempt; the thread keeps both", async () => {
    await review((await attempts())[0].id, "return", "Добавьте **цифры** из интервью");
    expect((await student.rpc("homework_summary")).data).toEqual({ returned: 1, submitted: 0, accepted: 0 });
    expect(await canOpen(NEXT_LESSON)).toBe(false);
    await homework.submit(student, service, studentId, { assignmentId, answer: "8 из 10 готовы платить", links: [], files: [] });
    const thread = await attempts();
    expect(thread.map(({ attempt, status }) => [attempt, status])).toEqual([
      [1, "returned"],
      [2, "submitted"],
    ]);
    expect(thread[0].comments).toMatchObject([{ body_md: "Добавьте **цифры** из интервью" }]);
    expect(thread[0].reviewed_at).not.toBeNull();
  });

  it("holds the next lesson until the work is accepted, then opens it and counts the lesson passed", async () => {
    expect((await lessonPage(student, STOP_LESSON)).held).toEqual([NEXT_LESSON]);
    await review((await attempts())[1].id, "accept", "");
    expect((await lessonPage(student, STOP_LESSON)).held).toEqual([]);
    expect(await canOpen(NEXT_LESSON)).toBe(true);
    expect((await lessonPage(student, NEXT_LESSON)).content).not.toBeNull();
    const { data: progress } = await student.from("lesson_progress").select("completed_at").eq("lesson_id", STOP_LESSON).single();
    expect(progress?.completed_at).not.toBeNull();
    expect((await student.rpc("homework_summary")).data).toEqual({ returned: 0, submitted: 0, accepted: 1 });
  });

  it("refuses a new attempt once accepted", async () => {
    expect(await refusal(homework.submit(student, service, studentId, { assignmentId, answer: "Ещё", links: [], files: [] }))).toBe("Эта работа уже принята");
  });

  it("the classmate's path stays held by their own unaccepted work", async () => {
    expect((await lessonPage(classmate, STOP_LESSON)).held).toEqual([NEXT_LESSON]);
  });
});
