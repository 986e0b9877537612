import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import http, { type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { serveUploads } from "~/http/uploads.server";
import type { Role } from "~/lib/roles";
import { AppError } from "~/server/app-error.server";
import { listAuditEntries } from "~/server/audit/audit.server";
import type { StaffIdentity } from "~/server/auth/session.server";
import { getSettings } from "~/server/settings/settings.server";
import { createLocalStorage } from "~/server/storage/local-storage.server";
import { createS3Storage } from "~/server/storage/s3-storage.server";
import type { Storage } from "~/server/storage/storage.server";
import { receiveUpload } from "~/server/uploads/receive.server";
import { removeSiteFile, uploadFile } from "~/server/uploads/uploads.server";
import { databasePerTest, dialects } from "../support/databases";
import {
  BOUNDARY,
  MULTIPART_TYPE,
  makeGif,
  makeIco,
  makeJpeg,
  makeMatroska,
  makeMp4,
  makePdf,
  makePng,
  makeWebp,
  makeZip,
  multipart,
  type Part,
  svgWithScript,
} from "../support/files";
import { startS3Bucket } from "../support/s3-signing-proxy";
import { tempDirPerTest } from "../support/temp-dirs";

const logger = pino({ level: "silent" });

function uploadRequest(parts: Part[], { search = "" } = {}) {
  const body = multipart(parts);
  return new Request(`http://app.test/admin/uploads${search}`, {
    method: "POST",
    headers: { "content-type": MULTIPART_TYPE, "content-length": String(body.length) },
    body,
  });
}

function filePart(data: Buffer, filename: string, type = "application/octet-stream"): Part {
  return { name: "file", filename, type, data };
}

function target(bucket: string, prefix?: string): Part[] {
  return prefix === undefined
    ? [{ name: "bucket", value: bucket }]
    : [
        { name: "bucket", value: bucket },
        { name: "prefix", value: prefix },
      ];
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

/** Starts a bare Express app serving /uploads from the storage, as the real server mounts it. */
async function serveFrom(storage: Storage) {
  const app = express();
  app.get("/uploads/*key", serveUploads(storage));
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

function rawGet(origin: string, rawPath: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(`${origin}/`, { path: rawPath }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => {
        body += chunk;
      });
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on("error", reject);
    request.end();
  });
}

/**
 * Fetches a stored PDF and checks it is served as every upload is (its bytes and type, nosniff, a
 * year's caching): its Content-Disposition, for the caller to check it is a download.
 */
async function servedPdfDisposition(url: string, pdf: Buffer) {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/pdf");
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  expect(Buffer.from(await response.arrayBuffer())).toEqual(pdf);
  return response.headers.get("content-disposition");
}

describe("receiving uploads on local disk", () => {
  let dir: string;
  let storage: Storage;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), "agency-uploads-"));
    storage = createLocalStorage(dir);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  /** One file sent through the upload form to a bucket (and prefix), as an admin unless said. */
  const upload = (bucket: string, prefix: string | undefined, file: Part, role: Role = "admin") =>
    receiveUpload(storage, uploadRequest([...target(bucket, prefix), file]), role);
  afterEach(() => {
    // Whatever happened, no partial file is left behind.
    expect(readdirSync(storage.incomingDir)).toEqual([]);
  });

  it("gives 72 simultaneous uploads from three processes sharing the folder 72 names, each serving its own file", async () => {
    // Three "processes": three stores over one folder, as three app processes sharing DATA_DIR.
    const stores = [storage, createLocalStorage(dir), createLocalStorage(dir)];
    const files = Array.from({ length: 72 }, (_, index) => makePng(index + 1));
    const stored = await Promise.all(
      files.map((png, index) =>
        receiveUpload(
          stores[index % 3]!,
          uploadRequest([...target("logos", "header_logo"), filePart(png, `logo${index}.png`)]),
          "admin",
        ),
      ),
    );
    expect(new Set(stored.map((upload) => upload.key)).size).toBe(72);
    for (const [index, upload] of stored.entries())
      expect(readFileSync(path.join(dir, upload.key))).toEqual(files[index]);
  });

  it("stores a good image under its bucket, the prefix and a millisecond timestamp, typed by its bytes", async () => {
    const png = makePng();
    // The browser says JPEG and the name says .jpeg: the bytes say PNG, and PNG it is.
    const stored = await upload("logos", "header_logo", filePart(png, "../../etc/passwd.jpeg", "image/jpeg"));
    expect(stored.key).toMatch(/^logos\/header_logo-\d{13}-[a-z0-9]{10}\.png$/);
    expect(stored.url).toBe(`/uploads/${stored.key}`);
    expect(readFileSync(path.join(dir, stored.key))).toEqual(png);

    const blog = await upload("pdfs", "blog-images/", filePart(png, "photo.png"), "editor");
    expect(blog.key).toMatch(/^pdfs\/blog-images\/\d{13}-[a-z0-9]{10}\.png$/);
  });

  it("refuses a file whose bytes are not of the accepted kind, whatever its name and declared type", async () => {
    const error = await refusal(upload("logos", "header_logo", filePart(makePdf(), "logo.png", "image/png")));
    expect(error.status).toBe(415);
    expect(error.message).toContain("Please select an image file");
    expect(error.message).toContain("This file is a PDF");

    const video = await refusal(upload("videos", "hero_video", filePart(makePng(), "clip.mp4", "video/mp4")));
    expect(video.message).toContain("Please select a video file");
  });

  it.each([
    {
      file: "JPEG",
      data: makeJpeg,
      bucket: "logos",
      prefix: "header_logo",
      key: /^logos\/header_logo-\d{13}-[a-z0-9]{10}\.jpg$/,
    },
    {
      file: "GIF",
      data: makeGif,
      bucket: "pdfs",
      prefix: "blog-images/",
      key: /^pdfs\/blog-images\/\d{13}-[a-z0-9]{10}\.gif$/,
    },
    {
      file: "WebP",
      data: makeWebp,
      bucket: "logos",
      prefix: "footer_logo",
      key: /^logos\/footer_logo-\d{13}-[a-z0-9]{10}\.webp$/,
    },
    {
      file: "ICO",
      data: makeIco,
      bucket: "logos",
      prefix: "favicon_url",
      key: /^logos\/favicon_url-\d{13}-[a-z0-9]{10}\.ico$/,
    },
    { file: "WebM", data: () => makeMatroska("webm"), bucket: "videos", prefix: "hero_video", key: /\.webm$/ },
    ...["isom", "iso5", "mp41", "mp42", "avc1", "M4V ", "dash"].map((brand) => ({
      file: `MP4 of brand '${brand}'`,
      data: () => makeMp4(4096, brand),
      bucket: "videos",
      prefix: "hero_video",
      key: /^videos\/hero_video-\d{13}-[a-z0-9]{10}\.mp4$/,
    })),
  ])("takes a $file by its bytes, whatever it is called", async ({ data, bucket, prefix, key }) => {
    const bytes = data();
    const stored = await upload(bucket, prefix, filePart(bytes, "upload.bin", "application/octet-stream"));
    expect(stored.key).toMatch(key);
    expect(readFileSync(path.join(dir, stored.key))).toEqual(bytes);
  });

  it.each([
    { file: "QuickTime MOV ('qt  ')", data: () => makeMp4(4096, "qt  "), message: "Please select a video file" },
    { file: "3GPP ('3gp5')", data: () => makeMp4(4096, "3gp5"), message: "Please select a video file" },
    { file: "HEIF still image ('heic')", data: () => makeMp4(4096, "heic"), message: "Please select a video file" },
    { file: "Matroska that is not WebM", data: () => makeMatroska("matroska"), message: "Please select a video file" },
  ])("refuses a $file as the hero video", async ({ data, message }) => {
    const error = await refusal(upload("videos", "hero_video", filePart(data(), "clip.mp4", "video/mp4")));
    expect(error.status).toBe(415);
    expect(error.message).toContain(message);
  });

  it("refuses an ICO where an image is wanted, and a GIF as the favicon", async () => {
    const logo = await refusal(upload("logos", "header_logo", filePart(makeIco(), "logo.png")));
    expect(logo.status).toBe(415);
    expect(logo.message).toContain("This file is a ICO");
    const favicon = await refusal(upload("logos", "favicon_url", filePart(makeGif(), "icon.ico")));
    expect(favicon.status).toBe(415);
    expect(favicon.message).toContain("Please select a PNG or ICO image for the favicon.");
  });

  it("refuses an SVG carrying a script, even named and typed as a PNG", async () => {
    const error = await refusal(upload("logos", "favicon_url", filePart(svgWithScript, "favicon.png", "image/png")));
    expect(error.status).toBe(415);
    expect(error.message).toMatch(/SVG images are not accepted because they can carry scripts/);
  });

  it("stops reading an oversize upload at the limit instead of taking in the whole body", async () => {
    const total = 60 * 1024 * 1024;
    let pulled = 0;
    // A real multipart start (fields, then a PNG), whose file part then never ends.
    const complete = multipart([...target("logos", "header_logo"), filePart(makePng(), "big.png", "image/png")]);
    const opening = complete.subarray(0, complete.length - `\r\n--${BOUNDARY}--\r\n`.length);
    let sentOpening = false;
    const chunk = Buffer.alloc(64 * 1024);
    // No Content-Length: the size is only found out by reading, as with a chunked request.
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (!sentOpening) {
          sentOpening = true;
          pulled += opening.length;
          controller.enqueue(opening);
          return;
        }
        if (pulled >= total) return controller.close();
        pulled += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const request = new Request("http://app.test/admin/uploads", {
      method: "POST",
      headers: { "content-type": MULTIPART_TYPE },
      body,
      duplex: "half",
    } as RequestInit);
    const error = await refusal(receiveUpload(storage, request, "admin"));
    expect(error.status).toBe(413);
    expect(error.message).toBe("The file is too large: the limit is 5 MB.");
    expect(pulled).toBeLessThan(6 * 1024 * 1024);
  });

  it("refuses at once when the declared length is over the limit", async () => {
    const request = new Request("http://app.test/admin/uploads", {
      method: "POST",
      headers: { "content-type": MULTIPART_TYPE, "content-length": String(200 * 1024 * 1024) },
      body: new ReadableStream({
        pull() {
          throw new Error("the body must not be read");
        },
      }),
      duplex: "half",
    } as RequestInit);
    const error = await refusal(receiveUpload(storage, request, "admin"));
    expect(error.status).toBe(413);
  });

  it("opens ZIP files' central directory and refuses zip bombs", async () => {
    const good = await receiveUpload(
      storage,
      uploadRequest([
        ...target("pdfs", "ppc_strategies_pdf"),
        filePart(makeZip([{ name: "guide.txt", data: Buffer.from("fifty strategies") }]), "guide.zip"),
      ]),
      "admin",
    );
    expect(good.key).toMatch(/^pdfs\/ppc_strategies_pdf-\d{13}-[a-z0-9]{10}\.zip$/);

    const huge = makeZip(
      Array.from({ length: 40 }, (_, index) => ({
        name: `layer-${index}.bin`,
        data: Buffer.from("x"),
        claimedSize: 0xfffffff0 - 1,
      })),
    );
    const bomb = await refusal(upload("pdfs", "ppc_strategies_pdf", filePart(huge, "bomb.zip")));
    expect(bomb.status).toBe(422);
    expect(bomb.message).toBe("This ZIP file would unpack to more than 100 MB, so it was refused.");

    const many = makeZip(Array.from({ length: 1001 }, (_, index) => ({ name: `${index}`, data: Buffer.alloc(0) })));
    const crowded = await refusal(upload("pdfs", "ppc_strategies_pdf", filePart(many, "many.zip")));
    expect(crowded.message).toBe("This ZIP file has more than 1000 entries, so it was refused.");

    // Headers that understate what an entry unpacks to: 8 MB of zeros said to be 100 bytes.
    const understating = makeZip([
      { name: "guide.txt", data: Buffer.from("fifty strategies, compressed"), deflate: true },
      { name: "quiet.bin", data: Buffer.alloc(8 * 1024 * 1024), claimedSize: 100, deflate: true },
    ]);
    const quiet = await refusal(upload("pdfs", "ppc_strategies_pdf", filePart(understating, "quiet.zip")));
    expect(quiet.status).toBe(422);
    expect(quiet.message).toBe(
      "This ZIP file unpacks to more than its headers say, as a zip bomb does, so it was refused.",
    );
    const storedUnderstating = makeZip([{ name: "a.bin", data: Buffer.alloc(4096), claimedSize: 10 }]);
    expect((await refusal(upload("pdfs", "ppc_strategies_pdf", filePart(storedUnderstating, "s.zip")))).message).toBe(
      "This ZIP file unpacks to more than its headers say, as a zip bomb does, so it was refused.",
    );
    // An honest compressed guide is taken.
    const honest = await receiveUpload(
      storage,
      uploadRequest([
        ...target("pdfs", "ppc_strategies_pdf"),
        filePart(makeZip([{ name: "guide.txt", data: Buffer.alloc(200_000, "strategy "), deflate: true }]), "g.zip"),
      ]),
      "admin",
    );
    expect(honest.key).toMatch(/\.zip$/);

    const truncated = makeZip([{ name: "a.txt", data: Buffer.from("a") }]).subarray(0, 40);
    const damaged = await refusal(upload("pdfs", "ppc_strategies_pdf", filePart(truncated, "cut.zip")));
    expect(damaged.message).toMatch(/damaged/);
  });

  it("refuses unknown targets, path tricks in the prefix, missing files, and roles without the right", async () => {
    const png = makePng();
    const traversal = await refusal(upload("pdfs", "../../", filePart(png, "x.png")));
    expect(traversal.status).toBe(400);
    expect(traversal.message).toMatch(/need a known prefix/);
    expect((await refusal(upload("secrets", undefined, filePart(png, "x.png")))).message).toMatch(/Unknown bucket/);
    expect((await refusal(receiveUpload(storage, uploadRequest([filePart(png, "x.png")]), "admin"))).message).toMatch(
      /Send the bucket and prefix fields before the file/,
    );
    expect(
      (await refusal(receiveUpload(storage, uploadRequest(target("logos", "header_logo")), "admin"))).message,
    ).toMatch(/No file was sent/);
    const twoFiles = await refusal(
      receiveUpload(
        storage,
        uploadRequest([...target("logos", "header_logo"), filePart(png, "a.png"), filePart(png, "b.png")]),
        "admin",
      ),
    );
    expect(twoFiles.message).toBe("Send exactly one file per upload.");
    // Editors manage the site's files; sales may not touch them.
    const byEditor = await upload("logos", "header_logo", filePart(png, "x.png"), "editor");
    expect(byEditor.target.settingKey).toBe("header_logo");
    const bySales = await refusal(upload("logos", "header_logo", filePart(png, "x.png"), "sales"));
    expect(bySales.status).toBe(403);
    expect(bySales.message).toBe("Only admins and editors can change the site's files.");
    const sales = await refusal(upload("pdfs", "blog-images/", filePart(png, "x.png"), "sales"));
    expect(sales.status).toBe(403);
  });

  it("serves stored files with their type, nosniff, a year's caching, and PDFs as downloads; nothing else", async () => {
    const pdf = await upload("pdfs", "ppc_strategies_pdf", filePart(makePdf(), "guide.pdf"));
    const png = await upload("logos", "footer_logo", filePart(makePng(), "logo.png"));
    const video = await upload("videos", "hero_video", filePart(makeMp4(), "hero.mp4"));
    const server = await serveFrom(storage);
    try {
      expect(await servedPdfDisposition(`${server.url}${pdf.url}`, makePdf())).toMatch(
        // The visitor's copy is named for what it is, not for its storage key.
        /^attachment; filename="PPC-Strategies-Guide\.pdf"$/,
      );

      const pngResponse = await fetch(`${server.url}${png.url}`);
      expect(pngResponse.headers.get("content-type")).toBe("image/png");
      expect(pngResponse.headers.get("content-disposition")).toBeNull();
      await pngResponse.arrayBuffer();

      const range = await fetch(`${server.url}${video.url}`, { headers: { range: "bytes=0-99" } });
      expect(range.status).toBe(206);
      expect(range.headers.get("content-type")).toBe("video/mp4");
      expect((await range.arrayBuffer()).byteLength).toBe(100);

      for (const probe of [
        "/uploads/../../app.db",
        "/uploads/logos/..%2f..%2fapp.db",
        "/uploads/%2e%2e/%2e%2e/etc/passwd",
        "/uploads/.incoming/x.part",
        "/uploads/logos/header_logo-1700000000000.png%00.txt",
        `/uploads/${png.key.replace(".png", ".pdf")}`,
      ]) {
        // Sent byte for byte: fetch would tidy the dots away before they reached the server.
        const response = await rawGet(`${server.url}`, probe);
        expect(response.status, probe).toBe(404);
        expect(response.body, probe).not.toContain("SQLite");
      }
    } finally {
      await server.close();
    }
  });
});

