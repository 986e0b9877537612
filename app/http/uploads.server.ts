import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Request, RequestHandler, Response } from "express";
import { isUploadKey, type Storage } from "~/server/storage/storage.server";
import { uploadHeaders } from "~/server/storage/stored-files.server";

/** GET/HEAD /uploads/*key: only names the upload endpoint makes are served; anything else is a 404. */
export function serveUploads(storage: Storage): RequestHandler {
  return async (req, res, next) => {
    const param = (req.params as { key?: string | string[] }).key ?? [];
    const key = ([] as string[]).concat(param).join("/");
    if (!isUploadKey(key)) {
      notFound(res);
      return;
    }
    try {
      const answer = await storage.open(key, req);
      switch (answer.kind) {
        case "missing":
          notFound(res);
          return;
        case "redirect":
          res.set("Cache-Control", "public, max-age=3600").redirect(302, answer.url);
          return;
        case "file":
          await sendStoredFile(req, res, answer.root, answer.key);
          return;
        case "proxied":
          res.status(answer.status).set(uploadHeaders(key)).set(answer.headers);
          if (!answer.body) {
            res.end();
            return;
          }
          await pipeline(Readable.fromWeb(answer.body as never), res);
          return;
      }
    } catch (error) {
      next(error);
    }
  };
}

function notFound(res: Response) {
  res.status(404).type("text/plain").send("File not found.");
}

/** A file on this machine, with ranges and validators; a read that fails before the headers is a plain answer. */
function sendStoredFile(req: Request, res: Response, root: string, key: string) {
  return new Promise<void>((resolve) => {
    res.set(uploadHeaders(key));
    res.sendFile(key, { root, dotfiles: "deny", cacheControl: false, lastModified: true }, (error) => {
      if (error && !res.headersSent) {
        const status = (error as { status?: number }).status ?? 500;
        res.removeHeader("Content-Disposition");
        res.removeHeader("Cache-Control");
        res
          .status(status === 404 ? 404 : status)
          .type("text/plain")
          .send(status === 404 ? "File not found." : "The file could not be read.");
      } else if (error) {
        req.log?.warn({ err: error, key }, "upload stream ended early");
      }
      resolve();
    });
  });
}
