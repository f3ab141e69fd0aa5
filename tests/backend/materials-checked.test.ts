import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Refusal } from "@/lib/actions/errors";
import type { Database } from "@/lib/database.types";
import { MATERIALS_BUCKET } from "@/lib/domain/materials";
import { addMaterial, CONTENT_MISMATCH, deleteMaterial, renameMaterial } from "@/lib/mutations/materials";
import type { LocalBackend } from "@/local-backend/server";
import { SEEDED, serviceClient, signedIn, startTestBackend } from "@/local-backend/tests/harness";

/**
 * Issue 41 for lesson materials (migration 20261128001500): the server read a material's first
 * bytes, then the admin's own client inserted the row, so an admin's token could list, straight
 * through the Data API, an upload nobody checked (a program stored as application/pdf, or named
 * «Лекция.pdf.exe»). Only the service role lists a material now, as the very object the server
 * read; an admin renames and orders it, and a listed object is neither overwritten nor removed
 * under its row.
 */

type Client = SupabaseClient<Database>;

const LESSON = "d0000000-0000-4000-8000-000000000001";
const PDF = new TextEncoder().encode("%PDF-1.7\nконспект лекции\n");
const PROGRAM = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00]);

let backend: LocalBackend;
let service: Client;
let admin: Client;

const newPath = (extension = "pdf") => `${LESSON}/${crypto.randomUUID()}.${extension}`;
/** Straight to Storage with the admin's token, with the type the caller chooses. */
async function uploadDirectly(path: string, bytes: Uint8Array, contentType = "application/pdf") {
  const { error } = await admin.storage.from(MATERIALS_BUCKET).upload(path, bytes, { contentType });
  expect(error).toBeNull();
}
const objectId = async (path: string) => (await service.storage.from(MATERIALS_BUCKET).info(path)).data!.id;
const rowsAt = async (path: string) => (await service.from("lesson_attachments").select("id").eq("object_path", path)).data ?? [];
/** Listed as the studio lists it: uploaded, then the server action's mutation. */
async function listed(fileName = "Лекция.pdf") {
  const path = newPath();
  await uploadDirectly(path, PDF);
  const row = (await addMaterial(admin, service, { lessonId: LESSON, path, fileName }))!;
  return { ...row, path };
}

beforeAll(async () => {
  backend = await startTestBackend();
  service = serviceClient(backend);
  admin = (await signedIn(backend, SEEDED.admin.email, SEEDED.admin.password)).client;
});
afterAll(() => backend.close());

describe("an admin's token straight to the Data API", () => {
  it("cannot list an upload: a program stored as a PDF, under «Лекция.pdf.exe» or «Лекция.pdf», is refused", async () => {
    const path = newPath();
    await uploadDirectly(path, PROGRAM);
    for (const file_name of ["Лекция.pdf.exe", "Лекция.pdf"]) {
      const { error } = await admin.from("lesson_attachments").insert({ lesson_id: LESSON, object_path: path, file_name, size_bytes: PROGRAM.length, mime_type: "application/pdf" });
      expect(error?.code, file_name).toBe("42501");
    }
    expect(await rowsAt(path)).toEqual([]);
  });

  it("cannot record a material as the server does", async () => {
    const path = newPath();
    await uploadDirectly(path, PROGRAM);
    const { error } = await admin.rpc("record_lesson_material", { _object_id: await objectId(path), _object_path: path, _file_name: "Лекция.pdf", _mime_type: "application/pdf" });
    expect(error?.code).toBe("42501");
    expect(await rowsAt(path)).toEqual([]);
  });

  it("cannot retype, repoint or resize a listed material", async () => {
    const material = await listed();
    const elsewhere = newPath();
    await uploadDirectly(elsewhere, PROGRAM);
    for (const values of [{ mime_type: "application/zip" }, { object_path: elsewhere }, { size_bytes: 1 }, { lesson_id: "d0000000-0000-4000-8000-000000000002" }]) {
      const { error } = await admin.from("lesson_attachments").update(values).eq("id", material.id);
      expect(error?.code, JSON.stringify(values)).toBe("42501");
    }
    expect((await service.from("lesson_attachments").select("object_path, mime_type, size_bytes").eq("id", material.id).single()).data).toEqual({
      object_path: material.path,
      mime_type: "application/pdf",
      size_bytes: PDF.length,
    });
  });

  it("renames keeping the type's extension; a name of another type is refused by the table", async () => {
    const material = await listed();
    expect(await renameMaterial(admin, material.id, "Конспект")).toEqual({ file_name: "Конспект.pdf" });
    expect(await renameMaterial(admin, material.id, "Конспект.pdf.exe")).toEqual({ file_name: "Конспект.pdf.exe.pdf" });
    const direct = await admin.from("lesson_attachments").update({ file_name: "Конспект.pdf.exe" }).eq("id", material.id);
    expect(direct.error?.code).toBe("23514");
    expect(direct.error?.message).toMatch(/lesson_attachments_type_matches/);
    const order = await admin.from("lesson_attachments").update({ order_index: 40 }).eq("id", material.id).select("order_index");
    expect([order.error, order.data]).toEqual([null, [{ order_index: 40 }]]);
  });

  it("cannot overwrite a listed object in place, nor remove it while its row lists it", async () => {
    const material = await listed();
    const overwrite = await admin.storage.from(MATERIALS_BUCKET).upload(material.path, PROGRAM, { contentType: "application/pdf", upsert: true });
    expect(overwrite.error).not.toBeNull();
    expect((await admin.storage.from(MATERIALS_BUCKET).remove([material.path])).data).toEqual([]);
    const kept = await service.storage.from(MATERIALS_BUCKET).download(material.path);
    expect(new Uint8Array(await kept.data!.arrayBuffer())).toEqual(PDF);

    // The studio's removal: the row first, then the bytes.
    await deleteMaterial(admin, material.id);
    expect(await rowsAt(material.path)).toEqual([]);
    expect((await service.storage.from(MATERIALS_BUCKET).info(material.path)).data).toBeNull();
  });
});

