import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import { startLocalBackend, type LocalBackend } from "@/local-backend/server";
import { ANON_KEY, anonClient, SEEDED, SERVICE_ROLE_KEY, serviceClient, signedIn, startTestBackend } from "./harness";

/**
 * Supabase Storage (/storage/v1) through the unmodified supabase-js storage client and plain
 * fetch: its routes, its error bodies and statuses (HTTP 400 for client errors, the real status in
 * `statusCode`), its limits, and access decided by row level security on storage.objects and
 * storage.buckets as the caller's role.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Client = SupabaseClient<any>;

let backend: LocalBackend;
let service: Client;
let anon: Client;
let student: Client;
let studentId: string;
let studentToken: string;
let bucketCount = 0;

/** A fresh bucket for one test, created as Storage's service role would be by a migration. */
async function bucket(options: { public?: boolean; fileSizeLimit?: number | string; allowedMimeTypes?: string[] } = {}): Promise<string> {
  const id = `test-${++bucketCount}`;
  const { error } = await service.storage.createBucket(id, { public: false, ...options });
  expect(error).toBeNull();
  return id;
}

/** A throwaway policy, as a migration would write it, run as the database's superuser. */
async function policy(sql: string) {
  await backend.db.exec(sql);
}

const storageUrl = (path: string) => `${backend.url}/storage/v1${path}`;

async function call(method: string, path: string, init: { token?: string | null; body?: BodyInit; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token !== null) headers.authorization = `Bearer ${init.token ?? SERVICE_ROLE_KEY}`;
  return fetch(storageUrl(path), { method, headers, body: init.body });
}

const bytesOf = async (blob: Blob | null | undefined) => Buffer.from(await blob!.arrayBuffer());

beforeAll(async () => {
  backend = await startTestBackend();
  service = serviceClient(backend);
  anon = anonClient(backend);
  const signed = await signedIn(backend, SEEDED.student.email, SEEDED.student.password);
  student = signed.client;
  studentId = signed.user.id;
  studentToken = signed.session.access_token;
});
afterAll(() => backend.close());

describe("buckets", () => {
  it("creates, reads, lists, updates, empties and deletes a bucket", async () => {
    const created = await service.storage.createBucket("lesson-files", { public: false, fileSizeLimit: "5MB", allowedMimeTypes: ["application/pdf", "image/*", ""] });
    expect(created).toEqual({ data: { name: "lesson-files" }, error: null });

    const read = await service.storage.getBucket("lesson-files");
    expect(read.data).toEqual({
      id: "lesson-files",
      name: "lesson-files",
      owner: "",
      public: false,
      file_size_limit: 5_000_000,
      allowed_mime_types: ["application/pdf", "image/*"],
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      updated_at: expect.stringMatching(/Z$/),
    });
    const listed = await service.storage.listBuckets({ search: "lesson-fi" });
    expect(listed.data).toEqual([expect.objectContaining({ id: "lesson-files", type: "STANDARD" })]);

    expect(await service.storage.updateBucket("lesson-files", { public: true, fileSizeLimit: 1024, allowedMimeTypes: null })).toEqual({
      data: { message: "Successfully updated" },
      error: null,
    });
    expect((await service.storage.getBucket("lesson-files")).data).toMatchObject({ public: true, file_size_limit: 1024, allowed_mime_types: null });

    await service.storage.from("lesson-files").upload("a.txt", "a");
    const notEmpty = await service.storage.deleteBucket("lesson-files");
    expect(notEmpty.error).toMatchObject({ status: 400, statusCode: "409", code: "ResourceNotEmpty", message: "The bucket you tried to delete is not empty" });
    expect(await service.storage.emptyBucket("lesson-files")).toEqual({
      data: { message: "Empty bucket has been queued. Completion may take up to an hour." },
      error: null,
    });
    expect(await service.storage.deleteBucket("lesson-files")).toEqual({ data: { message: "Successfully deleted" }, error: null });
    expect((await service.storage.getBucket("lesson-files")).error).toMatchObject({ status: 400, statusCode: "404", code: "NoSuchBucket", message: "Bucket not found" });
  });

  it("refuses a duplicate, an invalid name, a bad size and a bad content type, as Storage words them", async () => {
    const id = await bucket();
    const answer = async (body: unknown) => {
      const response = await call("POST", "/bucket", { body: JSON.stringify(body), headers: { "content-type": "application/json" } });
      return { status: response.status, body: await response.json() };
    };
    expect(await answer({ name: id })).toEqual({
      status: 400,
      body: { statusCode: "409", error: "Duplicate", message: "The resource already exists", code: "BucketAlreadyExists" },
    });
    expect(await answer({ name: "a/b" })).toEqual({
      status: 400,
      body: { statusCode: "400", error: "Invalid Input", message: "Bucket name invalid", code: "InvalidBucketName" },
    });
    expect((await answer({ name: " padded" })).body.code).toBe("InvalidBucketName");
    expect((await answer({ name: "x".repeat(101) })).body.code).toBe("InvalidBucketName");
    expect(await answer({ name: "huge", file_size_limit: "1GB" })).toEqual({
      status: 400,
      body: { statusCode: "413", error: "Payload too large", message: "The object exceeded the maximum allowed size", code: "EntityTooLarge" },
    });
    expect((await answer({ name: "odd", file_size_limit: "12 parsecs" })).body).toMatchObject({ statusCode: "400", code: "InvalidRequest" });
    expect(await answer({ name: "odd", allowed_mime_types: ["not a type"] })).toEqual({
      status: 400,
      body: { statusCode: "415", error: "invalid_mime_type", message: "mime type not a type is not supported", code: "InvalidMimeType" },
    });
    expect(await answer({})).toEqual({
      status: 400,
      body: { statusCode: "400", error: "Error", message: "body must have required property 'name'", code: "InvalidRequest" },
    });
  });

  it("leaves buckets to row level security: a student neither sees nor creates one without a policy", async () => {
    const id = await bucket();
    expect((await student.storage.listBuckets()).data).toEqual([]);
    expect((await student.storage.getBucket(id)).error).toMatchObject({ statusCode: "404", code: "NoSuchBucket" });
    expect((await student.storage.createBucket("mine")).error).toMatchObject({
      status: 400,
      statusCode: "403",
      code: "AccessDenied",
      message: "new row violates row-level security policy",
    });
    expect((await student.storage.updateBucket(id, { public: true })).error).toMatchObject({ statusCode: "404", code: "NoSuchBucket" });
    expect((await student.storage.deleteBucket(id)).error).toMatchObject({ statusCode: "404", code: "NoSuchBucket" });
    expect((await student.storage.emptyBucket(id)).error).toMatchObject({ status: 403, statusCode: "403", code: "AccessDenied", message: "Access denied: Invalid role" });

    await policy(`create policy "authenticated see ${id}" on storage.buckets for select to authenticated using (id = '${id}')`);
    expect((await student.storage.listBuckets()).data!.map((row) => row.id)).toEqual([id]);
    expect((await anon.storage.listBuckets()).data).toEqual([]);
  });
});

