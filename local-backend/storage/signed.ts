import { header, json, type Reply } from "../http";
import type { Claims } from "../keys";
import { readJson, type StorageRequest } from "./body";
import type { StorageContext, Target } from "./context";
import { ERRORS } from "./errors";
import { present, upload } from "./objects";
import { canUpload, findObjectNames, mustFindObject } from "./queries";
import { mustBeValidBucketName, mustBeValidKey } from "./rules";
import { SERVICE, type Scope } from "./session";
import { checkBody } from "./validate";

/**
 * Signed URLs (Storage's signObjectUrl, signObjectUrls, signUploadObjectUrl and
 * verifyObjectSignature): a token is a JWT signed with the key that signs the project's access
 * tokens, naming the object (`url`: bucket/name), what it allows (`scope`) and until when (`exp`).
 * Signing one asks Postgres first whether the caller may read (or write) the object.
 */

/** Hosted projects' lifetime of a signed upload URL (the CLI's SIGNED_UPLOAD_URL_EXPIRATION_TIME). */
const UPLOAD_URL_SECONDS = 2 * 60 * 60;
const MISSING = "Either the object does not exist or you do not have access to it";

function mustBeValidExpiry(expiresIn: number): void {
  const latest = Math.floor(Number.MAX_SAFE_INTEGER / 1000) - Math.floor(Date.now() / 1000);
  if (!Number.isSafeInteger(expiresIn) || expiresIn < 1 || expiresIn > latest) throw ERRORS.invalidParameter("expiresIn");
}

const expiresInRule = { type: "integer", minimum: 1 } as const;

/** POST /object/sign/{bucket}/{name} `{ expiresIn }`: a download URL, if the caller may select the object. */
export async function signUrl(ctx: StorageContext, request: StorageRequest, scope: Scope, { bucket: bucketId, name }: Target): Promise<Reply> {
  const body = checkBody<{ expiresIn: number }>(await readJson(request), {
    type: "object",
    required: ["expiresIn"],
    properties: { expiresIn: expiresInRule },
  });
  mustBeValidBucketName(bucketId);
  mustBeValidExpiry(body.expiresIn);
  mustBeValidKey(name);
  await ctx.sessions.run(scope, (tx) => mustFindObject(tx, bucketId, name));
  const token = await ctx.signer.sign({ url: `${bucketId}/${name}`, scope: "download" }, body.expiresIn);
  return json(200, { signedURL: `/object/sign/${bucketId}/${name}?token=${token}` });
}

/** POST /object/sign/{bucket} `{ expiresIn, paths }`: a URL for each path the caller may select, an error for the others. */
export async function signUrls(ctx: StorageContext, request: StorageRequest, scope: Scope, { bucket: bucketId }: Target): Promise<Reply> {
  const body = checkBody<{ expiresIn: number; paths: string[] }>(await readJson(request), {
    type: "object",
    required: ["expiresIn", "paths"],
    properties: { expiresIn: expiresInRule, paths: { type: "array", minItems: 1, maxItems: 1000 } },
  });
  mustBeValidBucketName(bucketId);
  mustBeValidExpiry(body.expiresIn);
  const found = await ctx.sessions.run(scope, (tx) => findObjectNames(tx, bucketId, body.paths));
  const results = await Promise.all(
    body.paths.map(async (path) => {
      if (!found.has(path)) return { error: MISSING, path, signedURL: null };
      const token = await ctx.signer.sign({ url: `${bucketId}/${path}`, scope: "download" }, body.expiresIn);
      return { error: null, path, signedURL: `/object/sign/${bucketId}/${path}?token=${token}` };
    }),
  );
  return json(200, results);
}

type TokenScope = "download" | "upload";

/**
 * A token's claims, if it is ours, allows `scope` and names this very object. Tokens from before
 * Storage scoped them pass by their shape: an upload token always carries `upsert`.
 */
async function verifyToken(ctx: StorageContext, token: string, scope: TokenScope, bucketId: string, name: string): Promise<Claims> {
  const verified = await ctx.signer.verify(token);
  if (!verified.ok) throw ERRORS.invalidJwt(verified.message);
  const claims = verified.claims;
  const legacy = claims.scope === undefined;
  const allowed =
    scope === "upload" ? claims.scope === "upload" || (legacy && "upsert" in claims) : claims.scope === "download" || (legacy && !("upsert" in claims));
  if (!allowed) throw ERRORS.invalidSignature(`Token is not scoped for ${scope}`);
  if (claims.url !== `${bucketId}/${name}`) throw ERRORS.invalidSignature();
  if ((claims.exp ?? 0) * 1000 < Date.now()) throw ERRORS.expiredSignature();
  return claims;
}

function tokenOf(request: StorageRequest): string {
  const token = request.url.searchParams.get("token");
  if (token === null) throw ERRORS.validation("querystring must have required property 'token'");
  return token;
}

/** GET /object/sign/{bucket}/{name}?token=…: the object, until the token expires; no key or session needed. */
export async function readSigned(ctx: StorageContext, request: StorageRequest, scope: Scope, { bucket: bucketId, name }: Target): Promise<Reply> {
  const token = tokenOf(request);
  mustBeValidBucketName(bucketId);
  const claims = await verifyToken(ctx, token, "download", bucketId, name);
  mustBeValidKey(name);
  const row = await ctx.sessions.run({ ...scope, caller: SERVICE }, (tx) => mustFindObject(tx, bucketId, name));
  return present(ctx, request, row, "download", new Date((claims.exp ?? 0) * 1000));
}

/** POST /object/upload/sign/{bucket}/{name}: an upload URL, if the caller may write the object now. */
export async function signUploadUrl(ctx: StorageContext, request: StorageRequest, scope: Scope, { bucket: bucketId, name }: Target): Promise<Reply> {
  mustBeValidBucketName(bucketId);
  const owner = typeof scope.caller.claims.sub === "string" ? scope.caller.claims.sub : undefined;
  const upsert = header(request, "x-upsert") === "true";
  const encodedMetadata = header(request, "x-metadata");
  let userMetadata: Record<string, unknown> | undefined;
  try {
    userMetadata = encodedMetadata === undefined ? undefined : JSON.parse(Buffer.from(encodedMetadata, "base64").toString("utf8"));
  } catch {
    userMetadata = undefined;
  }
  const contentLength = header(request, "content-length");
  await canUpload(ctx.sessions, scope, {
    bucketId,
    name,
    owner,
    upsert,
    metadata: { mimetype: header(request, "content-type"), contentLength: contentLength ? Number(contentLength) : undefined },
    userMetadata,
  });
  const url = `${bucketId}/${name}`;
  const token = await ctx.signer.sign({ owner, url, upsert, scope: "upload" }, UPLOAD_URL_SECONDS);
  return json(200, { url: `/object/upload/sign/${url}?token=${token}`, token });
}

/** PUT /object/upload/sign/{bucket}/{name}?token=…: the upload the token allows, owned by whoever signed it. */
export async function uploadSigned(ctx: StorageContext, request: StorageRequest, scope: Scope, { bucket: bucketId, name }: Target): Promise<Reply> {
  const token = tokenOf(request);
  mustBeValidBucketName(bucketId);
  const claims = await verifyToken(ctx, token, "upload", bucketId, name);
  const { key } = await upload(ctx, request, { ...scope, caller: SERVICE }, {
    bucketId,
    name,
    upsert: claims.upsert === true,
    owner: typeof claims.owner === "string" ? claims.owner : undefined,
  });
  return json(200, { Key: key });
}
