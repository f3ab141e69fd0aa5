import { randomUUID } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createBlobStore } from "./blobs";

let folder: string | undefined;
afterEach(async () => {
  if (folder) await rm(folder, { recursive: true, force: true });
  folder = undefined;
});

describe.each(["file", "memory"] as const)("the %s blob store", (kind) => {
  const open = async () => {
    if (kind === "memory") return createBlobStore("memory://");
    folder = await mkdtemp(path.join(os.tmpdir(), "blobs-"));
    return createBlobStore(folder);
  };

  it("keeps, copies and removes the bytes of a version", async () => {
    const store = await open();
    const [one, two] = [randomUUID(), randomUUID()];
    await store.put("files", one, Buffer.from([0, 1, 2, 255]));
    await store.copy({ bucket: "files", version: one }, { bucket: "other", version: two });
    await store.remove("files", one);
    expect(await store.get("files", one)).toBeNull();
    expect(await store.get("other", two)).toEqual(Buffer.from([0, 1, 2, 255]));
    expect(await store.get("other", "1")).toBeNull();
  });

  it("keeps a bucket called '..' or 'a/b' inside its own folder", async () => {
    const store = await open();
    const version = randomUUID();
    for (const bucket of ["..", ".", "a/b", "a b*"]) await store.put(bucket, version, Buffer.from(bucket));
    for (const bucket of ["..", ".", "a/b", "a b*"]) expect((await store.get(bucket, version))?.toString()).toBe(bucket);
    if (folder) expect((await readdir(folder)).sort()).toEqual(["storage"]);
    if (folder) expect((await readdir(path.join(folder, "storage"))).sort()).toEqual(["%2E", "%2E%2E", "a%20b%2A", "a%2Fb"]);
  });
});
