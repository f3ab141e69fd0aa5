import type { SupabaseClient } from "@supabase/supabase-js";
import { DatabaseError, Refusal } from "@/lib/actions/errors";
import type { Database, Tables } from "@/lib/database.types";
import { isMaterialPathOf, MATERIAL_MAX_BYTES, MATERIAL_TYPES, MATERIALS_BUCKET, materialObjectPath, materialTypeOf } from "@/lib/domain/materials";
import { checkStoredFile, checkStoredObject, removeStoredFile } from "@/lib/storage/stored-file";
import type { FinishUploadInput, PrepareUploadInput } from "@/lib/validation/materials";
import { changed, written } from "./rows";

/**
 * A lesson's files in Storage (bucket lesson-materials) and their rows (lesson_attachments). The
 * bytes go from the browser straight to Storage through an upload URL signed here; this layer
 * then checks what arrived (its type from its first bytes, its size from Storage) before a row
 * points at it. Storage's row level security lets only admins write, whoever asks; the row itself
 * only the service role writes (record_lesson_material), so no admin token lists an unchecked file.
 */

type Client = SupabaseClient<Database>;

const LESSON_NOT_FOUND = "Урок не найден";
const MATERIAL_NOT_FOUND = "Материал не найден";
export const WRONG_TYPE = "Такой файл нельзя прикрепить: подойдут документы, таблицы, презентации, архивы, текстовые файлы и картинки";
export const NOT_AN_IMAGE = "В текст урока можно вставить только картинку";
// The same words as the database's refusal of an unchecked type (hint material_file_unchecked).
export const CONTENT_MISMATCH = "Содержимое файла не соответствует его типу — файл не сохранён";
const UPLOAD_GONE = "Файл не загрузился — попробуйте ещё раз";

async function mustFindLesson(client: Client, lessonId: string) {
  const lesson = await written(client.from("lessons").select("id").eq("id", lessonId).maybeSingle());
  if (!lesson) throw new Refusal(LESSON_NOT_FOUND);
}

/** An upload URL for one file of a lesson, signed for this admin; the type is the name's, and only the bucket's. */
export async function prepareUpload(client: Client, { lessonId, fileName, purpose }: PrepareUploadInput) {
  const mime = materialTypeOf(fileName);
  if (!mime) throw new Refusal(WRONG_TYPE, { fileName: WRONG_TYPE });
  if (purpose === "image" && !MATERIAL_TYPES[mime].image) throw new Refusal(NOT_AN_IMAGE, { fileName: NOT_AN_IMAGE });
  await mustFindLesson(client, lessonId);
  const path = materialObjectPath(lessonId, mime, purpose === "image" ? "image" : "file");
  const { data, error } = await client.storage.from(MATERIALS_BUCKET).createSignedUploadUrl(path);
  if (error || !data) throw new Refusal("Не удалось начать загрузку — попробуйте ещё раз");
  return { uploadUrl: data.signedUrl, path, mime };
}

function mustBeOwnPath(lessonId: string, path: string, purpose: "material" | "image") {
  if (!isMaterialPathOf(lessonId, path) || path.includes("/images/") !== (purpose === "image")) throw new Refusal(UPLOAD_GONE);
}

/**
 * A material uploaded to the lesson: checked, then listed last. The admin's client reads the bytes
 * (Storage's policies decide what it may); the service role lists the very object read, as the
 * database takes no material row from an admin's token (issue 41, migration 20261128001500).
 * Callers pass the service client only after requireAdmin.
 */
export async function addMaterial(client: Client, service: Client, { lessonId, path, fileName }: FinishUploadInput) {
  mustBeOwnPath(lessonId, path, "material");
  const mime = materialTypeOf(fileName);
  if (!mime) throw new Refusal(WRONG_TYPE, { fileName: WRONG_TYPE });
  await mustFindLesson(client, lessonId);
  const { objectId } = await checkStoredObject(client, { bucket: MATERIALS_BUCKET, path, mime, maxBytes: MATERIAL_MAX_BYTES, mismatch: CONTENT_MISMATCH, gone: UPLOAD_GONE });
  const id = await recordChecked(client, service, { objectId, path, fileName, mime });
  return written<Pick<Tables<"lesson_attachments">, "id" | "file_name" | "size_bytes" | "mime_type">>(
    client.from("lesson_attachments").select("id, file_name, size_bytes, mime_type").eq("id", id).single(),
  );
}

/** The row of a checked material, by the service role; the upload removed when it is refused. */
async function recordChecked(client: Client, service: Client, check: { objectId: string; path: string; fileName: string; mime: string }): Promise<string> {
  try {
    const id = await written(
      service.rpc("record_lesson_material", { _object_id: check.objectId, _object_path: check.path, _file_name: check.fileName, _mime_type: check.mime }),
    );
    if (!id) throw new Refusal(UPLOAD_GONE);
    return id;
  } catch (failure) {
    await removeStoredFile(client, MATERIALS_BUCKET, check.path);
    // P0002: the object at the path is no longer the one the server read.
    if (failure instanceof DatabaseError && failure.failure.code === "P0002") throw new Refusal(UPLOAD_GONE);
    throw failure;
  }
}

/** A picture for the lesson's text, checked; answers the address the text links to. */
export async function addLessonImage(client: Client, { lessonId, path, fileName }: FinishUploadInput) {
  mustBeOwnPath(lessonId, path, "image");
  const mime = materialTypeOf(fileName);
  if (!mime || !MATERIAL_TYPES[mime].image) throw new Refusal(NOT_AN_IMAGE, { fileName: NOT_AN_IMAGE });
  await mustFindLesson(client, lessonId);
  await checkStoredFile(client, { bucket: MATERIALS_BUCKET, path, mime, maxBytes: MATERIAL_MAX_BYTES, mismatch: CONTENT_MISMATCH, gone: UPLOAD_GONE });
  return { url: `/files/lessons/${path}` };
}

/** Keeps the extension of the file's type, so the download still opens in the right program. */
export function withTypeExtension(name: string, mime: string): string {
  const trimmed = name.trim();
  return materialTypeOf(trimmed) === mime ? trimmed : `${trimmed}.${MATERIAL_TYPES[mime]?.extensions[0] ?? "bin"}`;
}

export async function renameMaterial(client: Client, id: string, fileName: string) {
  const material: { mime_type: string } | null = await written(client.from("lesson_attachments").select("mime_type").eq("id", id).maybeSingle());
  if (!material) throw new Refusal(MATERIAL_NOT_FOUND);
  const [renamed] = await changed(
    client.from("lesson_attachments").update({ file_name: withTypeExtension(fileName, material.mime_type) }).eq("id", id).select("file_name"),
    MATERIAL_NOT_FOUND,
  );
  return renamed;
}

/** The lesson's materials in this order, in one transaction (reorder_lesson_attachments). */
export async function reorderMaterials(client: Client, lessonId: string, ids: string[]) {
  await mustFindLesson(client, lessonId);
  await written(client.rpc("reorder_lesson_attachments", { _lesson_id: lessonId, _ids: ids }));
}

/** The row first (students stop seeing it at once), then the bytes. */
export async function deleteMaterial(client: Client, id: string) {
  const [row] = await changed(client.from("lesson_attachments").delete().eq("id", id).select("object_path"), MATERIAL_NOT_FOUND);
  await removeStoredFile(client, MATERIALS_BUCKET, row.object_path);
}
