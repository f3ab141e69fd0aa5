import type { SupabaseClient } from "@supabase/supabase-js";
import { DatabaseError, Refusal } from "@/lib/actions/errors";
import type { Database } from "@/lib/database.types";
import { materialTypeOf } from "@/lib/domain/materials";
import { HOMEWORK_BUCKET, HOMEWORK_MAX_BYTES, homeworkObjectPath, isHomeworkPathOf } from "@/lib/domain/submissions";
import { WRONG_FILE_TYPE, type CheckHomeworkUploadInput, type PrepareHomeworkUploadInput, type SubmitHomeworkInput } from "@/lib/validation/submissions";
import { checkStoredObject } from "@/lib/storage/stored-file";
import { written } from "./rows";

/**
 * A student's homework: their files in Storage (bucket homework, their own folder per assignment)
 * and their attempts (submit_homework). The bytes go from the browser straight to Storage through
 * an upload URL signed here with the student's own client, so Storage's policies decide whether
 * they may upload; what arrived is checked by its first bytes when it is attached and again when
 * the work is handed in (a file may be removed and uploaded anew in between). A file that passes is
 * recorded with the service role (record_homework_file_check): submit_homework takes no other, so
 * a student who uploads straight to Storage and calls the function directly hands in nothing.
 */

type Client = SupabaseClient<Database>;

const ASSIGNMENT_NOT_FOUND = "Задание не найдено";
const NO_FILES = "Это задание не принимает файлы";
const UPLOAD_GONE = "Файл не загрузился — прикрепите его ещё раз";
const mismatch = (fileName: string) => `«${fileName}»: содержимое файла не соответствует его типу — файл не сохранён`;

/** The assignment as its student may read it: row level security answers nothing for a lesson closed to them. */
async function mustFindAssignment(client: Client, assignmentId: string) {
  const assignment: { id: string; accepts_files: boolean } | null = await written(
    client.from("assignments").select("id, accepts_files").eq("id", assignmentId).maybeSingle(),
  );
  if (!assignment) throw new Refusal(ASSIGNMENT_NOT_FOUND);
  return assignment;
}

/** The record of a check; an object gone or replaced since its bytes were read (P0002) reads as an upload to make again. */
async function onUpload(write: PromiseLike<{ data: unknown; error: { code?: string; message: string } | null }>) {
  try {
    await written(write);
  } catch (thrown) {
    if (thrown instanceof DatabaseError && thrown.failure.code === "P0002") throw new Refusal(UPLOAD_GONE);
    throw thrown;
  }
}

/** An upload URL for one file of the student's work. */
export async function prepareUpload(client: Client, userId: string, { assignmentId, fileName }: PrepareHomeworkUploadInput) {
  const mime = materialTypeOf(fileName);
  if (!mime) throw new Refusal(WRONG_FILE_TYPE, { fileName: WRONG_FILE_TYPE });
  const assignment = await mustFindAssignment(client, assignmentId);
  if (!assignment.accepts_files) throw new Refusal(NO_FILES);
  const path = homeworkObjectPath(userId, assignmentId, mime);
  const { data, error } = await client.storage.from(HOMEWORK_BUCKET).createSignedUploadUrl(path);
  if (error || !data) throw new Refusal("Не удалось начать загрузку — попробуйте ещё раз");
  return { uploadUrl: data.signedUrl, path, mime };
}

/**
 * What arrived at `path` is the student's, for this assignment, and the file its name says (a
 * renamed program is not a PDF); otherwise it is removed and refused. The student's client reads
 * it (Storage's policies decide what they may), the service role records the check. Answers its size.
 */
async function verifiedUpload(client: Client, service: Client, userId: string, { assignmentId, path, fileName }: CheckHomeworkUploadInput) {
  if (!isHomeworkPathOf(userId, assignmentId, path)) throw new Refusal(UPLOAD_GONE);
  const mime = materialTypeOf(fileName);
  if (!mime) throw new Refusal(WRONG_FILE_TYPE);
  const { size, objectId } = await checkStoredObject(client, { bucket: HOMEWORK_BUCKET, path, mime, maxBytes: HOMEWORK_MAX_BYTES, mismatch: mismatch(fileName), gone: UPLOAD_GONE });
  // The object whose bytes were read: if it was replaced since, the record is refused.
  await onUpload(service.rpc("record_homework_file_check", { _object_id: objectId, _object_path: path, _file_name: fileName, _mime_type: mime }));
  return { path, size };
}

/** A file just uploaded, checked at once so the student hears about a mismatch before handing in. */
export async function checkUpload(client: Client, service: Client, userId: string, input: CheckHomeworkUploadInput) {
  await mustFindAssignment(client, input.assignmentId);
  return verifiedUpload(client, service, userId, input);
}

/** Hands in an attempt; submit_homework checks the rest (the lesson open, nothing waiting or accepted, what the assignment takes, each file checked). */
export async function submit(client: Client, service: Client, userId: string, { assignmentId, answer, links, files }: SubmitHomeworkInput) {
  await mustFindAssignment(client, assignmentId);
  await Promise.all(files.map((file) => verifiedUpload(client, service, userId, { assignmentId, ...file })));
  const id = await written(
    client.rpc("submit_homework", {
      _assignment_id: assignmentId,
      _answer_md: answer,
      _links: links,
      _files: files.map((file) => ({ path: file.path, file_name: file.fileName })),
    }),
  );
  return { id: id as string };
}
