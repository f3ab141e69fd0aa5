import { z } from "zod";
import { HOMEWORK_BUCKET } from "@/lib/domain/submissions";
import { fileNotFound, redirectToSignedFile } from "@/lib/storage/signed-file";
import { createDataClient } from "@/lib/supabase/server";

/** A file of a handed-in work, downloaded under the name its student gave it, by the student or a reviewer of theirs. */
export async function GET(_request: Request, { params }: { params: Promise<{ fileId: string }> }) {
  const id = z.uuid().safeParse((await params).fileId);
  if (!id.success) return fileNotFound();
  const supabase = await createDataClient();
  const { data } = await supabase.from("submission_files").select("object_path, file_name").eq("id", id.data).maybeSingle();
  if (!data) return fileNotFound();
  return redirectToSignedFile(HOMEWORK_BUCKET, data.object_path, data.file_name);
}
