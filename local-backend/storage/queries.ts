import { createHash } from "node:crypto";
import { ERRORS } from "./errors";
import type { ObjectRow } from "./render";
import { pgCode, type Scope, type Sessions, type Tx } from "./session";

/** The statements Storage runs on storage.buckets and storage.objects (src/storage/database/pg.ts). */

export interface BucketRow {
  id: string;
  public: boolean | null;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
}

const OBJECT_COLUMNS = "id, name, bucket_id, version, owner, owner_id, metadata, user_metadata, created_at, updated_at, last_accessed_at";

export async function findBucket(tx: Tx, id: string): Promise<BucketRow | undefined> {
  const { rows } = await tx.query<BucketRow>(
    `select id, public, file_size_limit::float8 as file_size_limit, allowed_mime_types from storage.buckets where id = $1 limit 1`,
    [id],
  );
  return rows[0];
}

export async function findObject(tx: Tx, bucketId: string, name: string, lock = false): Promise<ObjectRow | undefined> {
  const { rows } = await tx.query<ObjectRow>(
    `select ${OBJECT_COLUMNS} from storage.objects where name = $1 and bucket_id = $2 limit 1${lock ? " for update" : ""}`,
    [name, bucketId],
  );
  return rows[0];
}

export async function mustFindObject(tx: Tx, bucketId: string, name: string, lock = false): Promise<ObjectRow> {
  const row = await findObject(tx, bucketId, name, lock);
  if (!row) throw ERRORS.noSuchKey();
  return row;
}

export async function findObjectNames(tx: Tx, bucketId: string, names: string[]): Promise<Set<string>> {
  const { rows } = await tx.query<{ name: string }>(`select name from storage.objects where bucket_id = $1 and name = any($2::text[])`, [
    bucketId,
    names,
  ]);
  return new Set(rows.map((row) => row.name));
}

/** Storage writes `owner` only when the token's subject is a UUID, and always `owner_id`. */
export function ownerColumns(owner: string | undefined): { owner?: string; owner_id?: string } {
  const isUuid = !!owner && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-5][0-9a-f]{3}-[089ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(owner);
  return { owner: isUuid ? owner : undefined, owner_id: owner };
}

function defined(record: Record<string, unknown>): [string, unknown][] {
  return Object.entries(record).filter(([, value]) => value !== undefined);
}

interface ObjectRecord {
  bucket_id: string;
  name: string;
  owner?: string;
  owner_id?: string;
  metadata?: Record<string, unknown>;
  user_metadata?: Record<string, unknown>;
  version: string;
}

/** INSERT … ON CONFLICT DO UPDATE, as Storage's upsertObject: it needs insert, select and update policies. */
function upsertStatement(record: ObjectRecord): { sql: string; params: unknown[] } {
  const entries = defined({ ...record });
  const updated = entries.map(([column]) => column).filter((column) => !["bucket_id", "name"].includes(column));
  return {
    sql: `insert into storage.objects (${entries.map(([column]) => column).join(", ")})
          values (${entries.map((_, index) => `$${index + 1}`).join(", ")})
          on conflict (name, bucket_id) do update set ${updated.map((column) => `${column} = excluded.${column}`).join(", ")}
          returning ${OBJECT_COLUMNS}`,
    params: entries.map(([, value]) => value),
  };
}

export interface CanUpload {
  bucketId: string;
  name: string;
  owner: string | undefined;
  upsert: boolean;
  metadata: Record<string, unknown>;
  userMetadata: Record<string, unknown> | undefined;
}

/**
 * Whether the caller may write this object, asked of Postgres with the very statement Storage's
 * canUpload runs and then rolls back: a plain INSERT (insert policies) for a new object, the
 * upsert (insert, select and update policies) with x-upsert.
 */
export async function canUpload(sessions: Sessions, scope: Scope, upload: CanUpload): Promise<void> {
  const record: ObjectRecord = {
    bucket_id: upload.bucketId,
    name: upload.name,
    ...ownerColumns(upload.owner),
    metadata: upload.metadata,
    user_metadata: upload.userMetadata,
    version: "1",
  };
  await sessions.test(scope, async (tx) => {
    if (upload.upsert) {
      const { sql, params } = upsertStatement(record);
      await tx.query(sql, params);
      return;
    }
    const entries = defined({ ...record });
    try {
      await tx.query(
        `insert into storage.objects (${entries.map(([column]) => column).join(", ")})
         values (${entries.map((_, index) => `$${index + 1}`).join(", ")})`,
        entries.map(([, value]) => value),
      );
    } catch (error) {
      if (pgCode(error) === "23505") throw ERRORS.keyAlreadyExists();
      throw error;
    }
  });
}

/** The object's metadata as Storage keeps it after storing the bytes (its backend's headObject). */
export function objectMetadata(bytes: Buffer, mimetype: string, cacheControl: string): Record<string, unknown> {
  return {
    eTag: `"${createHash("md5").update(bytes).digest("hex")}"`,
    size: bytes.length,
    mimetype,
    cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: bytes.length,
    httpStatusCode: 200,
  };
}

/**
 * Points the row at a newly stored version, as the service role (Storage's completeUpload); the
 * version it replaced, if any, is returned for its bytes to be removed. A name taken since the
 * permission check refuses a plain upload.
 */
export async function writeObject(tx: Tx, record: ObjectRecord, upsert: boolean): Promise<{ row: ObjectRow; replaced: string | null }> {
  const current = await findObject(tx, record.bucket_id, record.name, true);
  if (current && !upsert) throw ERRORS.keyAlreadyExists();
  const { sql, params } = upsertStatement(record);
  const row = (await tx.query<ObjectRow>(sql, params)).rows[0];
  return { row, replaced: current?.version ?? null };
}

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

/**
 * A row as Storage's response schemas serialize it: their key order, dates as ISO text, and a
 * missing text column as "" (fast-json-stringify's rendering of null for a string).
 */
export function objectJson(object: Partial<ObjectRow>): Record<string, unknown> {
  const row = object as Record<string, unknown>;
  const text = ["name", "bucket_id", "owner", "owner_id", "version"];
  const order = [...text, "id", "updated_at", "created_at", "last_accessed_at", "metadata", "user_metadata"];
  const result: Record<string, unknown> = {};
  for (const key of order) {
    if (!(key in row) || row[key] === undefined) continue;
    result[key] = text.includes(key) && row[key] === null ? "" : iso(row[key]);
  }
  return result;
}

export function bucketJson(row: Record<string, unknown>): Record<string, unknown> {
  const order = ["id", "name", "owner", "owner_id", "public", "type", "file_size_limit", "allowed_mime_types", "created_at", "updated_at"];
  const result: Record<string, unknown> = {};
  for (const key of order) {
    if (!(key in row) || row[key] === undefined) continue;
    result[key] = ["owner", "owner_id"].includes(key) && row[key] === null ? "" : iso(row[key]);
  }
  return result;
}
