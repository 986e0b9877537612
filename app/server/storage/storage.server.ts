import type { IncomingHttpHeaders } from "node:http";
import { UPLOAD_KEY_PATTERN, UPLOADS_URL_PREFIX } from "~/lib/uploads";
import type { StorageConfig } from "../config.server";
import { createLocalStorage } from "./local-storage.server";
import { createS3Storage } from "./s3-storage.server";

/** A received upload, complete and checked, waiting in a temporary file. */
export type ReceivedFile = { path: string; size: number; sha256: string; contentType: string };

/** Where uploaded files live: a folder on this machine, or an S3-compatible bucket. Keys are `bucket/name`. */
export interface Storage {
  readonly kind: "local" | "s3";
  /** A local folder where uploads are received before they are stored (same disk as the store, for local). */
  readonly incomingDir: string;
  /** Stores the received file under `key`; the temporary file is moved or deleted. */
  put(key: string, file: ReceivedFile): Promise<void>;
  /** Deletes a stored file; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** What GET/HEAD /uploads/<key> answers, with the key already checked by `isUploadKey`; app/http sends it. */
  open(key: string, request: StoredFileRequest): Promise<StoredFileAnswer>;
}

/** The parts of a visitor's request a store needs: the method and the conditional and range headers. */
export type StoredFileRequest = { method: string; headers: IncomingHttpHeaders };

/**
 * How a stored file is answered: not there; a file on this machine (sent with ranges and validators);
 * a redirect to the bucket's public address; or the bucket's own answer, passed on.
 */
export type StoredFileAnswer =
  | { kind: "missing" }
  | { kind: "file"; root: string; key: string }
  | { kind: "redirect"; url: string }
  | { kind: "proxied"; status: number; headers: Record<string, string>; body: ReadableStream<Uint8Array> | null };

export function createStorage(config: StorageConfig): Storage {
  return config.kind === "s3" ? createS3Storage(config) : createLocalStorage(config.dir);
}

/** Only names we made ever resolve, which makes path traversal impossible: no dots, slashes or escapes to play with. */
export function isUploadKey(key: string) {
  return UPLOAD_KEY_PATTERN.test(key);
}

export function uploadUrl(key: string) {
  return `${UPLOADS_URL_PREFIX}${key}`;
}

/** The key behind one of our upload URLs, or null for anything else (a default image, an external URL). */
export function keyFromUploadUrl(url: unknown) {
  if (typeof url !== "string" || !url.startsWith(UPLOADS_URL_PREFIX)) return null;
  const key = url.slice(UPLOADS_URL_PREFIX.length);
  return isUploadKey(key) ? key : null;
}
