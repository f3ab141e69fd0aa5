import "server-only";
import { SIGNED_URL_SECONDS } from "@/lib/domain/materials";
import { createDataClient } from "@/lib/supabase/server";

/**
 * The answer of a /files route: a redirect to an address Storage signed for this visitor (Storage
 * asks its own row level security whether they may read the object), or «Файл не найден» for
 * everyone else, the same whether the file is missing or closed to them.
 */
export async function redirectToSignedFile(bucket: string, objectPath: string, download?: string): Promise<Response> {
  const supabase = await createDataClient();
  const { data, error } = await supabase.storage.from(bucket).createSignedUrl(objectPath, SIGNED_URL_SECONDS);
  if (error || !data) return fileNotFound();
  const location = new URL(data.signedUrl);
  // Added here, not through supabase-js's `download` option: that one encodes a Cyrillic name
  // twice (URLSearchParams, then encodeURI), and the file would be saved as «%D0%A0…».
  if (download !== undefined) location.searchParams.set("download", download);
  return new Response(null, {
    status: 302,
    // Cached by this browser only, and not past the signature's life.
    headers: { location: location.href, "cache-control": `private, max-age=${SIGNED_URL_SECONDS - 10}` },
  });
}

export function fileNotFound(): Response {
  return new Response("Файл не найден", { status: 404, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
}