describe("uploads", () => {
  it("leaves the database as it found it: the caller's next REST request still knows who they are", async () => {
    const id = await bucket();
    await policy(`create policy "${id} students write" on storage.objects for insert to authenticated with check (bucket_id = '${id}')`);
    expect((await student.storage.from(id).upload("mine.txt", "x", { contentType: "text/plain" })).error).toBeNull();
    // auth.uid() reads the legacy claim setting first; a transaction-local one reverts to '' afterwards.
    expect((await student.from("profiles").select("id").eq("id", studentId)).data).toEqual([{ id: studentId }]);
  });

  it("round-trips bytes exactly, raw and as a form, beyond the 1 MB of Auth and REST", async () => {
    const id = await bucket();
    const binary = randomBytes(3 * 1024 * 1024 + 7);
    const raw = await service.storage.from(id).upload("raw/blob.bin", binary, { contentType: "application/octet-stream" });
    expect(raw.error).toBeNull();
    expect(raw.data).toEqual({ path: "raw/blob.bin", id: expect.any(String), fullPath: `${id}/raw/blob.bin` });
    expect((await bytesOf((await service.storage.from(id).download("raw/blob.bin")).data)).equals(binary)).toBe(true);

    const text = "Привет, мир — урок №1\n";
    const form = await service.storage.from(id).upload("form/lesson.txt", new Blob([text], { type: "text/plain;charset=utf-8" }));
    expect(form.error).toBeNull();
    const downloaded = await service.storage.from(id).download("form/lesson.txt");
    expect(await downloaded.data!.text()).toBe(text);
    expect(downloaded.data!.type).toBe("text/plain;charset=utf-8");
  });

  it("keeps content type, cache control, size and ETag as object metadata", async () => {
    const id = await bucket();
    await service.storage.from(id).upload("doc.pdf", Buffer.from("%PDF-1.7"), { contentType: "application/pdf", cacheControl: "60" });
    const info = await service.storage.from(id).info("doc.pdf");
    expect(info.data).toMatchObject({
      name: "doc.pdf",
      bucketId: id,
      size: 8,
      contentType: "application/pdf",
      cacheControl: "max-age=60",
      etag: expect.stringMatching(/^"[0-9a-f]{32}"$/),
    });
    const { rows } = await backend.db.query<{ metadata: Record<string, unknown>; path_tokens: string[] }>(
      `select metadata, path_tokens from storage.objects where bucket_id = $1 and name = 'doc.pdf'`,
      [id],
    );
    expect(rows[0].metadata).toEqual({
      eTag: expect.stringMatching(/^"[0-9a-f]{32}"$/),
      size: 8,
      mimetype: "application/pdf",
      cacheControl: "max-age=60",
      lastModified: expect.any(String),
      contentLength: 8,
      httpStatusCode: 200,
    });
    expect(rows[0].path_tokens).toEqual(["doc.pdf"]);
  });

  it("answers a second upload to the same name with 409 Duplicate, and replaces it with x-upsert", async () => {
    const id = await bucket();
    const files = service.storage.from(id);
    await files.upload("notes.txt", "first", { contentType: "text/plain" });
    const again = await files.upload("notes.txt", "second", { contentType: "text/plain" });
    expect(again.error).toMatchObject({ status: 400, statusCode: "409", code: "KeyAlreadyExists", message: "The resource already exists" });
    const raw = await call("POST", `/object/${id}/notes.txt`, { body: "again", headers: { "content-type": "text/plain" } });
    expect([raw.status, await raw.json()]).toEqual([
      400,
      { statusCode: "409", error: "Duplicate", message: "The resource already exists", code: "KeyAlreadyExists" },
    ]);
    expect(await (await files.download("notes.txt")).data!.text()).toBe("first");
    expect((await files.upload("notes.txt", "second", { contentType: "text/plain", upsert: true })).error).toBeNull();
    expect(await (await files.download("notes.txt")).data!.text()).toBe("second");
    expect((await files.update("notes.txt", "third", { contentType: "text/plain" })).error).toBeNull();
    expect(await (await files.download("notes.txt")).data!.text()).toBe("third");
  });

  it("enforces a bucket's size limit and allowed types (wildcards included), and the project's limit", async () => {
    const id = await bucket({ fileSizeLimit: 1000, allowedMimeTypes: ["image/*", "application/pdf"] });
    const files = service.storage.from(id);
    expect((await files.upload("ok.png", Buffer.alloc(1000), { contentType: "image/png" })).error).toBeNull();
    expect((await files.upload("ok.pdf", new Blob([Buffer.alloc(10)], { type: "application/pdf" }))).error).toBeNull();
    const tooBig = await files.upload("big.png", Buffer.alloc(1001), { contentType: "image/png" });
    expect(tooBig.error).toMatchObject({ status: 400, statusCode: "413", code: "EntityTooLarge", message: "The object exceeded the maximum allowed size" });
    const tooBigForm = await files.upload("big.pdf", new Blob([Buffer.alloc(1001)], { type: "application/pdf" }));
    expect(tooBigForm.error).toMatchObject({ statusCode: "413", code: "EntityTooLarge" });
    const wrongType = await files.upload("page.html", "<p>hi</p>", { contentType: "text/html" });
    expect(wrongType.error).toMatchObject({ status: 400, statusCode: "415", code: "InvalidMimeType", message: "mime type text/html is not supported" });
    // The whole body, as Storage's error handler sends it (src/http/error-handler.ts, src/internal/errors/codes.ts).
    const raw = async (name: string, type: string, size: number) => {
      const response = await call("POST", `/object/${id}/${name}`, { body: Buffer.alloc(size), headers: { "content-type": type } });
      return [response.status, await response.json()];
    };
    expect(await raw("big.png", "image/png", 1001)).toEqual([
      400,
      { statusCode: "413", error: "Payload too large", message: "The object exceeded the maximum allowed size", code: "EntityTooLarge" },
    ]);
    expect(await raw("page.html", "text/html", 10)).toEqual([
      400,
      { statusCode: "415", error: "invalid_mime_type", message: "mime type text/html is not supported", code: "InvalidMimeType" },
    ]);
    const { count } = await backend.db
      .query<{ count: number }>(`select count(*)::int as count from storage.objects where bucket_id = $1`, [id])
      .then((result) => result.rows[0]);
    expect(count).toBe(2);

    const small = await startTestBackend({ storageFileSizeLimit: 2048 });
    try {
      const client = serviceClient(small);
      expect((await client.storage.createBucket("big", { public: false, fileSizeLimit: 4096 })).error).toMatchObject({ statusCode: "413" });
      await client.storage.createBucket("files", { public: false });
      expect((await client.storage.from("files").upload("a.bin", Buffer.alloc(2048))).error).toBeNull();
      expect((await client.storage.from("files").upload("b.bin", Buffer.alloc(2049))).error).toMatchObject({ statusCode: "413" });
    } finally {
      await small.close();
    }
  });

  it("refuses names Storage refuses: non-ASCII, dot segments (path traversal), and an empty name", async () => {
    const id = await bucket();
    const files = service.storage.from(id);
    expect((await files.upload("файл.txt", "x")).error).toMatchObject({ status: 400, statusCode: "400", code: "InvalidKey", message: "Invalid key: файл.txt" });
    await files.upload("inside.txt", "x");
    for (const destination of ["../escape.txt", "a/../../escape.txt", "./here.txt", "a/./b.txt", "..\\escape.txt", ""]) {
      expect((await files.move("inside.txt", destination)).error).toMatchObject({ statusCode: "400", code: "InvalidKey" });
      expect((await files.copy("inside.txt", destination)).error).toMatchObject({ statusCode: "400", code: "InvalidKey" });
    }
    // A URL's dot segments are resolved before Storage sees them (by fetch, and by the server).
    const dotted = await call("POST", `/object/${id}/a/%2e%2e/%2e%2e/%2e%2e/etc.txt`, { body: "x", headers: { "content-type": "text/plain" } });
    expect(dotted.status).toBe(404);
    expect((await call("POST", `/object/${id}/`, { body: "x" }).then((response) => response.json())).code).toBe("InvalidKey");
    expect((await files.upload("a..b/c...txt", "dots inside a name are fine")).error).toBeNull();
  });

  it("uploads with a signed upload URL, once, for that very path", async () => {
    const id = await bucket();
    const signed = await service.storage.from(id).createSignedUploadUrl("drop/report.pdf");
    expect(signed.error).toBeNull();
    expect(signed.data!.signedUrl).toMatch(new RegExp(`/storage/v1/object/upload/sign/${id}/drop/report\\.pdf\\?token=`));
    const uploaded = await anon.storage.from(id).uploadToSignedUrl("drop/report.pdf", signed.data!.token, Buffer.from("%PDF"), { contentType: "application/pdf" });
    expect(uploaded).toEqual({ data: { path: "drop/report.pdf", fullPath: `${id}/drop/report.pdf` }, error: null });
    const again = await anon.storage.from(id).uploadToSignedUrl("drop/report.pdf", signed.data!.token, Buffer.from("%PDF-2"), { contentType: "application/pdf" });
    expect(again.error).toMatchObject({ statusCode: "409", code: "KeyAlreadyExists" });
    const elsewhere = await anon.storage.from(id).uploadToSignedUrl("drop/other.pdf", signed.data!.token, Buffer.from("x"));
    expect(elsewhere.error).toMatchObject({ status: 400, statusCode: "400", code: "InvalidSignature", message: "Invalid signature" });

    await service.storage.from(id).upload("read.txt", "r");
    const download = await service.storage.from(id).createSignedUrl("read.txt", 60);
    const downloadToken = new URL(download.data!.signedUrl).searchParams.get("token")!;
    const replayed = await anon.storage.from(id).uploadToSignedUrl("read.txt", downloadToken, Buffer.from("overwrite"));
    expect(replayed.error).toMatchObject({ statusCode: "400", code: "InvalidSignature", message: "Token is not scoped for upload" });
    const upsert = await service.storage.from(id).createSignedUploadUrl("read.txt", { upsert: true });
    expect((await anon.storage.from(id).uploadToSignedUrl("read.txt", upsert.data!.token, Buffer.from("new"))).error).toBeNull();
    expect(await (await service.storage.from(id).download("read.txt")).data!.text()).toBe("new");
  });
});

