import { mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import type { Request as ExpressRequest, Response as ExpressResponse, RequestHandler } from "express";
import { fileTypes, UPLOAD_KEY_PATTERN, UPLOADS_URL_PREFIX } from "~/lib/uploads";
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

/**
 * Deletes receive files over an hour old: what a crash left behind. Younger ones may belong to an upload
 * another process (sharing the folder) is receiving now.
 */
export function sweepIncoming(dir: string, now = Date.now()) {
  mkdirSync(dir, { recursive: true });
  for (const name of readdirSync(dir)) {
    if (!name.endsWith(".part")) continue;
    const file = path.join(dir, name);
    try {
      if (now - statSync(file).mtimeMs > 60 * 60 * 1000) rmSync(file, { force: true });
    } catch {
      // Already gone.
    }
  }
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

const byExtension = new Map<string, string>(Object.values(fileTypes).map((type) => [type.extension, type.mime]));

/**
 * The headers every stored file is served with: its real type (decided from its bytes when it was uploaded,
 * and carried by the name's extension), no sniffing, a year's caching (names are never reused), documents
 * as downloads, and a CSP that keeps anything opened directly from running.
 */
export function uploadHeaders(key: string): Record<string, string> {
  const extension = key.slice(key.lastIndexOf(".") + 1);
  const headers: Record<string, string> = {
    "Content-Type": byExtension.get(extension) ?? "application/octet-stream",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "public, max-age=31536000, immutable",
    "Content-Security-Policy": "default-src 'none'; sandbox",
  };
  if (extension === "pdf" || extension === "zip") {
    headers["Content-Disposition"] = `attachment; filename="${readableDownloadName(key)}"`;
  }
  return headers;
}

/** What a downloaded file is called on the visitor's disk: its purpose, not its storage key. */
const downloadNames: Record<string, string> = { ppc_strategies_pdf: "PPC-Strategies-Guide" };

/**
 * `pdfs/ppc_strategies_pdf-1795459153252-k3j9x0q2mz.pdf` downloads as `PPC-Strategies-Guide.pdf`;
 * other keys lose their upload time and random part (older keys have the time only) and keep their prefix.
 */
export function readableDownloadName(key: string) {
  const file = key.slice(key.lastIndexOf("/") + 1);
  const dot = file.lastIndexOf(".");
  const extension = file.slice(dot + 1);
  const stem = file.slice(0, dot).replace(/-\d{10,}(?:-[a-z0-9]{10})?$/, "");
  return `${downloadNames[stem] ?? stem.replace(/[^A-Za-z0-9-]+/g, "-")}.${extension}`;
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
