import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/database.types";
import { MATERIALS_BUCKET } from "@/lib/domain/materials";
import { addMaterial } from "@/lib/mutations/materials";
import type { LocalBackend } from "@/local-backend/server";
import { anonClient, SEEDED, serviceClient, signedIn, startTestBackend, uniqueEmail } from "@/local-backend/tests/harness";

/**
 * A lesson's body and materials, through supabase-js: who reads the rows, who reaches the bytes in
 * Storage (its row level security on storage.objects, tied to can_open_lesson), who writes.
 */

let backend: LocalBackend;
let service: SupabaseClient<Database>;
let admin: SupabaseClient<Database>;
let opener: SupabaseClient<Database>;
let outsider: SupabaseClient<Database>;
let anon: SupabaseClient<Database>;

const LOVABLE = "70000000-0000-4000-8000-000000000001";
const LESSON = "d0000000-0000-4000-8000-000000000001";
const PDF = new TextEncoder().encode("%PDF-1.7\nучебная тетрадь\n");
const path = `${LESSON}/${crypto.randomUUID()}.pdf`;
let attachmentId: string;

const student = async (label: string, lovableOpen: boolean) => {
  const email = uniqueEmail(label);
  const { data } = await service.auth.admin.createUser({ email, password: "password123", email_confirm: true });
  if (lovableOpen) await service.from("tool_access").insert({ user_id: data.user!.id, tool_id: LOVABLE, is_unlocked: true });
  return (await signedIn(backend, email, "password123")).client;
};

beforeAll(async () => {
  backend = await startTestBackend();
  service = serviceClient(backend);
  anon = anonClient(backend);
  admin = (await signedIn(backend, SEEDED.admin.email, SEEDED.admin.password)).client;
  [opener, outsider] = await Promise.all([student("opener", true), student("outsider", false)]);
  const upload = await admin.storage.from(MATERIALS_BUCKET).upload(path, PDF, { contentType: "application/pdf" });
  expect(upload.error).toBeNull();
  // Listed as the studio lists it: the admin's client reads the bytes, the service role records the row.
  attachmentId = (await addMaterial(admin, service, { lessonId: LESSON, path, fileName: "Рабочая тетрадь.pdf" }))!.id;
  await service.from("lessons").update({ body_md: "## Шаги\n\n1. Откройте Lovable" }).eq("id", LESSON);
});
afterAll(() => backend.close());

describe("the bucket", () => {
  it("is private, 50 MB, and takes only the materials' types", async () => {
    const { data } = await service.storage.getBucket(MATERIALS_BUCKET);
    expect(data).toMatchObject({ public: false, file_size_limit: 52428800 });
    expect(data!.allowed_mime_types).toContain("application/pdf");
    expect(data!.allowed_mime_types).not.toContain("text/html");
    expect(data!.allowed_mime_types).not.toContain("image/svg+xml");
    const html = await admin.storage.from(MATERIALS_BUCKET).upload(`${LESSON}/${crypto.randomUUID()}.html`, "<script>alert(1)</script>", { contentType: "text/html" });
    expect(html.error).toMatchObject({ statusCode: "415" });
  });
});

describe("who reaches a material", () => {
  it("a student who may open the lesson lists, signs and downloads it", async () => {
    expect((await opener.from("lesson_attachments").select("id, file_name").eq("lesson_id", LESSON)).data).toEqual([{ id: attachmentId, file_name: "Рабочая тетрадь.pdf" }]);
    const signed = await opener.storage.from(MATERIALS_BUCKET).createSignedUrl(path, 60, { download: "Рабочая тетрадь.pdf" });
    expect(signed.error).toBeNull();
    const response = await fetch(signed.data!.signedUrl);
    expect(response.status).toBe(200);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PDF);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment;/);
    const downloaded = await opener.storage.from(MATERIALS_BUCKET).download(path);
    expect(downloaded.error).toBeNull();
  });

  it("a student for whom the lesson is locked, and a visitor, get nothing by any route", async () => {
    for (const [who, client] of [["outsider", outsider], ["anonymous", anon]] as const) {
      expect((await client.from("lesson_attachments").select("id").eq("lesson_id", LESSON)).data ?? [], who).toEqual([]);
      expect((await client.storage.from(MATERIALS_BUCKET).createSignedUrl(path, 60)).data, who).toBeNull();
      expect((await client.storage.from(MATERIALS_BUCKET).createSignedUrls([path], 60)).data?.[0]?.signedUrl ?? null, who).toBeNull();
      expect((await client.storage.from(MATERIALS_BUCKET).download(path)).data, who).toBeNull();
      expect((await client.storage.from(MATERIALS_BUCKET).list(LESSON)).data ?? [], who).toEqual([]);
      expect((await client.storage.from(MATERIALS_BUCKET).info(path)).data, who).toBeNull();
    }
  });

  it("the lesson page carries the body and the materials only for who may open it", async () => {
    const page = async (client: SupabaseClient<Database>) =>
      ((await client.rpc("lesson_page", { _tool_name: "Lovable", _lesson_id: LESSON })).data as { content: unknown } | null)?.content ?? null;
    expect(await page(opener)).toMatchObject({
      body_md: "## Шаги\n\n1. Откройте Lovable",
      attachments: [{ id: attachmentId, file_name: "Рабочая тетрадь.pdf", size_bytes: PDF.length, mime_type: "application/pdf" }],
    });
    expect(await page(outsider)).toBeNull();
    expect((await outsider.rpc("lesson_materials", { _lesson_id: LESSON })).data).toBeNull();
    expect((await outsider.rpc("lesson_materials_for", { _user_id: SEEDED.admin.id, _lesson_id: LESSON })).data).toBeNull();
  });

  it("a student cannot read the body by selecting it", async () => {
    const direct = await opener.from("lessons").select("body_md").eq("id", LESSON);
    expect(direct.error?.code).toBe("42501");
  });
});

