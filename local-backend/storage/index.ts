import type { BackendConfig } from "../config";
import type { Database } from "../database";
import { bearerToken, header, json, type Reply } from "../http";
import { apiKeyClaims, opaqueKeyRole, type Signer } from "../keys";
import { createBlobStore } from "./blobs";
import type { StorageRequest } from "./body";
import { createBucket, deleteBucket, emptyBucket, getBucket, listBuckets, updateBucket } from "./buckets";
import type { StorageContext, Target } from "./context";
import { ERRORS, StorageError, storageErrorReply } from "./errors";
import { listObjects, readObject, readPublicObject, removeObject, removeObjects, uploadAsCaller } from "./objects";
import { createSessions, SERVICE, type ApiRole, type Caller, type Scope } from "./session";
import { readSigned, signUploadUrl, signUrl, signUrls, uploadSigned } from "./signed";
import { copyObject, moveObject } from "./transfer";

export type { StorageRequest } from "./body";

const API_ROLES: readonly string[] = ["anon", "authenticated", "service_role"];

/** Where a route takes its caller from (Storage's registerJwtAuth, allowInvalidJwt, dbSuperUser). */
type Access = "token" | "optional" | "none";

type Handler = (ctx: StorageContext, request: StorageRequest, scope: Scope, target: Target) => Promise<Reply>;

interface Route {
  method: string;
  /** Fastify's syntax: `:bucket` is one segment, `*` the rest of the path (the object's name). */
  path: string;
  access: Access;
  /** The route's name in storage.operation() (src/http/routes/operations.ts). */
  operation: string;
  handle: Handler;
}

const route = (method: string, path: string, access: Access, operation: string, handle: Handler): Route => ({
  method,
  path,
  access,
  operation,
  handle,
});

const upload: Handler = (ctx, request, scope, target) => uploadAsCaller(ctx, request, scope, target, header(request, "x-upsert") === "true");
const update: Handler = (ctx, request, scope, target) => uploadAsCaller(ctx, request, scope, target, true);
const view =
  (read: typeof readObject, as: "download" | "head" | "info"): Handler =>
  (ctx, request, scope, target) =>
    read(ctx, request, scope, target, as);

/**
 * Storage's REST routes (src/http/routes/bucket and object), listed so that the first match is
 * the one Fastify's router picks: a static segment ("sign", "public", …) before a bucket's name.
 */
const ROUTES: Route[] = [
  route("GET", "/bucket", "token", "storage.bucket.list", listBuckets),
  route("POST", "/bucket", "token", "storage.bucket.create", createBucket),
  route("POST", "/bucket/:bucket/empty", "token", "storage.bucket.empty", emptyBucket),
  route("GET", "/bucket/:bucket", "token", "storage.bucket.get", getBucket),
  route("PUT", "/bucket/:bucket", "token", "storage.bucket.update", updateBucket),
  route("DELETE", "/bucket/:bucket", "token", "storage.bucket.delete", deleteBucket),

  route("POST", "/object/move", "token", "storage.object.move", moveObject),
  route("POST", "/object/copy", "token", "storage.object.copy", copyObject),
  route("POST", "/object/list/:bucket", "token", "storage.object.list", listObjects),
  route("POST", "/object/sign/:bucket", "token", "storage.object.sign_many", signUrls),
  route("POST", "/object/sign/:bucket/*", "token", "storage.object.sign", signUrl),
  route("GET", "/object/sign/:bucket/*", "none", "storage.object.get_signed", readSigned),
  route("POST", "/object/upload/sign/:bucket/*", "token", "storage.object.sign_upload_url", signUploadUrl),
  route("PUT", "/object/upload/sign/:bucket/*", "none", "storage.object.upload_signed", uploadSigned),
  route("GET", "/object/public/:bucket/*", "none", "storage.object.get_public", view(readPublicObject, "download")),
  route("HEAD", "/object/public/:bucket/*", "none", "storage.object.info_public", view(readPublicObject, "head")),
  route("GET", "/object/authenticated/:bucket/*", "token", "storage.object.get_authenticated", view(readObject, "download")),
  route("HEAD", "/object/authenticated/:bucket/*", "token", "object.head_authenticated_info", view(readObject, "head")),
  route("GET", "/object/info/public/:bucket/*", "none", "storage.object.info_public", view(readPublicObject, "info")),
  route("GET", "/object/info/authenticated/:bucket/*", "token", "object.get_authenticated_info", view(readObject, "info")),
  route("GET", "/object/info/:bucket/*", "optional", "object.get_authenticated_info", view(readObject, "info")),
  route("GET", "/object/:bucket/*", "optional", "storage.object.get_authenticated", view(readObject, "download")),
  route("HEAD", "/object/:bucket/*", "optional", "object.head_authenticated_info", view(readObject, "head")),
  route("POST", "/object/:bucket/*", "token", "storage.object.upload", upload),
  route("PUT", "/object/:bucket/*", "token", "storage.object.upload_update", update),
  route("DELETE", "/object/:bucket", "token", "storage.object.delete_many", removeObjects),
  route("DELETE", "/object/:bucket/*", "token", "storage.object.delete", removeObject),
];

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw ERRORS.invalidRequest(`'${text}' is not a valid url component`);
  }
}

