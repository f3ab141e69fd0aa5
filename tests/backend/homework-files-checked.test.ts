import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/database.types";
import { MATERIAL_TYPES } from "@/lib/domain/materials";
import { HOMEWORK_BUCKET } from "@/lib/domain/submissions";
import * as homework from "@/lib/mutations/homework";
import type { LocalBackend } from "@/local-backend/server";
import { serviceClient, signedIn, startTestBackend, uniqueEmail } from "@/local-backend/tests/harness";

/**
 * Issue 41, «a program handed in as a PDF» (migration 20261128000700): a student uploads a Windows
 * program to their own homework folder straight through Storage with Content-Type:
 * application/pdf, then calls submit_homework with their own token under the name «Отчёт.pdf.exe».
 * Only a file the server read and recorded with the service role is handed in, as that very
 * object, under the name and type it checked.
 */

type Client = SupabaseClient<Database>;

const CURSOR = "70000000-0000-4000-8000-000000000002";
const LESSON = "d0000000-0000-4000-8000-000000000006";
const PDF = new TextEncoder().encode("%PDF-1.7\nинтервью\n");
const PROGRAM = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00]);

let backend: LocalBackend;
let service: Client;
let student: Client;
let studentId: string;
let assignmentId: string;

const newPath = () => `${studentId}/${assignmentId}/${crypto.randomUUID()}.pdf`;
/** Straight to Storage with the student's token, as an attacker would, with the type they choose. */
async function uploadDirectly(path: string, bytes: Uint8Array, contentType = "application/pdf") {
  const { error } = await student.storage.from(HOMEWORK_BUCKET).upload(path, bytes, { contentType });
  expect(error).toBeNull();
}
const handIn = (files: { path: string; file_name: string }[]) =>
  student.rpc("submit_homework", { _assignment_id: assignmentId, _answer_md: "", _links: [], _files: files });
const objectId = async (path: string) => (await service.storage.from(HOMEWORK_BUCKET).info(path)).data!.id;
const record = async (path: string, fileName: string, mime = "application/pdf", id?: string) =>
  service.rpc("record_homework_file_check", { _object_id: id ?? (await objectId(path)), _object_path: path, _file_name: fileName, _mime_type: mime });
const submissions = async () => (await service.from("submissions").select("id").eq("user_id", studentId)).data ?? [];

beforeAll(async () => {
  backend = await startTestBackend();
  service = serviceClient(backend);
  const email = uniqueEmail("checked-files");
  const { data } = await service.auth.admin.createUser({ email, password: "password123", email_confirm: true });
  studentId = data.user!.id;
  await service.from("tool_access").insert({ user_id: studentId, tool_id: CURSOR, is_unlocked: true });
  student = (await signedIn(backend, email, "password123")).client;
  const row = { lesson_id: LESSON, instructions_md: "Приложите отчёт", accepts_text: true, accepts_links: false, accepts_files: true, is_stop_lesson: false };
  assignmentId = (await service.from("assignments").insert(row).select("id").single()).data!.id;
});
afterAll(() => backend.close());

