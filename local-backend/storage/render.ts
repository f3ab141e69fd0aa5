import { header, json, type Reply, type Request } from "../http";
import { ERRORS } from "./errors";

/** A row of storage.objects as the routes read it. */
export interface ObjectRow {
  id: string;
  name: string;
  bucket_id: string;
  version: string | null;
  owner: string | null;
  owner_id: string | null;
  metadata: Record<string, unknown> | null;
  user_metadata: Record<string, unknown> | null;
  created_at: Date | null;
  updated_at: Date | null;
  last_accessed_at: Date | null;
}

/**
 * Stored content is served with its stored type, never run: Storage sends text/html as
 * text/plain (src/storage/renderer/renderer.ts); beyond that, the stand-in forbids every script,
 * style, frame and plugin of any response body (an SVG or XML document opened from its URL
 * included), as nosniff forbids guessing another type.
 */
const OBJECT_CSP = "default-src 'none'; sandbox";

const servedType = (mimetype: string) => (mimetype.includes("text/html") ? "text/plain" : mimetype);

interface RenderOptions {
  /** The `download` query parameter: "" for an attachment under its own name, else the name to save as. */
  download?: string | null;
  /** A signed URL's expiry, sent instead of the object's Cache-Control. */
  expires?: Date;
}

/** Content-Disposition of `?download`, as Storage writes it (a name percent-encoded in both forms). */
function disposition(download: string): string {
  if (download === "") return "attachment;";
  const encoded = encodeURIComponent(download);
  return `attachment; filename=${encoded}; filename*=UTF-8''${encoded}`;
}

function objectHeaders(row: ObjectRow, length: number, options: RenderOptions): Record<string, string> {
  const metadata = row.metadata ?? {};
  const headers: Record<string, string> = {
    "accept-ranges": "bytes",
    "content-type": servedType(String(metadata.mimetype ?? "application/octet-stream")),
    "x-robots-tag": "none",
    "content-length": String(length),
    "content-security-policy": OBJECT_CSP,
  };
  if (typeof metadata.eTag === "string") headers.etag = metadata.eTag;
  const lastModified = new Date(String(metadata.lastModified ?? ""));
  if (!Number.isNaN(lastModified.getTime())) headers["last-modified"] = lastModified.toUTCString();
  if (options.expires) headers.expires = options.expires.toUTCString();
  else if (typeof metadata.cacheControl === "string" && metadata.cacheControl) headers["cache-control"] = metadata.cacheControl;
  if (options.download !== undefined && options.download !== null) headers["content-disposition"] = disposition(options.download);
  return headers;
}

/** One byte range of `Range: bytes=a-b` (or `bytes=-n`), as Storage's range.ts reads it. */
function byteRange(range: string, size: number): { from: number; to: number } {
  const match = /^bytes=(\d*)-(\d*)$/.exec(range);
  if (!match || size <= 0 || (!match[1] && !match[2])) throw ERRORS.invalidRange();
  if (!match[1]) {
    const suffix = Number(match[2]);
    if (suffix <= 0) throw ERRORS.invalidRange();
    return { from: Math.max(size - suffix, 0), to: size - 1 };
  }
  const from = Number(match[1]);
  const to = match[2] ? Number(match[2]) : size - 1;
  if (to < from || from >= size) throw ERRORS.invalidRange();
  return { from, to: Math.min(to, size - 1) };
}

/**
 * The object's bytes with Storage's headers: 304 for a matching If-None-Match or an unchanged
 * If-Modified-Since, 206 for a Range, else 200.
 */
export function renderObject(request: Request, row: ObjectRow, bytes: Buffer | null, options: RenderOptions = {}): Reply {
  if (bytes === null) return missingBytes();
  const headers = objectHeaders(row, bytes.length, options);
  const ifNoneMatch = header(request, "if-none-match");
  const ifModifiedSince = header(request, "if-modified-since");
  const lastModified = headers["last-modified"] ? new Date(headers["last-modified"]) : null;
  if ((ifNoneMatch && ifNoneMatch === headers.etag) || (ifModifiedSince && lastModified && lastModified <= new Date(ifModifiedSince))) {
    return { status: 304, headers: { ...headers, "content-length": "0" } };
  }
  const range = header(request, "range");
  if (range) {
    const { from, to } = byteRange(range, bytes.length);
    return {
      status: 206,
      headers: { ...headers, "content-length": String(to - from + 1), "content-range": `bytes ${from}-${to}/${bytes.length}` },
      body: bytes.subarray(from, to + 1),
    };
  }
  return { status: 200, headers, body: bytes };
}

/** HEAD: the headers of the object, from its row alone. */
export function renderHead(row: ObjectRow): Reply {
  const size = Number(row.metadata?.contentLength ?? row.metadata?.size ?? 0);
  return { status: 200, headers: objectHeaders(row, size, {}) };
}

/** GET …/info/…: the object's facts as JSON (Storage's InfoRenderer). */
export function renderInfo(row: ObjectRow): Reply {
  const metadata = row.metadata ?? {};
  const headers: Record<string, string> = {};
  if (typeof metadata.eTag === "string") headers.etag = metadata.eTag;
  if (typeof metadata.cacheControl === "string") headers["cache-control"] = metadata.cacheControl;
  return json(
    200,
    {
      id: row.id,
      name: row.name,
      version: row.version,
      bucket_id: row.bucket_id,
      size: metadata.size ?? null,
      content_type: metadata.mimetype ?? null,
      cache_control: metadata.cacheControl ?? null,
      etag: metadata.eTag ?? null,
      metadata: row.user_metadata,
      last_modified: row.updated_at,
      created_at: row.created_at,
    },
    headers,
  );
}

/** A row whose bytes are gone (written by SQL alone, or removed by hand), as Storage answers a backend's 404. */
function missingBytes(): Reply {
  const body = { error: "Not found", message: "The resource was not found", statusCode: "404", code: "NoSuchKey" };
  return json(400, body, { "cache-control": "no-store" });
}
