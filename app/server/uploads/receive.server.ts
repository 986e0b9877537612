import { createHash, randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { open, rm } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import Busboy from "busboy";
import type { Role } from "~/lib/roles";
import {
  type FileKind,
  type FileType,
  fileKinds,
  fileTypes,
  resolveUploadTarget,
  tooLargeMessage,
  type UploadTarget,
} from "~/lib/uploads";
import { AppError } from "../app-error.server";
import type { Storage } from "../storage/storage.server";
import { uploadUrl } from "../storage/storage.server";
import { detectFileType, SNIFF_BYTES } from "./sniff.server";
import { checkZipArchive, ZipRefused } from "./zip.server";

export type StoredUpload = { key: string; url: string; type: FileType; size: number; target: UploadTarget };

const LARGEST_FILE = Math.max(...Object.values(fileKinds).map((kind) => kind.maxBytes));
/** Room for the multipart envelope and the small fields around the file. */
const ENVELOPE_BYTES = 64 * 1024;
const SVG_REFUSED =
  "SVG images are not accepted because they can carry scripts. Please upload a PNG, JPEG, WebP or GIF instead.";

/**
 * A file name no other upload has, in any process sharing the store: the time (names sort by age)
 * and ten random characters, since several processes can upload in the same millisecond.
 */
export function uniqueUploadName() {
  const random = Array.from(crypto.getRandomValues(new Uint8Array(10)), (byte) => UPLOAD_NAME_ALPHABET[byte % 32]);
  return `${Date.now()}-${random.join("")}`;
}

const UPLOAD_NAME_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";

/** Counts, hashes and identifies the bytes as they stream past, and fails the stream the moment a rule breaks. */
class FileInspector extends Transform {
  readonly hash = createHash("sha256");
  size = 0;
  type: FileType | null = null;
  private head = Buffer.alloc(0);
  private decided = false;

  constructor(private readonly kind: FileKind) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.size += chunk.length;
    if (this.size > fileKinds[this.kind].maxBytes)
      return callback(new AppError("TOO_LARGE", tooLargeMessage(this.kind)));
    if (!this.decided) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, SNIFF_BYTES - this.head.length)]);
      if (this.head.length >= SNIFF_BYTES) {
        const refused = this.decide();
        if (refused) return callback(refused);
      }
    }
    this.hash.update(chunk);
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback) {
    if (this.size === 0) return callback(new AppError("INVALID_INPUT", "The file is empty."));
    callback(this.decided ? null : this.decide());
  }

  private decide() {
    this.decided = true;
    const detection = detectFileType(this.head);
    const allowed: readonly FileType[] = fileKinds[this.kind].types;
    if (detection.type && allowed.includes(detection.type)) {
      this.type = detection.type;
      return null;
    }
    if (detection.type === null && detection.svg) return new AppError("UNSUPPORTED_TYPE", SVG_REFUSED);
    const found = detection.type ? ` This file is a ${detection.type.toUpperCase()}.` : "";
    return new AppError(
      "UNSUPPORTED_TYPE",
      `${fileKinds[this.kind].wrongType}${found} The type is read from the file's contents, not its name.`,
    );
  }
}

/**
 * Receives one multipart upload (fields `bucket`, `prefix`, then `file`) as a stream: the file goes to a
 * temporary file on disk while its size, type and hash are checked, and reading stops at the first broken
 * rule. A good file is then stored under `bucket/prefix + millisecond timestamp + extension`, the extension
 * coming from the detected type. Nothing is left behind on failure.
 */