describe("a file the server did not check", () => {
  it("a program uploaded as a PDF and handed in as «Отчёт.pdf.exe» through the function is refused", async () => {
    const path = newPath();
    await uploadDirectly(path, PROGRAM);
    for (const file_name of ["Отчёт.pdf.exe", "Отчёт.pdf"]) {
      const { error } = await handIn([{ path, file_name }]);
      expect([error?.code, error?.hint], file_name).toEqual(["P0001", "homework_file_unchecked"]);
    }
    expect(await submissions()).toEqual([]);
    expect((await service.from("submission_files").select("id").like("object_path", `${studentId}/%`)).data).toEqual([]);
  });

  it("a student can neither record a check nor read the checks", async () => {
    const path = newPath();
    await uploadDirectly(path, PDF);
    const recorded = await student.rpc("record_homework_file_check", {
      _object_id: await objectId(path),
      _object_path: path,
      _file_name: "Отчёт.pdf",
      _mime_type: "application/pdf",
    });
    expect(recorded.error?.code).toBe("42501");
    const row = { object_id: crypto.randomUUID(), object_path: path, user_id: studentId, assignment_id: assignmentId, file_name: "Отчёт.pdf", mime_type: "application/pdf", size_bytes: 1 };
    expect((await student.from("homework_file_checks").insert(row)).error?.code).toBe("42501");
    expect((await student.from("homework_file_checks").select("object_id")).error?.code).toBe("42501");
    expect((await handIn([{ path, file_name: "Отчёт.pdf" }])).error?.hint).toBe("homework_file_unchecked");
  });

  it("not even the service role records a name or a path whose extension is not the checked type", async () => {
    const path = newPath();
    await uploadDirectly(path, PROGRAM);
    for (const name of ["Отчёт.pdf.exe", "Отчёт", "Отчёт.html"]) {
      const { error } = await record(path, name);
      expect(error?.code, name).toBe("23514");
    }
    // Storage holds it as a PDF, so a check under another type is refused too.
    expect((await record(path, "Отчёт.zip", "application/zip")).error?.hint).toBe("homework_file_unchecked");
  });

  it("a file replaced between the server's read and its record is not recorded", async () => {
    const path = newPath();
    await uploadDirectly(path, PDF);
    const read = await objectId(path);
    expect((await student.storage.from(HOMEWORK_BUCKET).remove([path])).error).toBeNull();
    await uploadDirectly(path, PROGRAM);
    expect((await record(path, "Отчёт.pdf", "application/pdf", read)).error?.code).toBe("P0002");
    expect((await handIn([{ path, file_name: "Отчёт.pdf" }])).error?.hint).toBe("homework_file_unchecked");
  });
});

describe("a file the server checked", () => {
  it("is handed in under the checked name and type; another name, or the object replaced after the check, is refused", async () => {
    const path = newPath();
    await uploadDirectly(path, PDF);
    expect(await homework.checkUpload(student, service, studentId, { assignmentId, path, fileName: "Интервью.pdf" })).toEqual({ path, size: PDF.length });
    expect((await handIn([{ path, file_name: "Интервью.pdf.exe" }])).error?.hint).toBe("homework_file_unchecked");

    // Removed and uploaded anew at the same path, it is another object: the check was of the first.
    expect((await student.storage.from(HOMEWORK_BUCKET).remove([path])).error).toBeNull();
    await uploadDirectly(path, PROGRAM);
    expect((await handIn([{ path, file_name: "Интервью.pdf" }])).error?.hint).toBe("homework_file_unchecked");
    expect(await submissions()).toEqual([]);

    const good = newPath();
    await uploadDirectly(good, PDF);
    await homework.checkUpload(student, service, studentId, { assignmentId, path: good, fileName: "Интервью.pdf" });
    const { data: id, error } = await handIn([{ path: good, file_name: "Интервью.pdf" }]);
    expect(error).toBeNull();
    expect((await service.from("submission_files").select("object_path, file_name, size_bytes, mime_type").eq("submission_id", id!)).data).toEqual([
      { object_path: good, file_name: "Интервью.pdf", size_bytes: PDF.length, mime_type: "application/pdf" },
    ]);
  });
});

describe("file_type_of_name", () => {
  it("gives each extension the type lib/domain/materials.ts gives it, and nothing to others", async () => {
    const cases = [
      ...Object.entries(MATERIAL_TYPES).flatMap(([mime, type]) => type.extensions.flatMap((extension) => [[`a.${extension}`, mime], [`А.${extension.toUpperCase()}`, mime]])),
      ["Отчёт.pdf.exe", null],
      ["Отчёт.exe", null],
      ["index.html", null],
      ["pdf", null],
      ["Отчёт.pdf.", null],
    ];
    for (const [name, mime] of cases) {
      const { data, error } = await service.rpc("file_type_of_name", { _name: name! });
      expect([error, data], name!).toEqual([null, mime]);
    }
  });
});
