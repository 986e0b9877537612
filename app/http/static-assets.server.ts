import { readdirSync } from "node:fs";
import path from "node:path";
import express, { type RequestHandler } from "express";
import { chooseEncoding } from "~/http/page-cache-request.server";

const ONE_YEAR = "1y";

/**
 * The build's hashed assets (`/assets/…`), forever cacheable: in brotli or gzip from the copies the
 * build wrote beside each file (see vite.plugins.ts), as the browser's Accept-Encoding allows, so that
 * no request compresses a file; anything without copies (images, fonts) as it is.
 */
export function serveBuiltAssets(assetsDir: string): RequestHandler {
  const files = new Set(readdirSync(assetsDir));
  const plain = express.static(assetsDir, { immutable: true, maxAge: ONE_YEAR, index: false });
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = req.path.slice(1);
    if (!files.has(name) || name.includes("/")) return plain(req, res, next);
    const compressed = { br: `${name}.br`, gzip: `${name}.gz` } as const;
    const encoding = chooseEncoding(req.get("accept-encoding"));
    if (encoding === "identity" || !files.has(compressed[encoding])) {
      if (files.has(compressed.br) || files.has(compressed.gzip)) res.setHeader("Vary", "Accept-Encoding");
      return plain(req, res, next);
    }
    res.type(path.extname(name));
    res.setHeader("Content-Encoding", encoding);
    res.setHeader("Vary", "Accept-Encoding");
    res.sendFile(path.join(assetsDir, compressed[encoding]), { immutable: true, maxAge: ONE_YEAR }, (error) => {
      if (error && !res.headersSent) next(error);
    });
  };
}
