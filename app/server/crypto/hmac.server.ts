import { createHmac, createSecretKey, type Hmac, type KeyObject } from "node:crypto";

type Decode = (secret: string) => Buffer;

/** Distinct secrets kept per kind of key: the app's own and a few derived ones, one per webhook secret in use. */
const MAX_KEYS = 256;
const utf8 = (secret: string) => Buffer.from(secret, "utf8");
/** Per decoder, weakly: a decoder written inline at a call site is a new function each time. */
const keysByDecode = new WeakMap<Decode, Map<string, KeyObject>>();

/**
 * An HMAC-SHA256 keyed with `secret`: its UTF-8 bytes, or the bytes `decode` makes of it (a derived
 * key, a base64 secret). Node turns a string or a Buffer key into a key object on every call, which
 * on a lead's path (four or five signatures) cost more than the hashing: 13 to 20 µs a signature
 * with a Buffer key, 5 with a string, 4 with a key object made once. So the key object is kept.
 */
export function hmacSha256(secret: string, decode: Decode = utf8): Hmac {
  let keys = keysByDecode.get(decode);
  if (!keys) {
    keys = new Map();
    keysByDecode.set(decode, keys);
  }
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(decode(secret));
    // Full: start again, so that secrets made up by the thousand cost their own work, not memory.
    if (keys.size >= MAX_KEYS) keys.clear();
    keys.set(secret, key);
  }
  return createHmac("sha256", key);
}
