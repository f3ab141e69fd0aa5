import { randomUUID } from "node:crypto";
import { header, json, type Reply } from "../http";
import { readJson, type StorageRequest } from "./body";
import type { StorageContext } from "./context";
import { ERRORS } from "./errors";
import { canUpload, mustFindObject, objectJson, ownerColumns, writeObject } from "./queries";
import { mustBeValidBucketName, mustBeValidKey } from "./rules";
import type { Scope } from "./session";
import { checkBody } from "./validate";

/**
 * POST /object/move and /object/copy (Storage's moveObject and copyObject). As there, only the
 * destination key and row level security are checked: a bucket's allowed types and size limit bind
 * uploads alone (src/storage/uploader.ts), so a copy or move into a stricter bucket succeeds.
 */

interface TransferBody {
  bucketId: string;
  sourceKey: string;
  destinationKey: string;
  destinationBucket?: string;
  copyMetadata?: boolean;
  metadata?: { cacheControl?: string; mimetype?: string };
}

async function transferBody(request: StorageRequest, withMetadata: boolean): Promise<TransferBody> {
  return checkBody<TransferBody>(await readJson(request), {
    type: "object",
    required: withMetadata ? ["sourceKey", "bucketId", "destinationKey"] : ["bucketId", "sourceKey", "destinationKey"],
    properties: {
      bucketId: { type: "string" },
      sourceKey: { type: "string" },
      destinationBucket: { type: "string" },
      destinationKey: { type: "string" },
      ...(withMetadata
        ? {
            metadata: { type: "object", properties: { cacheControl: { type: "string" }, mimetype: { type: "string" } } },
            copyMetadata: { type: "boolean" },
          }
        : {}),
    },
  });
}

const ownerOf = (scope: Scope) => (typeof scope.caller.claims.sub === "string" ? scope.caller.claims.sub : undefined);

/**
 * Moves an object: the caller must be able to select the source and to update it into its new
 * name (the update's policies, tried and rolled back), then the bytes go to a new version and the
 * row follows, as the service role.
 */
export async function moveObject(ctx: StorageContext, request: StorageRequest, scope: Scope): Promise<Reply> {
  const body = await transferBody(request, false);
  mustBeValidBucketName(body.bucketId);
  const destinationBucket = body.destinationBucket || body.bucketId;
  mustBeValidKey(body.destinationKey);
  const owner = ownerOf(scope);
  const version = randomUUID();
  await ctx.sessions.test(scope, async (tx) => {
    await mustFindObject(tx, body.bucketId, body.sourceKey);
    const set = { name: body.destinationKey, version, bucket_id: destinationBucket, ...ownerColumns(owner) };
    const entries = Object.entries(set).filter(([, value]) => value !== undefined);
    const { rows } = await tx.query(
      `update storage.objects set ${entries.map(([column], index) => `${column} = $${index + 1}`).join(", ")}
       where bucket_id = $${entries.length + 1} and name = $${entries.length + 2} returning id`,
      [...entries.map(([, value]) => value), body.bucketId, body.sourceKey],
    );
    if (rows.length === 0) throw ERRORS.noSuchKey();
  });
  const source = await ctx.sessions.asService(scope, (tx) => mustFindObject(tx, body.bucketId, body.sourceKey));
  if (body.bucketId === destinationBucket && body.sourceKey === body.destinationKey) return json(200, { message: "Successfully moved" });
  if (source.version) await ctx.blobs.copy({ bucket: body.bucketId, version: source.version }, { bucket: destinationBucket, version });
  try {
    await ctx.sessions.asService(scope, async (tx) => {
      const current = await mustFindObject(tx, body.bucketId, body.sourceKey, true);
      const metadata = { ...current.metadata, lastModified: new Date().toISOString() };
      const set = { name: body.destinationKey, bucket_id: destinationBucket, version, ...ownerColumns(owner), metadata };
      const entries = Object.entries(set).filter(([, value]) => value !== undefined);
      await tx.query(
        `update storage.objects set ${entries.map(([column], index) => `${column} = $${index + 1}`).join(", ")}
         where bucket_id = $${entries.length + 1} and name = $${entries.length + 2}`,
        [...entries.map(([, value]) => value), body.bucketId, body.sourceKey],
      );
    });
  } catch (error) {
    await ctx.blobs.remove(destinationBucket, version);
    throw error;
  }
  if (source.version) await ctx.blobs.remove(body.bucketId, source.version);
  return json(200, { message: "Successfully moved" });
}

/**
 * Copies an object: the caller must be able to select the source and to write the destination
 * (insert, or upsert with x-upsert: true); the copy keeps the source's metadata unless
 * copyMetadata is false.
 */
export async function copyObject(ctx: StorageContext, request: StorageRequest, scope: Scope): Promise<Reply> {
  const body = await transferBody(request, true);
  mustBeValidBucketName(body.bucketId);
  const destinationBucket = body.destinationBucket || body.bucketId;
  mustBeValidKey(body.destinationKey);
  const owner = ownerOf(scope);
  const upsert = header(request, "x-upsert") === "true";
  const source = await ctx.sessions.run(scope, (tx) => mustFindObject(tx, body.bucketId, body.sourceKey));
  const metadata: Record<string, unknown> = { ...source.metadata };
  if (body.copyMetadata === false) {
    if (body.metadata?.cacheControl !== undefined) metadata.cacheControl = body.metadata.cacheControl;
    if (body.metadata?.mimetype !== undefined) metadata.mimetype = body.metadata.mimetype;
  }
  const userMetadata = body.copyMetadata === false ? undefined : (source.user_metadata ?? undefined);
  await canUpload(ctx.sessions, scope, { bucketId: destinationBucket, name: body.destinationKey, owner, upsert, metadata, userMetadata });
  const version = randomUUID();
  if (source.version) await ctx.blobs.copy({ bucket: body.bucketId, version: source.version }, { bucket: destinationBucket, version });
  let written: Awaited<ReturnType<typeof writeObject>>;
  try {
    written = await ctx.sessions.asService(scope, (tx) =>
      writeObject(
        tx,
        {
          bucket_id: destinationBucket,
          name: body.destinationKey,
          ...ownerColumns(owner),
          metadata: { ...metadata, lastModified: new Date().toISOString() },
          user_metadata: userMetadata,
          version,
        },
        true,
      ),
    );
  } catch (error) {
    await ctx.blobs.remove(destinationBucket, version);
    throw error;
  }
  if (written.replaced) await ctx.blobs.remove(destinationBucket, written.replaced);
  return json(200, { Id: written.row.id, Key: `${destinationBucket}/${body.destinationKey}`, ...objectJson(written.row) });
}
