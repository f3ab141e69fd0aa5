import { z } from "zod";
import { MATERIALS_BUCKET } from "@/lib/domain/materials";
import { fileNotFound, redirectToSignedFile } from "@/lib/storage/signed-file";
import { createDataClient } from "@/lib/supabase/server";

/** A lesson's material, downloaded under the name the owner gave it, by someone who may open the lesson. */
export async function GET(_request: Request, { params }: { params: Promise<{ attachmentId: string }> }) {
  const id = z.uuid().safeParse((await params).attachmentId);
  if (!id.success) return fileNotFound();
  const supabase = await createDataClient();
  const { data } = await supabase.from("lesson_attachments").select("object_path, file_name").eq("id", id.data).maybeSingle();
  if (!data) return fileNotFound();
  return redirectToSignedFile(MATERIALS_BUCKET, data.object_path, data.file_name);
}
