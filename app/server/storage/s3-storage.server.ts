import { createReadStream } from "node:fs";
import { rm } from "node:fs/promises";
import http from "node:http";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { AwsV4Signer } from "aws4fetch";
import type { S3Config } from "../config.server";
import type { Storage } from "./storage.server";
import { sweepIncoming, uploadHeaders } from "./stored-files.server";

const FORWARDED_REQUEST_HEADERS = ["range", "if-none-match", "if-modified-since", "if-range"];
const FORWARDED_RESPONSE_HEADERS = ["content-length", "content-range", "accept-ranges", "etag", "last-modified"];

export class S3Error extends Error {
  override name = "S3Error";
}

/**
 * An S3-compatible bucket, spoken to with SigV4-signed requests (aws4fetch signs; node:http sends, so the
 * upload streams from disk with a known length and a signed payload hash).
 *
 * Serving: with S3_PUBLIC_URL the browser is redirected there (a CDN or a public bucket does the work);
 * without it the app proxies the object, so the bucket can stay private and the response keeps our headers.
 */
export function createS3Storage(config: S3Config): Storage {
  const incomingDir = path.join(os.tmpdir(), "agency-uploads-incoming");
  sweepIncoming(incomingDir);

  function objectUrl(key: string) {
    const endpoint = new URL(config.endpoint);
    if (config.forcePathStyle) return `${config.endpoint}/${config.bucket}/${key}`;
    return `${endpoint.protocol}//${config.bucket}.${endpoint.host}${endpoint.pathname.replace(/\/$/, "")}/${key}`;
  }

  async function sign(method: string, key: string, headers: Record<string, string>) {
    const signer = new AwsV4Signer({
      method,
      url: objectUrl(key),
      headers,
      accessKeyId: config.accessKeyId,
      secretAccessKey: config.secretAccessKey,
      service: "s3",
      region: config.region,
    });
    const signed = await signer.sign();
    return { url: signed.url, headers: signed.headers };
  }

  return {
    kind: "s3",
    incomingDir,
    async put(key, file) {
      try {
        const served = uploadHeaders(key);
        const { url, headers } = await sign("PUT", key, {
          "Content-Type": file.contentType,
          "Cache-Control": served["Cache-Control"]!,
          ...(served["Content-Disposition"] ? { "Content-Disposition": served["Content-Disposition"] } : {}),
          "X-Amz-Content-Sha256": file.sha256,
        });
        const requestHeaders = Object.fromEntries(headers);
        requestHeaders["content-length"] = String(file.size);
        const status = await new Promise<{ code: number; body: string }>((resolve, reject) => {
          const request = (url.protocol === "https:" ? https : http).request(
            url,
            { method: "PUT", headers: requestHeaders },
            (response) => {
              let body = "";
              response.setEncoding("utf8");
              response.on("data", (chunk) => {
                if (body.length < 2000) body += chunk;
              });
              response.on("end", () => resolve({ code: response.statusCode ?? 0, body }));
              response.on("error", reject);
            },
          );
          request.on("error", reject);
          pipeline(createReadStream(file.path), request).catch(reject);
        });
        if (status.code < 200 || status.code >= 300) {
          throw new S3Error(`S3 PUT ${key} answered ${status.code}: ${status.body.slice(0, 300)}`);
        }
      } finally {
        await rm(file.path, { force: true });
      }
    },
    async delete(key) {
      const { url, headers } = await sign("DELETE", key, {});
      const response = await fetch(url, { method: "DELETE", headers });
      await response.body?.cancel();
      if (!response.ok && response.status !== 404) throw new S3Error(`S3 DELETE ${key} answered ${response.status}`);
    },
    async open(key, request) {
      // Short-lived: the object never changes, but the operator may move the public address.
      if (config.publicUrl) return { kind: "redirect", url: `${config.publicUrl}/${key}` };
      const forwarded: Record<string, string> = {};
      for (const name of FORWARDED_REQUEST_HEADERS) {
        const value = request.headers[name];
        if (typeof value === "string") forwarded[name] = value;
      }
      const method = request.method === "HEAD" ? "HEAD" : "GET";
      const { url, headers } = await sign(method, key, forwarded);
      const response = await fetch(url, { method, headers });
      if (response.status === 404 || response.status === 403) {
        await response.body?.cancel();
        return { kind: "missing" };
      }
      if (![200, 206, 304, 416].includes(response.status)) {
        await response.body?.cancel();
        throw new S3Error(`S3 GET ${key} answered ${response.status}`);
      }
      const passed: Record<string, string> = {};
      for (const name of FORWARDED_RESPONSE_HEADERS) {
        const value = response.headers.get(name);
        if (value) passed[name] = value;
      }
      if (!response.body || method === "HEAD" || response.status === 304) {
        await response.body?.cancel();
        return { kind: "proxied", status: response.status, headers: passed, body: null };
      }
      return { kind: "proxied", status: response.status, headers: passed, body: response.body };
    },
  };
}
