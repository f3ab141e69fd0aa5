import { json, type Reply } from "../http";
import { readJson, type StorageRequest } from "./body";
import type { StorageContext, Target } from "./context";
import { ERRORS } from "./errors";
import { bucketJson, ownerColumns } from "./queries";
import { mustBeNewBucketName, mustBeValidBucketName, mustBeValidMimeTypes, parseFileSize } from "./rules";
import { pgCode, type Scope } from "./session";
import { checkBody, checkQuery, type Rule } from "./validate";

/**
 * The bucket routes (src/http/routes/bucket): every statement runs as the caller, so only the
 * service role, or a caller a policy on storage.buckets allows, sees or changes a bucket.
 */

const BUCKET_COLUMNS = "id, name, owner, public, created_at, updated_at, file_size_limit::float8 as file_size_limit, allowed_mime_types";

const limitsRules = {
  public: { type: "boolean" },
  file_size_limit: { type: "size" },
  allowed_mime_types: { type: "array", nullable: true },
} satisfies Record<string, Rule>;

interface BucketLimits {
  public?: boolean;
  file_size_limit?: number | string | null;
  allowed_mime_types?: string[] | null;
}

/** A file_size_limit in bytes: a size text is decimal ("1MB" is 10⁶), and no bucket may exceed the project. */
function sizeLimit(ctx: StorageContext, value: number | string | null | undefined): number | null | undefined {
  if (value === undefined || value === null) return value;
  const bytes = typeof value === "string" ? parseFileSize(value) : value;
  if (bytes > ctx.fileSizeLimit) throw ERRORS.entityTooLarge();
  return bytes;
}

function mimeTypes(value: string[] | null | undefined): string[] | null | undefined {
  if (!value) return value;
  const types = value.filter(Boolean);
  mustBeValidMimeTypes(types);
  return types;
}

interface ListQuery {
  limit?: number;
  offset?: number;
  sortColumn?: string;
  sortOrder?: string;
  search?: string;
}

/** GET /bucket: the buckets the caller may select. */
export async function listBuckets(ctx: StorageContext, request: StorageRequest, scope: Scope): Promise<Reply> {
  const query = checkQuery<ListQuery>(request.url.searchParams, {
    type: "object",
    properties: {
      limit: { type: "integer", minimum: 1 },
      offset: { type: "integer", minimum: 0 },
      sortColumn: { type: "string", enum: ["id", "name", "created_at", "updated_at"] },
      sortOrder: { type: "string", enum: ["asc", "desc"] },
      search: { type: "string" },
    },
  });
  const params: unknown[] = [];
  let sql = `select ${BUCKET_COLUMNS}, type from storage.buckets`;
  if (query.search) {
    params.push(`%${query.search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`);
    sql += ` where name ilike $${params.length}`;
  }
  if (query.sortColumn) sql += ` order by ${query.sortColumn} ${query.sortOrder === "desc" ? "desc" : "asc"}`;
  if (query.limit !== undefined) sql += ` limit $${params.push(query.limit)}`;
  if (query.offset !== undefined) sql += ` offset $${params.push(query.offset)}`;
  const rows = await ctx.sessions.run(scope, async (tx) => (await tx.query<Record<string, unknown>>(sql, params)).rows);
  return json(200, rows.map(bucketJson));
}