describe("who writes", () => {
  it("students write nothing: no upload, no row, no rename, no delete", async () => {
    const upload = await opener.storage.from(MATERIALS_BUCKET).upload(`${LESSON}/${crypto.randomUUID()}.pdf`, PDF, { contentType: "application/pdf" });
    expect(upload.error).toMatchObject({ statusCode: "403" });
    expect((await opener.storage.from(MATERIALS_BUCKET).createSignedUploadUrl(`${LESSON}/${crypto.randomUUID()}.pdf`)).data).toBeNull();
    const row = await opener.from("lesson_attachments").insert({ lesson_id: LESSON, object_path: `${LESSON}/x.pdf`, file_name: "x.pdf", size_bytes: 1, mime_type: "application/pdf" });
    expect(row.error?.code).toBe("42501");
    expect((await opener.from("lesson_attachments").update({ file_name: "взлом.pdf" }).eq("id", attachmentId).select()).data).toEqual([]);
    expect((await opener.from("lesson_attachments").delete().eq("id", attachmentId).select()).data).toEqual([]);
    expect((await opener.storage.from(MATERIALS_BUCKET).remove([path])).data).toEqual([]);
    expect((await service.from("lesson_attachments").select("file_name").eq("id", attachmentId).single()).data).toEqual({ file_name: "Рабочая тетрадь.pdf" });
    expect((await service.storage.from(MATERIALS_BUCKET).info(path)).error).toBeNull();
  });

  it("admins write only inside a lesson's folder", async () => {
    const outside = await admin.storage.from(MATERIALS_BUCKET).upload(`not-a-lesson/${crypto.randomUUID()}.pdf`, PDF, { contentType: "application/pdf" });
    expect(outside.error).toMatchObject({ statusCode: "403" });
  });

  it("the table refuses names with bidi or control characters, and paths outside the lesson's folder, even from the service role", async () => {
    const base = { lesson_id: LESSON, size_bytes: 1, mime_type: "application/pdf" };
    const at = (lesson: string) => `${lesson}/${crypto.randomUUID()}.pdf`;
    const bidi = await service.from("lesson_attachments").insert({ ...base, object_path: at(LESSON), file_name: "счёт\u202Efdp.exe" });
    expect(bidi.error?.message).toMatch(/lesson_attachments_file_name_clean/);
    const control = await service.from("lesson_attachments").insert({ ...base, object_path: at(LESSON), file_name: "a\u0007.pdf" });
    expect(control.error?.message).toMatch(/lesson_attachments_file_name_clean/);
    const foreign = await service.from("lesson_attachments").insert({ ...base, object_path: at(LESSON.replace("d0", "d9")), file_name: "c.pdf" });
    expect(foreign.error?.message).toMatch(/lesson_attachments_object_in_lesson_folder/);
  });

  it("reorders a lesson's materials all at once, and refuses a list that is not exactly them", async () => {
    const second = (
      await service
        .from("lesson_attachments")
        .insert({ lesson_id: LESSON, object_path: `${LESSON}/${crypto.randomUUID()}.pdf`, file_name: "Второй.pdf", size_bytes: 1, mime_type: "application/pdf", order_index: 5 })
        .select("id")
        .single()
    ).data!.id;
    expect((await admin.rpc("reorder_lesson_attachments", { _lesson_id: LESSON, _ids: [second, attachmentId] })).error).toBeNull();
    expect((await admin.from("lesson_attachments").select("id").eq("lesson_id", LESSON).order("order_index")).data).toEqual([{ id: second }, { id: attachmentId }]);
    const stale = await admin.rpc("reorder_lesson_attachments", { _lesson_id: LESSON, _ids: [second] });
    expect(stale.error).toMatchObject({ code: "P0001", hint: "stale_list" });
    const asStudent = await opener.rpc("reorder_lesson_attachments", { _lesson_id: LESSON, _ids: [attachmentId, second] });
    expect(asStudent.error).toMatchObject({ hint: "stale_list" });
    expect((await service.from("lesson_attachments").select("id").eq("lesson_id", LESSON).order("order_index")).data).toEqual([{ id: second }, { id: attachmentId }]);
    await service.from("lesson_attachments").delete().eq("id", second);
  });
});