describe("the service role", () => {
  it("is refused a name or a path whose extension is not the recorded type, or a path the app does not make", async () => {
    const base = { lesson_id: LESSON, size_bytes: PROGRAM.length, mime_type: "application/pdf" };
    for (const [object_path, file_name] of [
      [newPath(), "Лекция.pdf.exe"],
      [newPath(), "Лекция"],
      [newPath(), "Лекция.zip"],
      [newPath("exe"), "Лекция.pdf"],
      [`${LESSON}/lecture.pdf`, "Лекция.pdf"],
      [`${LESSON}/images/${crypto.randomUUID()}.pdf`, "Лекция.pdf"],
    ]) {
      const { error } = await service.from("lesson_attachments").insert({ ...base, object_path, file_name });
      expect(error?.code, `${object_path} ${file_name}`).toBe("23514");
    }
  });

  it("records only the object the server read, of the type Storage holds", async () => {
    const path = newPath();
    await uploadDirectly(path, PDF);
    const read = await objectId(path);
    expect((await admin.storage.from(MATERIALS_BUCKET).remove([path])).error).toBeNull();
    await uploadDirectly(path, PROGRAM);
    const record = (id: string, mime = "application/pdf", name = "Лекция.pdf") =>
      service.rpc("record_lesson_material", { _object_id: id, _object_path: path, _file_name: name, _mime_type: mime });
    expect((await record(read)).error?.code).toBe("P0002");
    expect((await record(await objectId(path), "application/zip", "Лекция.zip")).error?.hint).toBe("material_file_unchecked");
    expect(await rowsAt(path)).toEqual([]);
  });
});

describe("the studio's own path (addMaterial)", () => {
  it("lists a checked file last in its lesson, under the name given and the size Storage counted", async () => {
    const first = await listed("Первый.pdf");
    const second = await listed("Второй.pdf");
    expect(second).toMatchObject({ file_name: "Второй.pdf", size_bytes: PDF.length, mime_type: "application/pdf" });
    const { data } = await service.from("lesson_attachments").select("id, order_index").in("id", [first.id, second.id]);
    const order = Object.fromEntries(data!.map((row) => [row.id, row.order_index]));
    expect(order[second.id]).toBe(order[first.id] + 1);
  });

  it("refuses and removes a program uploaded as a PDF", async () => {
    const path = newPath();
    await uploadDirectly(path, PROGRAM);
    const refused = await addMaterial(admin, service, { lessonId: LESSON, path, fileName: "Лекция.pdf" }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Refusal);
    expect((refused as Refusal).message).toBe(CONTENT_MISMATCH);
    expect(await rowsAt(path)).toEqual([]);
    expect((await service.storage.from(MATERIALS_BUCKET).info(path)).data).toBeNull();
  });
});
