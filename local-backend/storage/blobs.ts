import { randomUUID } from "node:crypto";
import { copyFile, mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * Where the bytes of objects live: one file per version of an object, at
 * `<data folder>/storage/<bucket>/<version>`, or in memory for a throwaway backend. The row in
 * storage.objects names its version; a new upload writes a new version and removes the old one
 * once the row points to the new, so a reader never sees half a file.
 */
export interface BlobStore {
  put(bucket: string, version: string, bytes: Buffer): Promise<void>;
  /** The bytes, or null when there are none (a row written by SQL alone). */
  get(bucket: string, version: string): Promise<Buffer | null>;
  copy(from: { bucket: string; version: string }, to: { bucket: string; version: string }): Promise<void>;
  remove(bucket: string, version: string): Promise<void>;
}

export function createBlobStore(dataDir: string): BlobStore {
  return dataDir === "memory://" ? memoryStore() : fileStore(path.join(dataDir, "storage"));
}

function memoryStore(): BlobStore {
  const blobs = new Map<string, Buffer>();
  const key = (bucket: string, version: string) => `${bucket}\0${version}`;
  return {
    async put(bucket, version, bytes) {
      blobs.set(key(bucket, version), bytes);
    },
    async get(bucket, version) {
      return blobs.get(key(bucket, version)) ?? null;
    },
    async copy(from, to) {
      const bytes = blobs.get(key(from.bucket, from.version));
      if (!bytes) throw Object.assign(new Error("no such blob"), { code: "ENOENT" });
      blobs.set(key(to.bucket, to.version), bytes);
    },
    async remove(bucket, version) {
      blobs.delete(key(bucket, version));
    },
  };
}

function fileStore(root: string): BlobStore {
  /**
   * A bucket's folder: its id with every character a path could misread escaped (a bucket may be
   * called ".." or "a b"), checked to stay below the root all the same.
   */
  const fileOf = (bucket: string, version: string) => {
    const folder = encodeURIComponent(bucket).replace(/[.*!'()]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
    const file = path.resolve(root, folder, version);
    if (!file.startsWith(path.resolve(root) + path.sep)) throw new Error(`outside the storage folder: ${bucket}`);
    return file;
  };
  // Versions are the UUIDs this store was given; a row written by SQL alone may name anything.
  const isVersion = (version: string) => /^[0-9a-f-]{36}$/.test(version);
  return {
    async put(bucket, version, bytes) {
      const file = fileOf(bucket, version);
      await mkdir(path.dirname(file), { recursive: true });
      // Written aside and renamed: a crash never leaves a truncated version behind.
      const partial = `${file}.${randomUUID()}.partial`;
      await writeFile(partial, bytes);
      await rename(partial, file);
    },
    async get(bucket, version) {
      if (!isVersion(version)) return null;
      try {
        return await readFile(fileOf(bucket, version));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async copy(from, to) {
      const file = fileOf(to.bucket, to.version);
      await mkdir(path.dirname(file), { recursive: true });
      await copyFile(fileOf(from.bucket, from.version), file);
    },
    async remove(bucket, version) {
      if (isVersion(version)) await rm(fileOf(bucket, version), { force: true });
    },
  };
}
