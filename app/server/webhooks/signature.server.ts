import { randomBytes } from "node:crypto";
import { hmacSha256 } from "~/server/crypto/hmac.server";

/** The key a secret stands for: the bytes after `whsec_`, in base64. */
const decodeWebhookSecret = (secret: string) => Buffer.from(secret.replace(/^whsec_/, ""), "base64");

/** A new endpoint secret in the Standard Webhooks form: `whsec_` and 32 random bytes in base64. */
export function newWebhookSecret() {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

/**
 * The `webhook-signature` header of the Standard Webhooks specification: `v1,` and the base64
 * HMAC-SHA256 of `id.timestamp.body`, keyed with the secret's decoded bytes; one per secret, space
 * separated, so that receivers still holding a rotated-out secret keep verifying for a while.
 */
export function signWebhook(secrets: string[], id: string, timestamp: number, body: string) {
  return secrets
    .map((secret) => {
      const signature = hmacSha256(secret, decodeWebhookSecret).update(`${id}.${timestamp}.${body}`).digest("base64");
      return `v1,${signature}`;
    })
    .join(" ");
}
