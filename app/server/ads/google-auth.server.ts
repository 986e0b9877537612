import { createSign } from "node:crypto";
import { fromJson } from "../db/values.server";
import type { SendResult } from "../webhooks/send.server";
import type { GoogleSecrets } from "./connections.server";

export const DATA_MANAGER_SCOPE = "https://www.googleapis.com/auth/datamanager";
export const ADWORDS_SCOPE = "https://www.googleapis.com/auth/adwords";

const base64url = (value: string | Buffer) => Buffer.from(value).toString("base64url");

/**
 * The signed assertion of OAuth's JWT-bearer grant (RFC 7523) for a service account: its address as
 * issuer, the key's own `token_uri` as audience, an hour's validity, signed RS256 with its key.
 */
export function serviceAccountAssertion(key: GoogleSecrets["serviceAccountKey"], nowMs = Date.now()) {
  const iat = Math.floor(nowMs / 1000);
  const header = { alg: "RS256", typ: "JWT", ...(key.private_key_id ? { kid: key.private_key_id } : {}) };
  const claims = {
    iss: key.client_email,
    scope: `${DATA_MANAGER_SCOPE} ${ADWORDS_SCOPE}`,
    aud: key.token_uri,
    iat,
    exp: iat + 3600,
  };
  const unsigned = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(claims))}`;
  const signature = createSign("RSA-SHA256").update(unsigned).sign(key.private_key);
  return `${unsigned}.${base64url(signature)}`;
}

/** The form body of the token request. */
export function tokenRequestBody(assertion: string) {
  return new URLSearchParams({
    grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer",
    assertion,
  }).toString();
}

type Send = (url: string, headers: Record<string, string>, body: string) => Promise<SendResult>;

/** Exchanges the service account's signed assertion for an access token at the key's `token_uri`. */
export async function fetchGoogleToken(send: Send, key: GoogleSecrets["serviceAccountKey"], nowMs: number) {
  const result = await send(
    key.token_uri,
    { "content-type": "application/x-www-form-urlencoded" },
    tokenRequestBody(serviceAccountAssertion(key, nowMs)),
  );
  const answer = fromJson<{ access_token?: string; expires_in?: number }>(result.responseBody, {});
  if (!result.delivered || typeof answer.access_token !== "string") {
    throw Object.assign(new Error(`Google token request: ${result.error ?? "no access_token in the answer"}`), {
      result,
    });
  }
  return { token: answer.access_token, expiresAtMs: nowMs + (answer.expires_in ?? 3600) * 1000 };
}
