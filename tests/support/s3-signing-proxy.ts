import { createHash, createHmac } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

/**
 * s3rver speaks S3 faithfully but does not check SigV4 signatures. This proxy sits in front of it and does,
 * with its own implementation of the algorithm (not the client's): the canonical request, the scope, the
 * signing key, the date window, and the payload hash against the bytes actually received. Anything that
 * fails answers 403 like S3; anything that passes is forwarded unchanged.
 *
 * Limits: header-signed requests only (no presigned URLs, no aws-chunked payloads), one fixed key pair.
 */
export async function startSigningProxy(target: string, credentials: { accessKeyId: string; secretAccessKey: string }) {
  const checked: string[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const problem = verify(req, body, credentials);
    if (problem) {
      res.writeHead(403, { "content-type": "application/xml" });
      res.end(`<?xml version="1.0"?><Error><Code>SignatureDoesNotMatch</Code><Message>${problem}</Message></Error>`);
      return;
    }
    checked.push(`${req.method} ${req.url}`);
    const upstream = http.request(`${target}${req.url}`, { method: req.method, headers: req.headers }, (response) => {
      res.writeHead(response.statusCode ?? 502, response.headers);
      response.pipe(res);
    });
    upstream.on("error", () => {
      res.writeHead(502).end();
    });
    upstream.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    /** The requests whose signatures were verified. */
    checked,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const hmac = (key: Buffer | string, data: string) => createHmac("sha256", key).update(data, "utf8").digest();
const sha256 = (data: Buffer | string) => createHash("sha256").update(data).digest("hex");

function encode(value: string) {
  return encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

function verify(
  req: http.IncomingMessage,
  body: Buffer,
  { accessKeyId, secretAccessKey }: { accessKeyId: string; secretAccessKey: string },
): string | null {
  const authorization = req.headers.authorization ?? "";
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      authorization,
    );
  if (!match) return "Missing or malformed SigV4 Authorization header";
  const [, keyId, day, region, signedHeaderList, signature] = match as unknown as string[];
  if (keyId !== accessKeyId) return "Unknown access key";
  const amzDate = String(req.headers["x-amz-date"] ?? "");
  if (!/^\d{8}T\d{6}Z$/.test(amzDate) || amzDate.slice(0, 8) !== day) return "Bad x-amz-date";
  const when = Date.parse(
    `${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`,
  );
  if (Math.abs(Date.now() - when) > 15 * 60 * 1000) return "Request time too skewed";
  const signedHeaders = signedHeaderList!.split(";");
  for (const required of ["host", "x-amz-date", "x-amz-content-sha256"]) {
    if (!signedHeaders.includes(required)) return `${required} must be signed`;
  }
  const payloadHash = String(req.headers["x-amz-content-sha256"] ?? "");
  if (payloadHash !== "UNSIGNED-PAYLOAD" && payloadHash !== sha256(body)) return "Payload hash does not match the body";

  const url = new URL(req.url ?? "/", "http://proxy.invalid");
  const canonicalQuery = [...url.searchParams]
    .map(([name, value]) => [encode(name), encode(value)])
    .sort(([a, x], [b, y]) => (a! < b! ? -1 : a! > b! ? 1 : x! < y! ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
  const canonicalHeaders = signedHeaders
    .map((name) => {
      const value = req.headers[name];
      return `${name}:${String(Array.isArray(value) ? value.join(",") : (value ?? ""))
        .trim()
        .replace(/\s+/g, " ")}\n`;
    })
    .join("");
  const canonicalRequest = [
    req.method,
    url.pathname,
    canonicalQuery,
    canonicalHeaders,
    signedHeaderList,
    payloadHash,
  ].join("\n");
  const scope = `${day}/${region}/s3/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256(canonicalRequest)].join("\n");
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, day!), region!), "s3"), "aws4_request");
  const expected = createHmac("sha256", signingKey).update(stringToSign).digest("hex");
  return expected === signature ? null : "Signature does not match";
}

/** s3rver with one bucket, in a folder of its own, behind the signature-checking proxy: the S3 the tests use. */
export async function startS3Bucket(bucket: string) {
  const directory = mkdtempSync(path.join(os.tmpdir(), "agency-s3rver-"));
  const s3 = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = (await s3.run()) as AddressInfo;
  const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
  const proxy = await startSigningProxy(`http://127.0.0.1:${port}`, credentials);
  return {
    endpoint: proxy.url,
    ...credentials,
    /** The requests whose signatures were verified. */
    checked: proxy.checked,
    async close() {
      await proxy.close();
      await s3.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
