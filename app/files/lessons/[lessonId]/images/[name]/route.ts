import { isMaterialPathOf, MATERIALS_BUCKET } from "@/lib/domain/materials";
import { fileNotFound, redirectToSignedFile } from "@/lib/storage/signed-file";

/** A picture in a lesson's text, shown to someone who may open the lesson. */
export async function GET(_request: Request, { params }: { params: Promise<{ lessonId: string; name: string }> }) {
  const { lessonId, name } = await params;
  const path = `${lessonId}/images/${name}`;
  if (!/^[0-9a-f-]{36}$/.test(lessonId) || !isMaterialPathOf(lessonId, path)) return fileNotFound();
  return redirectToSignedFile(MATERIALS_BUCKET, path);
}
