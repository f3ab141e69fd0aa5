import type { SupabaseClient } from "@supabase/supabase-js";
import { Refusal } from "@/lib/actions/errors";
import type { Database } from "@/lib/database.types";
import { bytesMatchType, SIGNATURE_BYTES } from "@/lib/domain/materials";

/**
 * What the server does with a file the browser uploaded straight to Storage (lesson materials,
 * homework): check that it is the file its name says, or remove it. The caller's own client asks,
 * so Storage's row level security decides what it may read and remove.
 */

type Client = SupabaseClient<Database>;

export interface UploadCheck {
  bucket: string;
  path: string;
  /** The type the file's name gives it. */
  mime: string;
  maxBytes: number;
  /** What the person reads when the file is not what it claims (it is removed). */
  mismatch: string;
  /** What they read when nothing arrived at the path. */
  gone: string;
}

/** The file's first bytes, read through a short-lived signed address (Storage serves byte ranges). */
async function firstBytes(client: Client, { bucket, path, gone }: UploadCheck): Promise<Uint8Array> {
  const { data } = await client.storage.from(bucket).createSignedUrl(path, 30);
  if (!data) throw new Refusal(gone);
  const response = await fetch(data.signedUrl, { headers: { range: `bytes=0-${SIGNATURE_BYTES - 1}` } });
  if (!response.ok) throw new Refusal(gone);
  return new Uint8Array(await response.arrayBuffer()).subarray(0, SIGNATURE_BYTES);
}

export async function removeStoredFile(client: Client, bucket: string, path: string) {
  const { error } = await client.storage.from(bucket).remove([path]);
  if (error) console.error("storage: object not removed", bucket, path, error);
}

/**
 * The stored file is of the type its name says (as Storage recorded it and by its first bytes) and
 * within the size: answers its size as Storage counted it and the id of the object checked (one
 * removed and uploaded anew at the same path has another). Otherwise it is removed and refused.
 */
export async function checkStoredObject(client: Client, check: UploadCheck): Promise<{ size: number; objectId: string }> {
  const { data: info } = await client.storage.from(check.bucket).info(check.path);
  if (!info) throw new Refusal(check.gone);
  const storedType = (info.contentType ?? "").split(";")[0].trim().toLowerCase();
  const size = Number(info.size ?? 0);
  if (storedType !== check.mime || size > check.maxBytes || !bytesMatchType(await firstBytes(client, check), check.mime)) {
    await removeStoredFile(client, check.bucket, check.path);
    throw new Refusal(check.mismatch);
  }
  return { size, objectId: info.id };
}

/** checkStoredObject's size alone. */
export const checkStoredFile = async (client: Client, check: UploadCheck): Promise<number> => (await checkStoredObject(client, check)).size;
