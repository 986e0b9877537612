import http from "node:http";
import https from "node:https";
import {
  guardedLookup,
  type Resolver,
  resolveAllowed,
  systemResolver,
  WebhookAddressError,
} from "./address-guard.server";

export const REQUEST_TIMEOUT_MS = 10_000;
/** Read at most this much of a receiver's answer; the rest is cut off. */
export const MAX_RESPONSE_BYTES = 256 * 1024;
/** How much of each answer the delivery log keeps. */
export const STORED_RESPONSE_BYTES = 1024;

export type SendResult = {
  delivered: boolean;
  statusCode: number | null;
  durationMs: number;
  /** The first kilobyte of the answer. */
  responseBody: string | null;
  error: string | null;
};

/**
 * Posts webhook bodies. Without `allowPrivate`, every connection resolves its host through a lookup
 * that refuses private addresses, at connect time (a literal address is checked before). Redirects
 * are never followed (a 3xx is a failed attempt), the whole exchange has a time limit, and only the
 * start of an answer is read. Connections are kept alive between deliveries to the same receiver.
 */
export function createWebhookSender({
  allowPrivate,
  resolve = systemResolver,
  timeoutMs = REQUEST_TIMEOUT_MS,
}: {
  allowPrivate: boolean;
  resolve?: Resolver;
  timeoutMs?: number;
}) {
  const lookup = allowPrivate ? undefined : guardedLookup(resolve);
  const agents = {
    "http:": new http.Agent({ keepAlive: true, maxSockets: 16, timeout: timeoutMs }),
    "https:": new https.Agent({ keepAlive: true, maxSockets: 16, timeout: timeoutMs }),
  };

  async function send(url: string, headers: Record<string, string>, body: string): Promise<SendResult> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const failed = (error: string, statusCode: number | null = null, responseBody: string | null = null) => ({
      delivered: false,
      statusCode,
      durationMs: elapsed(),
      responseBody,
      error,
    });
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return failed("The endpoint URL is not valid.");
    }
    if (target.protocol !== "https:" && !(allowPrivate && target.protocol === "http:")) {
      return failed("The endpoint URL must use https.");
    }
    if (!allowPrivate) {
      try {
        await resolveAllowed(target.hostname, resolve);
      } catch (error) {
        return failed(`Refused: ${(error as Error).message}`);
      }
    }
    return new Promise<SendResult>((settle) => {
      let finished = false;
      const finish = (result: SendResult) => {
        if (finished) return;
        finished = true;
        clearTimeout(timer);
        settle(result);
      };
      const transport = target.protocol === "https:" ? https : http;
      const request = transport.request(target, {
        method: "POST",
        agent: agents[target.protocol as "http:" | "https:"],
        lookup,
        headers: {
          "content-type": "application/json",
          "user-agent": "ScaleLeap-Webhooks/1.0",
          // A caller may name another type (an OAuth token request is a form) or agent.
          ...headers,
          "content-length": String(Buffer.byteLength(body)),
        },
      });
      const timer = setTimeout(() => {
        request.destroy(new Error(`No complete answer within ${timeoutMs / 1000} s.`));
      }, timeoutMs);
      request.on("error", (error) => {
        const message =
          error instanceof WebhookAddressError ? `Refused: ${error.message}` : error.message || String(error);
        finish(failed(message));
      });
      request.on("response", (response) => {
        const chunks: Buffer[] = [];
        let received = 0;
        let cut = false;
        response.on("data", (chunk: Buffer) => {
          if (received < MAX_RESPONSE_BYTES) chunks.push(chunk.subarray(0, MAX_RESPONSE_BYTES - received));
          received += chunk.length;
          if (received > MAX_RESPONSE_BYTES && !cut) {
            cut = true;
            // Enough read: the connection is dropped rather than draining an endless answer.
            response.destroy();
            conclude();
          }
        });
        response.on("end", conclude);
        response.on("error", () => conclude());
        function conclude() {
          const statusCode = response.statusCode ?? 0;
          const text = Buffer.concat(chunks).toString("utf8");
          const stored = truncateText(text, STORED_RESPONSE_BYTES);
          if (statusCode >= 200 && statusCode < 300) {
            finish({ delivered: true, statusCode, durationMs: elapsed(), responseBody: stored, error: null });
          } else if (statusCode >= 300 && statusCode < 400) {
            const location = response.headers.location ? ` to ${response.headers.location}` : "";
            finish(
              failed(`Redirect${location} not followed; point the endpoint at the final URL.`, statusCode, stored),
            );
          } else {
            finish(failed(`The receiver answered ${statusCode}.`, statusCode, stored));
          }
        }
      });
      request.end(body);
    });
  }

  return {
    send,
    close() {
      agents["http:"].destroy();
      agents["https:"].destroy();
    },
  };
}

/** At most `maxBytes` of UTF-8, cut on a character boundary. */
export function truncateText(text: string, maxBytes: number) {
  const bytes = Buffer.from(text, "utf8");
  if (bytes.length <= maxBytes) return text;
  return bytes
    .subarray(0, maxBytes)
    .toString("utf8")
    .replace(/\uFFFD$/, "");
}
