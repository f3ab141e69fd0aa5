import { randomUUID } from "node:crypto";
import { json, type Reply } from "../http";
import { readJson, readUpload, type StorageRequest } from "./body";
import type { StorageContext, Target } from "./context";
import { ERRORS } from "./errors";
import { canUpload, findBucket, mustFindObject, objectJson, objectMetadata, ownerColumns, writeObject } from "./queries";
import { renderHead, renderInfo, renderObject, type ObjectRow } from "./render";
import { maxFileSize, mustBeValidBucketName, mustBeValidKey } from "./rules";
import { SERVICE, type Caller, type Scope } from "./session";
import { checkBody } from "./validate";

/** The object routes of Storage that read, write and remove one bucket's objects (src/http/routes/object). */

const owner = (caller: Caller) => (typeof caller.claims.sub === "string" ? caller.claims.sub : undefined);

export interface UploadTarget {
  bucketId: string;
  name: string;
  upsert: boolean;
  /** Whose object it becomes: the caller's subject, or a signed upload URL's. */
  owner: string | undefined;
}

/**
 * POST/PUT /object/{bucket}/{name} and the signed upload (Storage's uploadFromRequest): the
 * bucket's size and type limits, the caller's right to write (asked of Postgres, before a byte is
 * read), then the bytes, then the row, written as the service role as Storage writes it.
 */
export async function upload(
  ctx: StorageContext,
  request: StorageRequest,
  scope: Scope,
  target: UploadTarget,
): Promise<{ id: string; key: string }> {
  const { bucketId, name } = target;
  mustBeValidBucketName(bucketId);
  const bucket = await ctx.sessions.asService(scope, (tx) => findBucket(tx, bucketId));
  if (!bucket) throw ERRORS.noSuchBucket();
  const file = await readUpload(request, {
    objectName: name,
    maxSize: maxFileSize(name, bucket.file_size_limit, ctx.fileSizeLimit),
    allowedMimeTypes: bucket.allowed_mime_types ?? [],
  });
  mustBeValidKey(name);
  await canUpload(ctx.sessions, scope, {
    bucketId,
    name,
    owner: target.owner,
    upsert: target.upsert,
    metadata: { mimetype: file.mimeType, contentLength: file.declaredLength },
    userMetadata: file.userMetadata,
  });
  const bytes = await file.bytes();
  const version = randomUUID();
  await ctx.blobs.put(bucketId, version, bytes);
  let written: Awaited<ReturnType<typeof writeObject>>;
  try {
    written = await ctx.sessions.asService(scope, (tx) =>
      writeObject(
        tx,
        {
          bucket_id: bucketId,
          name,
          ...ownerColumns(target.owner),
          metadata: objectMetadata(bytes, file.mimeType, file.cacheControl),
          user_metadata: { ...file.userMetadata },
          version,
        },
        target.upsert,
      ),
    );
  } catch (error) {
    await ctx.blobs.remove(bucketId, version);
    throw error;
  }
  if (written.replaced) await ctx.blobs.remove(bucketId, written.replaced);
  return { id: written.row.id, key: `${bucketId}/${name}` };
}

/** POST (x-upsert decides) or PUT (always an upsert) /object/{bucket}/{name}, owned by the caller. */
export async function uploadAsCaller(ctx: StorageContext, request: StorageRequest, scope: Scope, target: Target, upsert: boolean): Promise<Reply> {
  const { id, key } = await upload(ctx, request, scope, { bucketId: target.bucket, name: target.name, upsert, owner: owner(scope.caller) });
  return json(200, { Id: id, Key: key });
}

type ObjectView = "download" | "head" | "info";

/**
 * GET/HEAD /object/{authenticated/}{bucket}/{name} and /object/info/…: a public bucket's objects
 * for anyone with a valid token, a private bucket's only as row level security lets the caller
 * select them (Storage's getObject and getObjectInfo).
 */
export async function readObject(
  ctx: StorageContext,
  request: StorageRequest,
  scope: Scope,
  { bucket: bucketId, name }: Target,
  view: ObjectView,
): Promise<Reply> {
  mustBeValidBucketName(bucketId);
  const bucket = await ctx.sessions.asService(scope, (tx) => findBucket(tx, bucketId));
  if (!scope.caller.authenticated && !bucket?.public) throw ERRORS.noSuchBucket();
  if (!bucket) throw ERRORS.noSuchBucket();
  mustBeValidKey(name);
  const row = await (bucket.public ? ctx.sessions.asService : ctx.sessions.run)(scope, (tx) => mustFindObject(tx, bucketId, name));
  return present(ctx, request, row, view);
}

