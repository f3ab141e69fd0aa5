import { ERRORS } from "./errors";

/**
 * Supabase Storage's rules for names, content types and sizes (src/storage/limits.ts,
 * storage.ts, uploader.ts), as pure functions.
 */

// S3's safe characters and the few that need special handling; nothing else, so no "ü", no "я".
const OBJECT_KEY = /^[A-Za-z0-9_/!.*'() &$=@;:+,?-]+$/;
const BUCKET_NAME = /^[A-Za-z0-9_!.*'() &$=@;:+,?-]+$/;
/** Buckets ending so are Storage's analytics (Iceberg) tables. */
const RESERVED_BUCKET_SUFFIX = "--table-s3";

export function isValidBucketName(name: string): boolean {
  return name.length < 101 && BUCKET_NAME.test(name);
}

export function mustBeValidBucketName(name: string | undefined): asserts name is string {
  if (!name || !isValidBucketName(name)) throw ERRORS.invalidBucketName();
}

/** A name a new bucket may take: valid, not reserved, without surrounding spaces. */
export function mustBeNewBucketName(name: string): void {
  if (name.trim() !== name) throw ERRORS.invalidBucketName();
  mustBeValidBucketName(name);
  if (name.endsWith(RESERVED_BUCKET_SUFFIX)) throw ERRORS.invalidBucketName();
}

/**
 * An object key: Storage's characters, and no "." or ".." segment, which Storage's file backend
 * (the Supabase CLI's) refuses as a path outside the bucket.
 */
export function isValidKey(key: string): boolean {
  return OBJECT_KEY.test(key) && !key.split("/").some((segment) => segment === "." || segment === "..");
}

export function mustBeValidKey(key: string | undefined): asserts key is string {
  if (!key || !isValidKey(key)) throw ERRORS.invalidKey(key ?? "");
}

/** The dashboard's placeholder of an empty folder: always 0 bytes, any content type. */
export const isEmptyFolder = (name: string) => name.endsWith(".emptyFolderPlaceholder");

/** A bucket's allowed_mime_types entry: "type/subtype" (with a charset), or anything ending in "*". */
export function mustBeValidMimeTypes(types: string[]): void {
  for (const type of types) {
    if (type.length > 1000 || !/^([a-zA-Z0-9\-+.]+)\/([a-zA-Z0-9\-+.]+)(;\s*charset=[a-zA-Z0-9-]+)?$|\*$/.test(type)) {
      throw ERRORS.invalidMimeType(type);
    }
  }
}

/**
 * An upload's content type against a bucket's allowed list: "image/png" matches "image/png" and
 * "image/*"; the comparison is of the text around the first "/", so a charset must match too.
 */
export function mustBeAllowedMimeType(mimeType: string, allowed: string[]): void {
  const [type, subtype] = mimeType.split("/");
  if (subtype === undefined) throw ERRORS.invalidMimeType(mimeType);
  for (const entry of allowed) {
    const [allowedType, allowedSubtype] = entry.split("/");
    if (allowedType === type && (allowedSubtype === "*" || allowedSubtype === subtype)) return;
  }
  throw ERRORS.invalidMimeType(mimeType);
}

/** A bucket's file_size_limit as text: "20GB", "1.5MB", "30KB", "3B", in decimal units. */
export function parseFileSize(text: string): number {
  const match = /^([0-9]+(?:\.[0-9]+)?)(gb|mb|kb|b)$/i.exec(text);
  if (!match) throw ERRORS.invalidFileSizeLimit();
  const value = Number(Number.parseFloat(match[1]).toPrecision(3));
  const unit = { gb: 1e9, mb: 1e6, kb: 1e3, b: 1 }[match[2].toLowerCase() as "gb" | "mb" | "kb" | "b"];
  return value * unit;
}

/** The largest object a bucket accepts: its own limit within the project's. */
export function maxFileSize(name: string, bucketLimit: number | null, globalLimit: number): number {
  if (isEmptyFolder(name)) return 0;
  return bucketLimit === null ? globalLimit : Math.min(bucketLimit, globalLimit);
}
