import { createHmac, randomBytes } from "node:crypto";

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
      const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
      return `v1,${createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
    })
    .join(" ");
}