/** GET/HEAD /object/public/{bucket}/{name} and /object/info/public/…: public buckets only, no token needed. */
export async function readPublicObject(
  ctx: StorageContext,
  request: StorageRequest,
  scope: Scope,
  { bucket: bucketId, name }: Target,
  view: ObjectView,
): Promise<Reply> {
  mustBeValidBucketName(bucketId);
  const service = { ...scope, caller: SERVICE };
  const bucket = await ctx.sessions.run(service, (tx) => findBucket(tx, bucketId));
  if (!bucket?.public) throw ERRORS.noSuchBucket();
  mustBeValidKey(name);
  const row = await ctx.sessions.run(service, (tx) => mustFindObject(tx, bucketId, name));
  return present(ctx, request, row, view);
}

export async function present(
  ctx: StorageContext,
  request: StorageRequest,
  row: ObjectRow,
  view: ObjectView,
  expires?: Date,
): Promise<Reply> {
  if (view === "info") return renderInfo(row);
  if (view === "head") return renderHead(row);
  const bytes = row.version ? await ctx.blobs.get(row.bucket_id, row.version) : null;
  return renderObject(request, row, bytes, { download: request.url.searchParams.get("download"), expires });
}

/** DELETE /object/{bucket}/{name}: found as the service role, deleted as the caller (a delete policy decides). */
export async function removeObject(ctx: StorageContext, _request: StorageRequest, scope: Scope, { bucket: bucketId, name }: Target): Promise<Reply> {
  mustBeValidBucketName(bucketId);
  const row = await ctx.sessions.asService(scope, (tx) => mustFindObject(tx, bucketId, name));
  const deleted = await ctx.sessions.run(scope, async (tx) => {
    const { rows } = await tx.query(`delete from storage.objects where name = $1 and bucket_id = $2 returning id`, [name, bucketId]);
    return rows.length > 0;
  });
  if (!deleted) throw ERRORS.accessDenied("Access denied");
  if (row.version) await ctx.blobs.remove(bucketId, row.version);
  return json(200, { message: "Successfully deleted" });
}

/** DELETE /object/{bucket} `{ prefixes }`: the named objects the caller may delete; the rest silently stay. */
export async function removeObjects(ctx: StorageContext, request: StorageRequest, scope: Scope, { bucket: bucketId }: Target): Promise<Reply> {
  const body = checkBody<{ prefixes: string[] }>(await readJson(request), {
    type: "object",
    required: ["prefixes"],
    properties: { prefixes: { type: "array", minItems: 1 } },
  });
  mustBeValidBucketName(bucketId);
  const rows = await ctx.sessions.run(scope, async (tx) =>
    (
      await tx.query<ObjectRow>(
        `delete from storage.objects where bucket_id = $1 and name = any($2::text[])
         returning id, name, bucket_id, version, owner, owner_id, metadata, user_metadata, created_at, updated_at, last_accessed_at`,
        [bucketId, body.prefixes],
      )
    ).rows,
  );
  for (const row of rows) if (row.version) await ctx.blobs.remove(bucketId, row.version);
  return json(200, rows.map(objectJson));
}

interface ListBody {
  prefix: string;
  limit?: number;
  offset?: number;
  sortBy?: { column: string; order?: string };
  search?: string;
}

/** POST /object/list/{bucket}: one level under a prefix, through storage.search as the caller. */
export async function listObjects(ctx: StorageContext, request: StorageRequest, scope: Scope, { bucket: bucketId }: Target): Promise<Reply> {
  const body = checkBody<ListBody>(await readJson(request), {
    type: "object",
    required: ["prefix"],
    properties: {
      prefix: { type: "string" },
      limit: { type: "integer", minimum: 1 },
      offset: { type: "integer", minimum: 0 },
      sortBy: {
        type: "object",
        required: ["column"],
        properties: {
          column: { type: "string", enum: ["name", "updated_at", "created_at", "last_accessed_at"] },
          order: { type: "string", enum: ["asc", "desc"] },
        },
      },
      search: { type: "string" },
    },
  });
  mustBeValidBucketName(bucketId);
  // Storage lists folders: a prefix names one, with or without its final "/".
  const prefix = body.prefix.length > 0 && !body.prefix.endsWith("/") ? `${body.prefix}/` : body.prefix;
  const rows = await ctx.sessions.run(scope, async (tx) =>
    (
      await tx.query<Record<string, unknown>>(`select * from storage.search($1, $2, $3, $4, $5, $6, $7, $8)`, [
        prefix,
        bucketId,
        body.limit ?? 100,
        (prefix + (body.search ?? "")).split("/").length,
        body.offset ?? 0,
        body.search ?? "",
        body.sortBy?.column ?? "name",
        body.sortBy?.order ?? "asc",
      ])
    ).rows,
  );
  return json(200, rows.map(objectJson));
}
