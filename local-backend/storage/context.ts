import type { Signer } from "../keys";
import type { BlobStore } from "./blobs";
import type { Sessions } from "./session";

/** A route's path parameters: the bucket, and the object's name (the rest of the path), decoded. */
export interface Target {
  bucket: string;
  name: string;
}

/** What every Storage route works with. */
export interface StorageContext {
  sessions: Sessions;
  blobs: BlobStore;
  /** Signs and verifies signed URLs' tokens, with the key that signs the project's access tokens. */
  signer: Signer;
  /** config.toml's [storage] file_size_limit. */
  fileSizeLimit: number;
}
