import { header, type Request } from "../http";
import { ERRORS, StorageError } from "./errors";
import { isEmptyFolder, mustBeAllowedMimeType } from "./rules";

/**
 * A Storage request reads its own body, and only once it knows how much it may take: a JSON
 * body up to Fastify's 1 MiB, an upload up to its bucket's limit (server.ts streams nothing else
 * for /storage/v1). null when the body is larger than the limit; the rest is left unread.
 */
export interface StorageRequest extends Request {
  readBytes(limit: number): Promise<Buffer | null>;
}

const JSON_LIMIT = 1 << 20;
/** What a form may carry besides its file: Storage's user metadata is at most 1 MiB. */
const FORM_OVERHEAD = 2 << 20;
const MAX_USER_METADATA = 1 << 20;

/** A JSON body as Fastify parses it for Storage's routes; undefined when there is none. */
export async function readJson(request: StorageRequest): Promise<unknown> {
  const bytes = await request.readBytes(JSON_LIMIT);
  if (bytes === null) throw new StorageError(413, "EntityTooLarge", "Request body is too large", "FastifyError", 413);
  if (bytes.length === 0) return undefined;
  const type = header(request, "content-type") ?? "";
  if (/^text\/plain/i.test(type)) return bytes.toString("utf8");
  if (!/^application\/json/i.test(type)) {
    throw new StorageError(415, "InvalidMimeType", "Invalid Content-Type header", "invalid_mime_type");
  }
  try {
    return JSON.parse(bytes.toString("utf8"));
  } catch {
    throw new StorageError(400, "InvalidRequest", "Body is not valid JSON but content-type is set to 'application/json'", "FastifyError");
  }
}

export interface Upload {
  mimeType: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | undefined;
  /** The request's Content-Length (a whole form's, for a form), which policies see as metadata.contentLength. */
  declaredLength: number | undefined;
  /**
   * The file's bytes, once the caller may write the object: a raw body is read only then, as
   * Storage streams it only then. Throws EntityTooLarge past the limit.
   */
  bytes(): Promise<Buffer>;
}

interface UploadLimits {
  objectName: string;
  maxSize: number;
  allowedMimeTypes: string[];
}

/**
 * An upload as Storage reads it (src/storage/uploader.ts, fileUploadFromRequest): a
 * multipart/form-data body (the first file, with the `cacheControl`, `contentType` and `metadata`
 * fields before it), or the raw body with Content-Type, Cache-Control and x-metadata (base64 JSON).
 */
export async function readUpload(request: StorageRequest, limits: UploadLimits): Promise<Upload> {
  const contentType = header(request, "content-type");
  const lengthHeader = header(request, "content-length");
  const declaredLength = lengthHeader && Number(lengthHeader) >= 0 ? Number(lengthHeader) : undefined;
  const checkMime = (mimeType: string) => {
    if (limits.allowedMimeTypes.length > 0 && !isEmptyFolder(limits.objectName)) mustBeAllowedMimeType(mimeType, limits.allowedMimeTypes);
  };

  if (contentType?.startsWith("multipart/form-data")) {
    const body = await request.readBytes(limits.maxSize + FORM_OVERHEAD);
    if (body === null) throw ERRORS.entityTooLarge();
    const form = await parseForm(body, contentType);
    const mimeType = form.fields.get("contentType") || form.file.type || "text/plain";
    checkMime(mimeType);
    const metadata = form.fields.get("metadata") ?? form.fields.get("userMetadata");
    if (metadata !== undefined && Buffer.byteLength(metadata) > MAX_USER_METADATA) throw ERRORS.entityTooLarge("user_metadata");
    const cacheTime = form.fields.get("cacheControl");
    const bytes = Buffer.from(await form.file.arrayBuffer());
    return {
      mimeType,
      cacheControl: cacheTime ? `max-age=${cacheTime}` : "no-cache",
      userMetadata: metadata === undefined ? undefined : parseJsonObject(metadata),
      declaredLength,
      async bytes() {
        if (bytes.length > limits.maxSize) throw ERRORS.entityTooLarge();
        return bytes;
      },
    };
  }

  const mimeType = contentType || "application/octet-stream";
  checkMime(mimeType);
  const metadata = header(request, "x-metadata");
  if (declaredLength !== undefined && declaredLength > limits.maxSize) throw ERRORS.entityTooLarge();
  return {
    mimeType,
    cacheControl: header(request, "cache-control") ?? "no-cache",
    userMetadata: metadata === undefined ? undefined : parseJsonObject(Buffer.from(metadata, "base64").toString("utf8")),
    declaredLength,
    async bytes() {
      const bytes = await request.readBytes(limits.maxSize);
      if (bytes === null) throw ERRORS.entityTooLarge();
      return bytes;
    },
  };
}

/** The fields before the form's first file, and that file (as @fastify/multipart's request.file() gives them). */
async function parseForm(body: Buffer, contentType: string): Promise<{ fields: Map<string, string>; file: File }> {
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { "content-type": contentType } }).formData();
  } catch (error) {
    throw ERRORS.noContentProvided((error as Error).message);
  }
  const fields = new Map<string, string>();
  for (const [name, value] of form.entries()) {
    if (typeof value !== "string") return { fields, file: value };
    if (!fields.has(name)) fields.set(name, value);
  }
  throw ERRORS.noContentProvided();
}

function parseJsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
