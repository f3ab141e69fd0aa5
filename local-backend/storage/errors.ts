import { json, type Reply } from "../http";

/**
 * Supabase Storage's errors (src/internal/errors/codes.ts). The body carries the error's own status
 * as a string, `{ statusCode: "404", error: "not_found", message: "Object not found", code:
 * "NoSuchKey" }`, while the HTTP status is 400 for every client error and 500 for a server error
 * (src/http/error-handler.ts), unless an error names its own (403 for a wrong role, 416 for a range).
 */
export class StorageError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** The legacy `error` field; the code when Storage gives none. */
    readonly error: string = code,
    readonly httpStatus: number = statusCode === 500 ? 500 : 400,
  ) {
    super(message);
  }
}

export const ERRORS = {
  noSuchBucket: () => new StorageError(404, "NoSuchBucket", "Bucket not found", "Bucket not found"),
  noSuchKey: () => new StorageError(404, "NoSuchKey", "Object not found", "not_found"),
  invalidKey: (key: string) => new StorageError(400, "InvalidKey", `Invalid key: ${key}`),
  invalidBucketName: () => new StorageError(400, "InvalidBucketName", "Bucket name invalid", "Invalid Input"),
  accessDenied: (message: string, httpStatus?: number) =>
    new StorageError(403, "AccessDenied", message || "Access denied", "Unauthorized", httpStatus),
  resourceAlreadyExists: () => new StorageError(409, "ResourceAlreadyExists", "The resource already exists", "Duplicate"),
  keyAlreadyExists: () => new StorageError(409, "KeyAlreadyExists", "The resource already exists", "Duplicate"),
  bucketAlreadyExists: () => new StorageError(409, "BucketAlreadyExists", "The resource already exists", "Duplicate"),
  bucketNotEmpty: () => new StorageError(409, "ResourceNotEmpty", "The bucket you tried to delete is not empty"),
  entityTooLarge: (entity = "object") =>
    new StorageError(413, "EntityTooLarge", `The ${entity} exceeded the maximum allowed size`, "Payload too large"),
  invalidMimeType: (mimeType: string) =>
    new StorageError(415, "InvalidMimeType", `mime type ${mimeType} is not supported`, "invalid_mime_type"),
  invalidJwt: (message: string) => new StorageError(400, "InvalidJWT", message || "Invalid JWT"),
  invalidSignature: (message = "Invalid signature") => new StorageError(400, "InvalidSignature", message),
  expiredSignature: () => new StorageError(400, "ExpiredToken", "The provided token has expired."),
  invalidParameter: (parameter: string) => new StorageError(400, "InvalidParameter", `Invalid Parameter ${parameter}`),
  invalidRequest: (message: string) => new StorageError(400, "InvalidRequest", message),
  noContentProvided: (message = "No content provided") => new StorageError(400, "InvalidRequest", message),
  invalidFileSizeLimit: () => new StorageError(400, "InvalidRequest", "Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B"),
  invalidRange: () => new StorageError(416, "InvalidRange", "invalid range provided", "invalid_range", 416),
  featureNotEnabled: (feature: string) =>
    new StorageError(409, "FeatureNotEnabled", `The feature ${feature} is not enabled for this resource`),
  /** A request that fails the route's JSON schema, as Fastify words it ("body must have required property 'prefix'"). */
  validation: (message: string) => new StorageError(400, "InvalidRequest", message, "Error"),
  /** Fastify's answer to a path no route matches: a real 404. */
  routeNotFound: (method: string, path: string) =>
    new StorageError(404, "InvalidRequest", `Route ${method}:${path} not found`, "Not Found", 404),
};

interface PgError {
  code?: string;
  message: string;
  detail?: string;
}

/** A Postgres error as Storage reports it (src/storage/database/errors.ts). */
export function fromPgError(error: PgError): StorageError {
  switch (error.code) {
    case "42501":
      // Storage hides which policy of which table refused.
      return ERRORS.accessDenied(
        error.message.includes("row-level security") ? "new row violates row-level security policy" : error.message,
      );
    case "23505":
      return ERRORS.resourceAlreadyExists();
    case "23503":
      return error.detail?.includes("is still referenced from table")
        ? new StorageError(409, "ResourceReferenced", "The resource could not be updated or removed due to a foreign key constraint")
        : new StorageError(404, "InvalidRequest", "The related resource does not exist");
    case "55P03":
      return new StorageError(423, "ResourceLocked", "The resource is locked");
    case "57014":
      return new StorageError(544, "DatabaseTimeout", "The connection to the database timed out", "DatabaseTimeout", 544);
    case "42P17":
      return new StorageError(503, "DatabaseInvalidObjectDefinition", "The database schema is invalid or incompatible.");
    case "22P02":
      return new StorageError(400, "InvalidParameter", error.message || "Invalid value format or type conversion failed");
    default:
      return new StorageError(500, "DatabaseError", `database error, code: ${error.code}`);
  }
}

/** The reply for anything a Storage route threw. */
export function storageErrorReply(error: unknown): Reply {
  let known: StorageError;
  if (error instanceof StorageError) known = error;
  else if (/^[0-9A-Z]{5}$/.test(String((error as PgError | null)?.code))) known = fromPgError(error as PgError);
  else known = new StorageError(500, "InternalError", "Internal Server Error", "Internal");
  if (known.statusCode >= 500 && !(error instanceof StorageError)) console.error("[storage] unexpected error:", error);
  return json(known.httpStatus, { statusCode: String(known.statusCode), error: known.error, message: known.message, code: known.code });
}