const MATCHERS = ROUTES.map((route) => {
  const source = route.path
    .split("/")
    .map((part) => (part === ":bucket" ? "([^/]+)" : part === "*" ? "(.*)" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  // The root of a prefix answers with or without a final "/", as Fastify registers both.
  return { route, pattern: new RegExp(`^${source}${route.path === "/bucket" ? "/?" : ""}$`) };
});

/** The route for a method and a path below /storage/v1, and its decoded bucket and object name. */
function findRoute(method: string, path: string): { route: Route; target: Target } | null {
  for (const { route, pattern } of MATCHERS) {
    if (route.method !== method) continue;
    const match = pattern.exec(path);
    if (match) return { route, target: { bucket: decode(match[1] ?? ""), name: decode(match[2] ?? "") } };
  }
  return null;
}

const ANONYMOUS: Caller = { role: "anon", claims: { role: "anon" }, jwt: "", authenticated: false };

/**
 * Supabase Storage under /storage/v1: buckets, objects, signed URLs, with every decision about
 * access left to row level security on storage.buckets and storage.objects, evaluated by Postgres
 * as the caller's role.
 */
export function createStorage(db: Database, signer: Signer, config: BackendConfig, dataDir: string) {
  const ctx: StorageContext = {
    sessions: createSessions(db),
    blobs: createBlobStore(dataDir),
    signer,
    fileSizeLimit: config.storageFileSizeLimit,
  };

  /** The caller a token names: Storage verifies it itself; the gateway has already turned an opaque key into its role. */
  async function identify(request: StorageRequest): Promise<Caller | StorageError | null> {
    const token = bearerToken(request) ?? header(request, "apikey") ?? request.url.searchParams.get("apikey") ?? null;
    if (!token) return null;
    const opaque = opaqueKeyRole(token);
    if (opaque) return { role: opaque, claims: { role: opaque, iss: "supabase" }, jwt: token, authenticated: true };
    const verified = await signer.verify(token);
    if (!verified.ok) return ERRORS.accessDenied(verified.message);
    const role = String(verified.claims.role ?? "anon");
    if (!API_ROLES.includes(role)) return ERRORS.accessDenied("Access denied: Invalid role", 403);
    return { role: role as ApiRole, claims: verified.claims, jwt: token, authenticated: true };
  }

  async function callerFor(access: Access, request: StorageRequest): Promise<Caller> {
    if (access === "none") return SERVICE;
    const identity = await identify(request);
    if (identity instanceof StorageError) {
      if (access === "optional") return ANONYMOUS;
      throw identity;
    }
    if (identity === null) {
      if (access === "optional") return ANONYMOUS;
      throw ERRORS.validation("headers must have required property 'authorization'");
    }
    return identity;
  }

  /** Answers a request whose path starts with /storage/v1. */
  return async function handleStorage(request: StorageRequest): Promise<Reply> {
    // The gateway refuses a key that is not one of the project's, even where Storage needs none.
    const apikey = header(request, "apikey") ?? request.url.searchParams.get("apikey");
    if (apikey && !apiKeyClaims(apikey)) {
      return json(401, { message: "Invalid API key", hint: "Double check your Supabase `anon` or `service_role` API key." });
    }
    const path = request.url.pathname.slice("/storage/v1".length);
    try {
      const found = findRoute(request.method, path);
      if (!found) throw ERRORS.routeNotFound(request.method, `${path}${request.url.search}`);
      const caller = await callerFor(found.route.access, request);
      return await found.route.handle(ctx, request, { caller, operation: found.route.operation, request }, found.target);
    } catch (error) {
      return storageErrorReply(error);
    }
  };
}