export async function receiveUpload(storage: Storage, request: Request, role: Role | null): Promise<StoredUpload> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\b/i.test(contentType)) {
    throw new AppError("UNSUPPORTED_TYPE", "Send the file as multipart/form-data, in a field named file.");
  }
  if (!request.body) throw new AppError("INVALID_INPUT", "No file was sent.");
  const declaredLength = Number(request.headers.get("content-length") ?? Number.NaN);
  if (declaredLength > LARGEST_FILE + ENVELOPE_BYTES) {
    throw new AppError("TOO_LARGE", `The file is too large: the limit is ${LARGEST_FILE / (1024 * 1024)} MB.`);
  }
  const query = new URL(request.url).searchParams;
  const fields: Record<string, string | undefined> = {
    bucket: query.get("bucket") ?? undefined,
    prefix: query.get("prefix") ?? undefined,
  };

  let parser: Busboy.Busboy;
  try {
    parser = Busboy({
      headers: { "content-type": contentType },
      limits: { files: 1, fields: 8, fieldSize: 256, parts: 10, fileSize: LARGEST_FILE + 1 },
    });
  } catch {
    throw new AppError("INVALID_INPUT", "The upload is not valid multipart/form-data.");
  }
  const source = Readable.fromWeb(request.body as never);
  let tempPath: string | null = null;
  let pending: Promise<{ target: UploadTarget; inspector: FileInspector } | null> | null = null;

  const received = await new Promise<{ target: UploadTarget; type: FileType; size: number; sha256: string }>(
    (resolve, reject) => {
      let settled = false;
      let fileSeen = false;
      let activeFile: Readable | null = null;

      // Stops reading the request (without destroying the connection, so the answer still reaches the client)
      // and ends the file being written, so its temporary file can be deleted.
      const fail = (error: unknown) => {
        if (settled) return;
        settled = true;
        source.unpipe(parser);
        source.pause();
        activeFile?.destroy(new Error("upload refused"));
        reject(error instanceof AppError ? error : new AppError("INVALID_INPUT", "The upload was interrupted."));
      };

      parser.on("field", (name, value) => {
        if (name === "bucket" || name === "prefix") fields[name] = value.trim();
      });
      parser.on("file", (name, file) => {
        if (settled) return file.resume();
        if (name !== "file") {
          file.resume();
          return fail(new AppError("INVALID_INPUT", 'Send the file in a field named "file".'));
        }
        fileSeen = true;
        const target = resolveUploadTarget(fields.bucket, fields.prefix);
        if (typeof target === "string") {
          file.resume();
          const order = fields.bucket ? "" : " Send the bucket and prefix fields before the file.";
          return fail(new AppError("INVALID_INPUT", `${target}${order}`));
        }
        if (role === null || !target.roles.includes(role)) {
          file.resume();
          return fail(
            new AppError(
              "FORBIDDEN",
              target.settingKey
                ? "Only admins and editors can change the site's files."
                : "Your role may not upload files here.",
            ),
          );
        }
        if (declaredLength > fileKinds[target.kind].maxBytes + ENVELOPE_BYTES) {
          file.resume();
          return fail(new AppError("TOO_LARGE", tooLargeMessage(target.kind)));
        }
        const inspector = new FileInspector(target.kind);
        tempPath = path.join(storage.incomingDir, `${randomUUID()}.part`);
        activeFile = file;
        pending = pipeline(file, inspector, createWriteStream(tempPath)).then(
          () => ({ target, inspector }),
          (error) => {
            fail(error);
            return null;
          },
        );
      });
      const tooMany = () => fail(new AppError("INVALID_INPUT", "Send exactly one file per upload."));
      parser.on("filesLimit", tooMany);
      parser.on("partsLimit", tooMany);
      parser.on("fieldsLimit", tooMany);
      parser.on("error", () => fail(new AppError("INVALID_INPUT", "The upload is not valid multipart/form-data.")));
      source.on("error", () => fail(new AppError("INVALID_INPUT", "The upload was interrupted.")));
      parser.on("close", async () => {
        if (settled) return;
        if (!fileSeen || !pending)
          return fail(new AppError("INVALID_INPUT", 'No file was sent: add one in a field named "file".'));
        const done = await pending;
        if (settled || !done) return;
        settled = true;
        resolve({
          target: done.target,
          type: done.inspector.type as FileType,
          size: done.inspector.size,
          sha256: done.inspector.hash.digest("hex"),
        });
      });
      source.pipe(parser);
    },
  ).catch(async (error) => {
    // Only once the write has stopped, or the file could reappear after being deleted.
    await pending;
    if (tempPath) await rm(tempPath, { force: true });
    throw error;
  });

  const file = { path: tempPath as unknown as string, size: received.size, sha256: received.sha256 };
  try {
    if (received.type === "zip") await checkZip(file.path, file.size);
    const key = `${received.target.bucket}/${received.target.namePrefix}${uniqueUploadName()}.${fileTypes[received.type].extension}`;
    try {
      await storage.put(key, { ...file, contentType: fileTypes[received.type].mime });
    } catch (error) {
      throw new AppError("UNAVAILABLE", "The file could not be stored. Please try again in a moment.", {
        cause: error,
      });
    }
    return { key, url: uploadUrl(key), type: received.type, size: received.size, target: received.target };
  } finally {
    await rm(file.path, { force: true });
  }
}

async function checkZip(filePath: string, size: number) {
  const handle = await open(filePath, "r");
  try {
    await checkZipArchive(handle, size);
  } catch (error) {
    if (error instanceof ZipRefused) throw new AppError("UNPROCESSABLE", error.message);
    throw error;
  } finally {
    await handle.close();
  }
}
