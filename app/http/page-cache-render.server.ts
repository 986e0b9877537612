import { createHash } from "node:crypto";
import type { ServerResponse } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { CachedPage } from "~/server/page-cache/page-store.server";

export const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

const CACHED_TYPES = /^(text\/html|text\/x-script)\b/;
/** Headers of the render that are per request, per encoding, or set again for each visitor. */
const UNSTORED_HEADERS = new Set([
  "set-cookie",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "date",
  "etag",
  "vary",
  "cache-control",
  "x-request-id",
  "strict-transport-security",
  "x-cache",
]);

/** Runs the rest of the app for this request, keeping what it sends instead of sending it. */
export function captureRender(res: ServerResponse, next: () => void) {
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const toBuffer = (chunk: unknown, encoding?: unknown) =>
      Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, encoding as BufferEncoding);
    const later = (...args: unknown[]) => {
      const callback = args.find((each) => typeof each === "function") as (() => void) | undefined;
      if (callback) queueMicrotask(callback);
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      if (chunk !== undefined && chunk !== null) chunks.push(toBuffer(chunk, rest[0]));
      later(...rest);
      return true;
    }) as typeof res.write;
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (chunk !== undefined && chunk !== null && typeof chunk !== "function") chunks.push(toBuffer(chunk, rest[0]));
      resolve(Buffer.concat(chunks));
      later(chunk, ...rest);
      return res;
    }) as typeof res.end;
    res.writeHead = ((status: number) => {
      res.statusCode = status;
      return res;
    }) as typeof res.writeHead;
    res.flushHeaders = () => {};
    // The visitor went away and the render was given up: nothing to keep.
    res.once("close", () => reject(new Error("the page render was abandoned")));
    next();
  });
}

/**
 * The smallest window that holds the whole page: a larger one finds no longer matches in it, but the
 * encoder allocates for it, and malloc keeps what each compression touched (about 2 MB of a worker
 * after the public pages were rendered once).
 */
function brotliWindowBits(length: number) {
  return Math.min(24, Math.max(10, Math.ceil(Math.log2(length + 16))));
}

/** The captured render as a page to share, or null when it is an error, sets a cookie or says it is private. */
export async function shareablePage(
  res: ServerResponse,
  identity: Buffer,
  version: number,
): Promise<CachedPage | null> {
  const shared =
    res.statusCode === 200 &&
    res.getHeader("set-cookie") === undefined &&
    CACHED_TYPES.test(String(res.getHeader("content-type") ?? "")) &&
    !/private|no-store/i.test(String(res.getHeader("cache-control") ?? ""));
  if (!shared) return null;
  const headers: [string, string][] = [];
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (value === undefined || UNSTORED_HEADERS.has(name)) continue;
    headers.push([name, Array.isArray(value) ? value.join(", ") : String(value)]);
  }
  // Every edit empties the cache and some visitor waits for each page's compression: quick settings
  // (brotli 5 is a tenth of quality 11's time for about a seventh more bytes, still well under gzip).
  const [gzipped, brotlied] = await Promise.all([
    gzip(identity, { level: 6 }),
    brotli(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        [zlib.constants.BROTLI_PARAM_LGWIN]: brotliWindowBits(identity.length),
      },
    }),
  ]);
  return {
    status: res.statusCode,
    headers,
    bodies: { identity, gzip: gzipped, br: brotlied },
    etag: createHash("sha256").update(identity).digest("base64url").slice(0, 27),
    storedAt: Date.now(),
    version,
    // The strings and arrays around the bodies, roughly.
    bytes: identity.length + gzipped.length + brotlied.length + 2048,
  };
}