describe("downloads and object facts", () => {
  it("serves stored content with its type, but never as active content", async () => {
    const id = await bucket({ public: true });
    const files = service.storage.from(id);
    await files.upload("page.html", "<script>alert(1)</script>", { contentType: "text/html" });
    await files.upload("image.svg", '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', { contentType: "image/svg+xml" });
    const html = await fetch(files.getPublicUrl("page.html").data.publicUrl);
    expect(html.headers.get("content-type")).toBe("text/plain");
    const svg = await fetch(files.getPublicUrl("image.svg").data.publicUrl);
    expect(svg.headers.get("content-type")).toBe("image/svg+xml");
    for (const response of [html, svg]) {
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    }
  });

  it("sends Storage's headers, ranges, 304 and a Content-Disposition for ?download", async () => {
    const id = await bucket({ public: true });
    await service.storage.from(id).upload("f.txt", "0123456789", { contentType: "text/plain", cacheControl: "120" });
    const url = storageUrl(`/object/public/${id}/f.txt`);
    const full = await fetch(url);
    expect(full.status).toBe(200);
    expect(Object.fromEntries(["accept-ranges", "cache-control", "content-length", "x-robots-tag"].map((name) => [name, full.headers.get(name)]))).toEqual({
      "accept-ranges": "bytes",
      "cache-control": "max-age=120",
      "content-length": "10",
      "x-robots-tag": "none",
    });
    const etag = full.headers.get("etag")!;
    expect((await fetch(url, { headers: { "if-none-match": etag } })).status).toBe(304);
    const part = await fetch(url, { headers: { range: "bytes=2-4" } });
    expect([part.status, part.headers.get("content-range"), await part.text()]).toEqual([206, "bytes 2-4/10", "234"]);
    const badRange = await fetch(url, { headers: { range: "bytes=20-30" } });
    expect([badRange.status, await badRange.json()]).toEqual([
      416,
      { statusCode: "416", error: "invalid_range", message: "invalid range provided", code: "InvalidRange" },
    ]);
    const named = await fetch(`${url}?download=${encodeURIComponent("Конспект урока.txt")}`);
    expect(named.headers.get("content-disposition")).toBe(
      `attachment; filename=${encodeURIComponent("Конспект урока.txt")}; filename*=UTF-8''${encodeURIComponent("Конспект урока.txt")}`,
    );
    expect((await fetch(`${url}?download`)).headers.get("content-disposition")).toBe("attachment;");
  });

  it("answers info, exists and HEAD", async () => {
    const id = await bucket();
    await service.storage.from(id).upload("dir/x.json", '{"a":1}', { contentType: "application/json", metadata: { lesson: 3 } });
    const info = await service.storage.from(id).info("dir/x.json");
    expect(info.data).toEqual({
      id: expect.any(String),
      name: "dir/x.json",
      version: expect.any(String),
      bucketId: id,
      size: 7,
      contentType: "application/json",
      cacheControl: "max-age=3600",
      etag: expect.any(String),
      metadata: { lesson: 3 },
      lastModified: expect.any(String),
      createdAt: expect.any(String),
    });
    expect(await service.storage.from(id).exists("dir/x.json")).toEqual({ data: true, error: null });
    expect((await service.storage.from(id).exists("dir/none.json")).data).toBe(false);
    const head = await call("HEAD", `/object/${id}/dir/x.json`);
    expect([head.status, head.headers.get("content-length"), head.headers.get("content-type"), await head.text()]).toEqual([200, "7", "application/json", ""]);
    const missing = await call("GET", `/object/info/${id}/dir/none.json`);
    expect([missing.status, await missing.json()]).toEqual([400, { statusCode: "404", error: "not_found", message: "Object not found", code: "NoSuchKey" }]);
  });

  it("serves public buckets to anyone, private ones only through a token", async () => {
    const open = await bucket({ public: true });
    const closed = await bucket();
    await service.storage.from(open).upload("a.txt", "open");
    await service.storage.from(closed).upload("a.txt", "closed");
    const publicUrl = (id: string) => anon.storage.from(id).getPublicUrl("a.txt").data.publicUrl;
    expect(await (await fetch(publicUrl(open))).text()).toBe("open");
    const refused = await fetch(publicUrl(closed));
    expect([refused.status, await refused.json()]).toEqual([400, { statusCode: "404", error: "Bucket not found", message: "Bucket not found", code: "NoSuchBucket" }]);
    expect(await (await call("GET", `/object/${open}/a.txt`, { token: null })).text()).toBe("open");
    expect((await call("GET", `/object/${closed}/a.txt`, { token: null }).then((response) => response.json())).code).toBe("NoSuchBucket");
    expect((await anon.storage.from(closed).download("a.txt")).error).toMatchObject({ statusCode: "404", code: "NoSuchKey" });
    expect(await (await anon.storage.from(open).download("a.txt")).data!.text()).toBe("open");
  });
});