function staff(role: Role): StaffIdentity {
  return {
    id: crypto.randomUUID(),
    email: `${role}@example.com`,
    name: role,
    role,
    twoFactorEnabled: false,
    sessionCreatedAt: new Date().toISOString(),
  };
}

describe.each(dialects)("site file uploads on %s", (dialect) => {
  const freshDatabase = databasePerTest(dialect);
  const tempDir = tempDirPerTest("agency-uploads-");

  it("points the setting at the new file, audits it, and deletes the file it replaced; a refused upload changes nothing", async () => {
    const database = await freshDatabase();
    const dir = tempDir();
    const storage = createLocalStorage(dir);
    const services = { db: database.db, storage, logger };
    const admin = staff("admin");

    const first = await uploadFile(
      services,
      uploadRequest([...target("logos", "header_logo"), filePart(makePng(), "a.png")]),
      admin,
    );
    expect(await getSettings(database.db, ["header_logo"])).toEqual({ header_logo: first.url });
    const second = await uploadFile(
      services,
      uploadRequest([...target("logos", "header_logo"), filePart(makePng(8, 8), "b.png")]),
      admin,
    );
    expect(await getSettings(database.db, ["header_logo"])).toEqual({ header_logo: second.url });
    expect(existsSync(path.join(dir, first.key))).toBe(false);
    expect(existsSync(path.join(dir, second.key))).toBe(true);

    await refusal(
      uploadFile(services, uploadRequest([...target("logos", "header_logo"), filePart(makePdf(), "c.png")]), admin),
    );
    await refusal(
      uploadFile(
        services,
        uploadRequest([...target("logos", "header_logo"), filePart(makePng(), "d.png")]),
        staff("sales"),
      ),
    );
    expect(await getSettings(database.db, ["header_logo"])).toEqual({ header_logo: second.url });

    const audit = await listAuditEntries(database.db, { entityType: "site_settings" });
    expect(audit).toHaveLength(2);
    expect(audit.map((entry) => entry.summary)).toContainEqual({ header_logo: { from: first.url, to: second.url } });
    expect(audit[0]?.actorEmail).toBe("admin@example.com");

    await removeSiteFile(services, "header_logo", admin);
    expect(await getSettings(database.db, ["header_logo"])).toEqual({});
    expect(existsSync(path.join(dir, second.key))).toBe(false);
    expect((await listAuditEntries(database.db, { entityType: "site_settings" }))[0]?.summary).toEqual({
      header_logo: { from: second.url, to: null },
    });

    const blogImage = await uploadFile(
      services,
      uploadRequest([...target("pdfs", "blog-images/"), filePart(makePng(), "post.png")]),
      staff("editor"),
    );
    const uploads = await listAuditEntries(database.db, { entityType: "upload" });
    expect(uploads[0]).toMatchObject({ action: "upload.create", entityId: blogImage.key });
  });
});

