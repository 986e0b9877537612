import type { Request as ExpressRequest, Response as ExpressResponse, RequestHandler } from "express";
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
  /** Answers GET/HEAD /uploads/<key>, with the key already checked by `isUploadKey`. */
  serve(key: string, req: ExpressRequest, res: ExpressResponse): Promise<void>;
}

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

/** GET/HEAD /uploads/*key: only names the upload endpoint makes are served; anything else is a 404. */
export function serveUploads(storage: Storage): RequestHandler {
  return async (req, res, next) => {
    const param = (req.params as { key?: string | string[] }).key ?? [];
    const key = ([] as string[]).concat(param).join("/");
    if (!isUploadKey(key)) {
      res.status(404).type("text/plain").send("File not found.");
      return;
    }
    try {
      await storage.serve(key, req, res);
    } catch (error) {
      next(error);
    }
  };
}