describe("listing, removing, moving and copying", () => {
  it("lists one level under a prefix, with limit, offset, sortBy and search", async () => {
    const id = await bucket();
    const files = service.storage.from(id);
    for (const name of ["docs/b.txt", "docs/a.txt", "docs/reports/q1.pdf", "docs/reports/q2.pdf", "docs/report.md", "top.txt"]) {
      await files.upload(name, name, { contentType: "text/plain" });
    }
    const names = (rows: { name: string }[] | null) => rows!.map((row) => row.name);
    const root = await files.list();
    expect(root.data).toEqual([
      { name: "docs", id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null },
      expect.objectContaining({ name: "top.txt", id: expect.any(String), metadata: expect.objectContaining({ size: 7, mimetype: "text/plain" }) }),
    ]);
    expect(names((await files.list("docs")).data)).toEqual(["a.txt", "b.txt", "report.md", "reports"]);
    expect(names((await files.list("docs/")).data)).toEqual(["a.txt", "b.txt", "report.md", "reports"]);
    expect(names((await files.list("docs", { limit: 2, offset: 1 })).data)).toEqual(["b.txt", "report.md"]);
    expect(names((await files.list("docs", { sortBy: { column: "name", order: "desc" } })).data)).toEqual(["reports", "report.md", "b.txt", "a.txt"]);
    expect(names((await files.list("docs", { search: "REP" })).data)).toEqual(["report.md", "reports"]);
    expect(names((await files.list("docs/reports")).data)).toEqual(["q1.pdf", "q2.pdf"]);
    expect((await files.list("docs", { limit: 0 })).error).toMatchObject({ statusCode: "400", code: "InvalidRequest", message: "body/limit must be >= 1" });
  });

  it("removes the named objects and their bytes", async () => {
    const id = await bucket();
    const files = service.storage.from(id);
    await files.upload("a.txt", "a");
    await files.upload("b.txt", "b");
    const removed = await files.remove(["a.txt", "b.txt", "never.txt"]);
    expect(removed.data!.map((row) => row.name).sort()).toEqual(["a.txt", "b.txt"]);
    expect(removed.data![0]).toEqual(
      expect.objectContaining({ bucket_id: id, owner: "", owner_id: "", version: expect.any(String), metadata: expect.objectContaining({ size: 1 }) }),
    );
    expect((await files.list()).data).toEqual([]);
    const single = await call("DELETE", `/object/${id}/gone.txt`);
    expect((await single.json()).code).toBe("NoSuchKey");
  });

  it("moves and copies, keeping the bytes, and refuses to overwrite on move", async () => {
    const id = await bucket();
    const other = await bucket();
    const files = service.storage.from(id);
    const payload = randomBytes(2048);
    await files.upload("src.bin", payload);
    expect(await files.copy("src.bin", "copy.bin")).toEqual({ data: { path: `${id}/copy.bin` }, error: null });
    expect(await files.move("src.bin", "moved/src.bin")).toEqual({ data: { message: "Successfully moved" }, error: null });
    expect((await files.download("src.bin")).error).toMatchObject({ statusCode: "404" });
    expect((await bytesOf((await files.download("moved/src.bin")).data)).equals(payload)).toBe(true);
    expect((await bytesOf((await files.download("copy.bin")).data)).equals(payload)).toBe(true);
    expect((await files.move("copy.bin", "moved/src.bin")).error).toMatchObject({ statusCode: "409", code: "ResourceAlreadyExists" });
    expect((await files.copy("copy.bin", "moved/src.bin")).error).toMatchObject({ statusCode: "409", code: "KeyAlreadyExists" });
    expect((await files.move("copy.bin", "there.bin", { destinationBucket: other })).error).toBeNull();
    expect((await bytesOf((await service.storage.from(other).download("there.bin")).data)).equals(payload)).toBe(true);
  });

  // Hosted Storage checks a bucket's allowed types and size limit only where bytes arrive
  // (src/storage/uploader.ts, fileUploadFromRequest); copyObject and moveObject (src/storage/object.ts)
  // ask row level security alone. Stricter here, the app would pass tests that hosted fails.
  it("checks the destination's policies on copy and move but, as hosted, not its bucket's allowed types or size limit", async () => {
    const drafts = await bucket();
    const strict = await bucket({ fileSizeLimit: 1000, allowedMimeTypes: ["application/pdf"] });
    await policy(`
      create policy "students keep drafts ${drafts}" on storage.objects for all to authenticated
        using (bucket_id = '${drafts}' and (storage.foldername(name))[1] = auth.uid()::text)
        with check (bucket_id in ('${drafts}', '${strict}') and (storage.foldername(name))[1] = auth.uid()::text);
      create policy "students hand in to ${strict}" on storage.objects for insert to authenticated
        with check (bucket_id = '${strict}' and (storage.foldername(name))[1] = auth.uid()::text);
      create policy "students read what they handed in to ${strict}" on storage.objects for select to authenticated
        using (bucket_id = '${strict}' and (storage.foldername(name))[1] = auth.uid()::text);
    `);
    const program = Buffer.concat([Buffer.from("MZ"), randomBytes(1998)]);
    const declared = "application/x-msdownload";
    const uploaded = await student.storage.from(drafts).upload(`${studentId}/tool.exe`, program, { contentType: declared });
    expect(uploaded.error).toBeNull();
    await student.storage.from(drafts).upload(`${studentId}/other.exe`, program, { contentType: declared });

    // Straight into the bucket, the same bytes are refused for their type and their size.
    const direct = await student.storage.from(strict).upload(`${studentId}/direct.exe`, program, { contentType: declared });
    expect(direct.error).toMatchObject({ statusCode: "415", code: "InvalidMimeType" });
    const directPdf = await student.storage.from(strict).upload(`${studentId}/direct.pdf`, program, { contentType: "application/pdf" });
    expect(directPdf.error).toMatchObject({ statusCode: "413", code: "EntityTooLarge" });

    // Copied or moved in, they arrive whole, under the type the upload declared.
    expect((await student.storage.from(drafts).copy(`${studentId}/tool.exe`, `${studentId}/copied.exe`, { destinationBucket: strict })).error).toBeNull();
    expect((await student.storage.from(drafts).move(`${studentId}/other.exe`, `${studentId}/moved.exe`, { destinationBucket: strict })).error).toBeNull();
    for (const name of ["copied.exe", "moved.exe"]) {
      const response = await call("GET", `/object/authenticated/${strict}/${studentId}/${name}`, { token: studentToken });
      expect([response.headers.get("content-type"), Buffer.from(await response.arrayBuffer()).equals(program)]).toEqual([declared, true]);
    }

    // A copy may also declare a new type without sending a byte: the type is the caller's word.
    const relabelled = await call("POST", "/object/copy", {
      token: studentToken,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ bucketId: drafts, sourceKey: `${studentId}/tool.exe`, destinationBucket: strict, destinationKey: `${studentId}/report.pdf`, copyMetadata: false, metadata: { mimetype: "application/pdf" } }),
    });
    expect(relabelled.status).toBe(200);
    const served = await call("GET", `/object/authenticated/${strict}/${studentId}/report.pdf`, { token: studentToken });
    expect([served.headers.get("content-type"), Buffer.from(await served.arrayBuffer()).subarray(0, 2).toString()]).toEqual(["application/pdf", "MZ"]);

    // What the destination's policies refuse stays refused: another student's folder.
    const elsewhere = await student.storage.from(drafts).copy(`${studentId}/tool.exe`, "someone-else/tool.exe", { destinationBucket: strict });
    expect(elsewhere.error).toMatchObject({ statusCode: "403", code: "AccessDenied" });
  });
});