describe("S3-compatible storage (s3rver behind a proxy that verifies SigV4 signatures)", () => {
  let s3: Awaited<ReturnType<typeof startS3Bucket>>;
  let endpoint: string;
  beforeAll(async () => {
    s3 = await startS3Bucket("site-files");
    endpoint = s3.endpoint;
  });
  afterAll(async () => {
    await s3?.close();
  });

  const config = () => ({
    bucket: "site-files",
    endpoint,
    region: "us-east-1",
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    publicUrl: undefined,
    forcePathStyle: true,
  });

  it("stores, serves (proxied, with our headers and ranges) and deletes objects", async () => {
    const storage = createS3Storage(config());
    const pdf = makePdf();
    const stored = await receiveUpload(
      storage,
      uploadRequest([...target("pdfs", "ppc_strategies_pdf"), filePart(pdf, "guide.pdf")]),
      "admin",
    );
    expect(readdirSync(storage.incomingDir).filter((name) => name.endsWith(".part"))).toEqual([]);
    const server = await serveFrom(storage);
    try {
      expect(await servedPdfDisposition(`${server.url}${stored.url}`, pdf)).toMatch(/^attachment;/);

      const part = await fetch(`${server.url}${stored.url}`, { headers: { range: "bytes=0-4" } });
      expect(part.status).toBe(206);
      expect(await part.text()).toBe("%PDF-");

      await storage.delete(stored.key);
      expect((await fetch(`${server.url}${stored.url}`)).status).toBe(404);
      expect(s3.checked).toEqual(
        expect.arrayContaining([
          `PUT /site-files/${stored.key}`,
          `GET /site-files/${stored.key}`,
          `DELETE /site-files/${stored.key}`,
        ]),
      );
    } finally {
      await server.close();
    }
  });

  it("reports a refused signature as a storage failure, leaving no temporary file", async () => {
    const storage = createS3Storage({ ...config(), secretAccessKey: "wrong-secret" });
    const error = await refusal(
      receiveUpload(storage, uploadRequest([...target("logos", "header_logo"), filePart(makePng(), "a.png")]), "admin"),
    );
    expect(error.status).toBe(503);
    expect(String((error.cause as Error).message)).toMatch(/403/);
    expect(readdirSync(storage.incomingDir).filter((name) => name.endsWith(".part"))).toEqual([]);
  });

  it("redirects to S3_PUBLIC_URL when one is configured", async () => {
    const storage = createS3Storage({ ...config(), publicUrl: "https://cdn.example.com/site-files" });
    const server = await serveFrom(storage);
    try {
      const response = await fetch(`${server.url}/uploads/logos/header_logo-1700000000000.png`, { redirect: "manual" });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(
        "https://cdn.example.com/site-files/logos/header_logo-1700000000000.png",
      );
    } finally {
      await server.close();
    }
  });
});
