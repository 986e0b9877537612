import { createHmac, timingSafeEqual } from "node:crypto";
import { once } from "node:events";
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { WebhookEndpointInput } from "~/lib/schemas/webhooks";
import type { Database } from "~/server/db/schema.server";
import { createWebhookEndpoint } from "~/server/webhooks/endpoints.server";

export type ReceivedWebhook = { headers: IncomingHttpHeaders; body: string; path: string };

/**
 * What the receiver does with the n-th request (from 1): answer with a status (and body), or hang
 * until the receiver is closed or `release()` is called.
 */
export type Reply = { status: number; body?: string; headers?: Record<string, string> } | "hang";

/** A real HTTP receiver on loopback that records every request it gets. */
export async function startWebhookReceiver(reply: (attempt: number) => Reply = () => ({ status: 200, body: "ok" })) {
  const received: ReceivedWebhook[] = [];
  const hanging: ServerResponse[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({
        headers: request.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        path: request.url ?? "",
      });
      for (const waiter of waiters.filter((each) => received.length >= each.count)) waiter.resolve();
      const answer = reply(received.length);
      if (answer === "hang") {
        hanging.push(response);
        return;
      }
      response.writeHead(answer.status, { "content-type": "text/plain", ...answer.headers });
      response.end(answer.body ?? "");
    });
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    received,
    /** Resolves once `count` requests have arrived. */
    waitFor(count: number) {
      if (received.length >= count) return Promise.resolve();
      return new Promise<void>((resolve) => waiters.push({ count, resolve }));
    },
    /** Answers every hanging request with 200. */
    release() {
      for (const response of hanging.splice(0)) response.writeHead(200).end("late");
    },
    async close() {
      for (const response of hanging.splice(0)) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * Verifies a request as the Standard Webhooks specification tells a receiver to, written here from
 * the specification (not the app's code): the signed content is `id.timestamp.body`, the key is the
 * base64 part of the `whsec_` secret, the header holds space-separated `v1,<base64 HMAC-SHA256>`
 * signatures of which one must match, and the timestamp must be within five minutes of now.
 */
export function verifyStandardWebhook(secret: string, headers: IncomingHttpHeaders, body: string, nowMs = Date.now()) {
  const id = headers["webhook-id"];
  const timestamp = headers["webhook-timestamp"];
  const signatures = headers["webhook-signature"];
  if (typeof id !== "string" || typeof timestamp !== "string" || typeof signatures !== "string") return false;
  if (!/^\d+$/.test(timestamp) || Math.abs(nowMs / 1000 - Number(timestamp)) > 5 * 60) return false;
  if (!secret.startsWith("whsec_")) return false;
  const key = Buffer.from(secret.slice("whsec_".length), "base64");
  const expected = createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest();
  return signatures.split(" ").some((entry) => {
    const [version, signature] = entry.split(",");
    if (version !== "v1" || !signature) return false;
    const given = Buffer.from(signature, "base64");
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/**
 * An active endpoint pointing at a receiver on this machine, as an admin would add it: `lead.created`
 * in the standard format, spam left out, unless `fields` says otherwise.
 */
export function addLoopbackEndpoint(db: Database, url: string, fields: Partial<WebhookEndpointInput> = {}) {
  return createWebhookEndpoint(
    db,
    { url, description: null, events: ["lead.created"], format: "standard", includeSpam: false, ...fields },
    { id: null, email: "admin@agency.example" },
    { allowPrivate: true },
  );
}