describe("signed URLs", () => {
  it("signs downloads, one or many, and serves them without a key until they expire", async () => {
    const id = await bucket();
    const files = service.storage.from(id);
    await files.upload("lesson.pdf", Buffer.from("%PDF-1.7 lesson"), { contentType: "application/pdf" });
    const signed = await files.createSignedUrl("lesson.pdf", 60);
    expect(signed.data!.signedUrl).toMatch(new RegExp(`^${backend.url}/storage/v1/object/sign/${id}/lesson\\.pdf\\?token=`));
    const response = await fetch(signed.data!.signedUrl);
    expect([response.status, response.headers.get("content-type"), await response.text()]).toEqual([200, "application/pdf", "%PDF-1.7 lesson"]);
    expect(response.headers.get("expires")).toBeTruthy();
    const attachment = await files.createSignedUrl("lesson.pdf", 60, { download: true });
    expect((await fetch(attachment.data!.signedUrl)).headers.get("content-disposition")).toBe("attachment;");

    const many = await files.createSignedUrls(["lesson.pdf", "missing.pdf"], 60);
    expect(many.data).toEqual([
      { error: null, path: "lesson.pdf", signedURL: expect.stringContaining(`/object/sign/${id}/lesson.pdf?token=`), signedUrl: expect.stringContaining(backend.url) },
      { error: "Either the object does not exist or you do not have access to it", path: "missing.pdf", signedURL: null, signedUrl: null },
    ]);
    expect((await fetch(many.data![0].signedUrl!)).status).toBe(200);

    expect((await files.createSignedUrl("missing.pdf", 60)).error).toMatchObject({ statusCode: "404", code: "NoSuchKey" });
    const token = new URL(signed.data!.signedUrl).searchParams.get("token");
    const wrongPath = await call("GET", `/object/sign/${id}/other.pdf?token=${token}`, { token: null });
    expect(await wrongPath.json()).toEqual({ statusCode: "400", error: "InvalidSignature", message: "Invalid signature", code: "InvalidSignature" });
    const forged = await call("GET", `/object/sign/${id}/lesson.pdf?token=${token!.slice(0, -4)}AAAA`, { token: null });
    expect(await forged.json()).toMatchObject({ statusCode: "400", code: "InvalidJWT" });
    const noToken = await call("POST", `/object/sign/${id}/lesson.pdf`, { body: "{}", headers: { "content-type": "application/json" } });
    expect(await noToken.json()).toEqual({ statusCode: "400", error: "Error", message: "body must have required property 'expiresIn'", code: "InvalidRequest" });
  });

  it("refuses a signed URL once it has expired", async () => {
    const id = await bucket();
    await service.storage.from(id).upload("soon.txt", "soon");
    const signed = await service.storage.from(id).createSignedUrl("soon.txt", 60);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 61_000 });
    try {
      const response = await fetch(signed.data!.signedUrl);
      expect([response.status, await response.json()]).toEqual([
        400,
        { statusCode: "400", error: "InvalidJWT", message: '"exp" claim timestamp check failed', code: "InvalidJWT" },
      ]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("row level security decides, as the caller's role", () => {
  /** A bucket whose objects a student may read and write only under their own user id, as a migration would set it up. */
  async function homework(): Promise<string> {
    const id = await bucket();
    await policy(`
      create policy "students read their own ${id}" on storage.objects for select to authenticated
        using (bucket_id = '${id}' and (storage.foldername(name))[1] = auth.uid()::text);
      create policy "students add to their own ${id}" on storage.objects for insert to authenticated
        with check (bucket_id = '${id}' and (storage.foldername(name))[1] = auth.uid()::text);
    `);
    return id;
  }

  it("lets a student write and read their own folder, and nothing else", async () => {
    const id = await homework();
    const own = `${studentId}/essay.txt`;
    const mine = await student.storage.from(id).upload(own, "my essay", { contentType: "text/plain" });
    expect(mine.error).toBeNull();
    const { rows } = await backend.db.query<{ owner: string; owner_id: string }>(`select owner, owner_id from storage.objects where bucket_id = $1`, [id]);
    expect(rows).toEqual([{ owner: studentId, owner_id: studentId }]);

    const theirs = await student.storage.from(id).upload("someone-else/essay.txt", "x");
    expect(theirs.error).toMatchObject({ status: 400, statusCode: "403", code: "AccessDenied", message: "new row violates row-level security policy" });
    expect((await anon.storage.from(id).upload(own.replace("essay", "anon"), "x")).error).toMatchObject({ statusCode: "403" });

    expect(await (await student.storage.from(id).download(own)).data!.text()).toBe("my essay");
    expect((await anon.storage.from(id).download(own)).error).toMatchObject({ statusCode: "404", code: "NoSuchKey" });
    expect((await student.storage.from(id).list(studentId)).data!.map((row) => row.name)).toEqual(["essay.txt"]);
    expect((await anon.storage.from(id).list(studentId)).data).toEqual([]);
    expect((await student.storage.from(id).createSignedUrl(own, 60)).error).toBeNull();
    expect((await anon.storage.from(id).createSignedUrl(own, 60)).error).toMatchObject({ statusCode: "404", code: "NoSuchKey" });
    const signedMany = await anon.storage.from(id).createSignedUrls([own], 60);
    expect(signedMany.data![0].error).toBe("Either the object does not exist or you do not have access to it");
  });

  it("needs select, insert and update policies for an upsert, and a delete policy to remove", async () => {
    const id = await homework();
    const own = `${studentId}/draft.txt`;
    await student.storage.from(id).upload(own, "v1");
    const upsert = await student.storage.from(id).upload(own, "v2", { upsert: true });
    expect(upsert.error).toMatchObject({ statusCode: "403", code: "AccessDenied" });
    expect(await (await service.storage.from(id).download(own)).data!.text()).toBe("v1");

    const removed = await student.storage.from(id).remove([own]);
    expect(removed.data).toEqual([]);
    expect((await service.storage.from(id).exists(own)).data).toBe(true);

    await policy(`
      create policy "students change their own ${id}" on storage.objects for update to authenticated
        using (bucket_id = '${id}' and owner_id = auth.uid()::text)
        with check (bucket_id = '${id}' and (storage.foldername(name))[1] = auth.uid()::text);
      create policy "students remove their own ${id}" on storage.objects for delete to authenticated
        using (bucket_id = '${id}' and owner_id = auth.uid()::text);
    `);
    expect((await student.storage.from(id).upload(own, "v2", { upsert: true })).error).toBeNull();
    expect(await (await service.storage.from(id).download(own)).data!.text()).toBe("v2");
    expect((await student.storage.from(id).move(own, `${studentId}/final.txt`)).error).toBeNull();
    expect((await student.storage.from(id).move(`${studentId}/final.txt`, "elsewhere/final.txt")).error).toMatchObject({ statusCode: "403" });
    expect((await student.storage.from(id).remove([`${studentId}/final.txt`])).data).toHaveLength(1);
  });

  it("signs upload URLs only where the caller may write, and the upload belongs to the signer", async () => {
    const id = await homework();
    expect((await student.storage.from(id).createSignedUploadUrl("other/file.txt")).error).toMatchObject({ statusCode: "403", code: "AccessDenied" });
    const signed = await student.storage.from(id).createSignedUploadUrl(`${studentId}/via-url.txt`);
    expect(signed.error).toBeNull();
    expect((await anon.storage.from(id).uploadToSignedUrl(`${studentId}/via-url.txt`, signed.data!.token, "hello")).error).toBeNull();
    const { rows } = await backend.db.query<{ owner_id: string }>(`select owner_id from storage.objects where bucket_id = $1`, [id]);
    expect(rows).toEqual([{ owner_id: studentId }]);
  });

  it("lets the service role bypass row level security, and tells policies the operation", async () => {
    const id = await homework();
    expect((await service.storage.from(id).upload("anyone/file.txt", "x")).error).toBeNull();
    expect((await service.storage.from(id).list("anyone")).data).toHaveLength(1);

    const uploads = await bucket();
    await policy(`create policy "uploads into ${uploads}" on storage.objects for insert to authenticated
      with check (bucket_id = '${uploads}' and storage.allow_only_operation('object.upload'))`);
    expect((await student.storage.from(uploads).upload("x.txt", "x")).error).toBeNull();
    const copies = await bucket();
    await policy(`create policy "copies into ${copies}" on storage.objects for insert to authenticated
      with check (bucket_id = '${copies}' and storage.allow_only_operation('storage.object.copy'))`);
    expect((await student.storage.from(copies).upload("y.txt", "y")).error).toMatchObject({ statusCode: "403", code: "AccessDenied" });
  });

  it("refuses an invalid or expired token where Storage needs one, and treats it as anonymous where it does not", async () => {
    const id = await bucket({ public: true });
    await service.storage.from(id).upload("a.txt", "a");
    const bad = await call("GET", `/object/authenticated/${id}/a.txt`, { token: `${studentToken.slice(0, -3)}AAA` });
    expect([bad.status, await bad.json()]).toEqual([400, { statusCode: "403", error: "Unauthorized", message: "signature verification failed", code: "AccessDenied" }]);
    const missing = await call("GET", `/object/authenticated/${id}/a.txt`, { token: null });
    expect(await missing.json()).toEqual({ statusCode: "400", error: "Error", message: "headers must have required property 'authorization'", code: "InvalidRequest" });
    expect(await (await call("GET", `/object/${id}/a.txt`, { token: "not-a-jwt" })).text()).toBe("a");
    expect(await (await call("GET", `/object/authenticated/${id}/a.txt`, { token: ANON_KEY })).text()).toBe("a");
  });
});

describe("Storage's answers to everything else", () => {
  it("answers an unknown route with Fastify's 404, and a wrong API key as the gateway does", async () => {
    const response = await call("GET", "/object/not-a-route");
    expect([response.status, await response.json()]).toEqual([
      404,
      { statusCode: "404", error: "Not Found", message: "Route GET:/object/not-a-route not found", code: "InvalidRequest" },
    ]);
    const wrongKey = await fetch(storageUrl("/bucket"), { headers: { apikey: "nope", authorization: `Bearer ${SERVICE_ROLE_KEY}` } });
    expect(wrongKey.status).toBe(401);
  });

  it("refuses an upload to a missing bucket, and a body far past the limit without reading it", async () => {
    expect((await service.storage.from("no-such-bucket").upload("a.txt", "a")).error).toMatchObject({ statusCode: "404", code: "NoSuchBucket" });
    const id = await bucket({ fileSizeLimit: 10 });
    const response = await call("POST", `/object/${id}/big.bin`, { body: Buffer.alloc(8 * 1024 * 1024), headers: { "content-type": "application/octet-stream" } });
    expect([response.status, (await response.json()).code, response.headers.get("connection")]).toEqual([400, "EntityTooLarge", "close"]);
  });
});

describe("a data folder", () => {
  it("keeps the bytes in the data folder, one file per version, across restarts", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "local-backend-storage-"));
    try {
      const payload = randomBytes(4096);
      const first = await startLocalBackend({ dataDir, port: 0, log: () => {} });
      const client = serviceClient(first);
      await client.storage.createBucket("files", { public: false });
      await client.storage.from("files").upload("a.bin", payload);
      await client.storage.from("files").upload("a.bin", payload.subarray(0, 100), { upsert: true });
      await first.close();
      expect(await readdir(path.join(dataDir, "storage", "files"))).toHaveLength(1);

      const second = await startLocalBackend({ dataDir, port: 0, log: () => {} });
      try {
        const downloaded = await serviceClient(second).storage.from("files").download("a.bin");
        expect((await bytesOf(downloaded.data)).equals(payload.subarray(0, 100))).toBe(true);
      } finally {
        await second.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