/** GET /bucket/{id}. */
export async function getBucket(ctx: StorageContext, _request: StorageRequest, scope: Scope, { bucket: id }: Target): Promise<Reply> {
  const row = await ctx.sessions.run(scope, async (tx) => {
    const { rows } = await tx.query<Record<string, unknown>>(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1 limit 1`, [id]);
    return rows[0];
  });
  if (!row) throw ERRORS.noSuchBucket();
  return json(200, bucketJson(row));
}

/** POST /bucket `{ name, id?, public?, file_size_limit?, allowed_mime_types? }`: an insert, which a policy must allow. */
export async function createBucket(ctx: StorageContext, request: StorageRequest, scope: Scope): Promise<Reply> {
  const body = checkBody<BucketLimits & { name: string; id?: string; type?: string }>(await readJson(request), {
    type: "object",
    required: ["name"],
    properties: {
      name: { type: "string" },
      id: { type: "string" },
      ...limitsRules,
      type: { type: "string", enum: ["STANDARD", "ANALYTICS"] },
    },
  });
  mustBeNewBucketName(body.name);
  if (body.type === "ANALYTICS") throw ERRORS.featureNotEnabled("Iceberg buckets are not enabled for this tenant");
  const owner = typeof scope.caller.claims.sub === "string" ? scope.caller.claims.sub : undefined;
  const id = body.id || body.name;
  const record = {
    id,
    name: body.name,
    ...ownerColumns(owner),
    public: body.public ?? false,
    allowed_mime_types: mimeTypes(body.allowed_mime_types),
    file_size_limit: sizeLimit(ctx, body.file_size_limit),
    type: "STANDARD",
  };
  const entries = Object.entries(record).filter(([, value]) => value !== undefined);
  try {
    await ctx.sessions.run(scope, (tx) =>
      tx.query(
        `insert into storage.buckets (${entries.map(([column]) => column).join(", ")})
         values (${entries.map((_, index) => `$${index + 1}`).join(", ")})`,
        entries.map(([, value]) => value),
      ),
    );
  } catch (error) {
    if (pgCode(error) === "23505") throw ERRORS.bucketAlreadyExists();
    throw error;
  }
  return json(200, { name: body.name });
}

/** PUT /bucket/{id} `{ public?, file_size_limit?, allowed_mime_types? }`. */
export async function updateBucket(ctx: StorageContext, request: StorageRequest, scope: Scope, { bucket: id }: Target): Promise<Reply> {
  const body = checkBody<BucketLimits>(await readJson(request), {
    type: "object",
    properties: limitsRules,
    anyOfRequired: ["public", "file_size_limit", "allowed_mime_types"],
  });
  mustBeValidBucketName(id);
  const changes = Object.entries({
    public: body.public,
    file_size_limit: sizeLimit(ctx, body.file_size_limit),
    allowed_mime_types: mimeTypes(body.allowed_mime_types),
  }).filter(([, value]) => value !== undefined);
  if (changes.length === 0) throw ERRORS.noContentProvided();
  const updated = await ctx.sessions.run(scope, async (tx) => {
    const { rows } = await tx.query(
      `update storage.buckets set ${changes.map(([column], index) => `${column} = $${index + 1}`).join(", ")}
       where id = $${changes.length + 1} returning id`,
      [...changes.map(([, value]) => value), id],
    );
    return rows.length;
  });
  if (updated === 0) throw ERRORS.noSuchBucket();
  return json(200, { message: "Successfully updated" });
}

/** DELETE /bucket/{id}: only an empty bucket, and only as a delete policy (or the service role) allows. */
export async function deleteBucket(ctx: StorageContext, _request: StorageRequest, scope: Scope, { bucket: id }: Target): Promise<Reply> {
  const found = await ctx.sessions.asService(scope, async (tx) => {
    const bucket = (await tx.query(`select id from storage.buckets where id = $1`, [id])).rows[0];
    const objects = (await tx.query(`select 1 from storage.objects where bucket_id = $1 limit 1`, [id])).rows.length;
    return { exists: !!bucket, empty: objects === 0 };
  });
  if (!found.exists) throw ERRORS.noSuchBucket();
  if (!found.empty) throw ERRORS.bucketNotEmpty();
  const deleted = await ctx.sessions.run(scope, async (tx) => {
    const { rows } = await tx.query(`delete from storage.buckets where id = $1 returning id`, [id]);
    return rows.length;
  });
  if (deleted === 0) throw ERRORS.noSuchBucket();
  return json(200, { message: "Successfully deleted" });
}

/**
 * POST /bucket/{id}/empty: the service role only. Storage queues the deletion; here it is done
 * before the answer, which keeps Storage's words.
 */
export async function emptyBucket(ctx: StorageContext, _request: StorageRequest, scope: Scope, { bucket: id }: Target): Promise<Reply> {
  if (!scope.caller.authenticated) throw ERRORS.accessDenied("Access denied: JWT is not authenticated", 403);
  if (scope.caller.role !== "service_role") throw ERRORS.accessDenied("Access denied: Invalid role", 403);
  const versions = await ctx.sessions.run(scope, async (tx) => {
    if ((await tx.query(`select 1 from storage.buckets where id = $1`, [id])).rows.length === 0) throw ERRORS.noSuchBucket();
    const { rows } = await tx.query<{ version: string | null }>(`delete from storage.objects where bucket_id = $1 returning version`, [id]);
    return rows.map((row) => row.version);
  });
  for (const version of versions) if (version) await ctx.blobs.remove(id, version);
  return json(200, { message: "Empty bucket has been queued. Completion may take up to an hour." });
}
