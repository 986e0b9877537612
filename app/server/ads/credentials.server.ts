import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { AppError } from "../app-error.server";

/**
 * Ad platform credentials are encrypted with a key the environment holds (ADS_CREDENTIALS_KEY), never
 * the database: a copy of the database file alone reads nothing. AES-256-GCM, so a tampered value
 * fails to open rather than opening to something else.
 */
export const CREDENTIALS_KEY_VARIABLE = "ADS_CREDENTIALS_KEY";

export function credentialsKey(env: NodeJS.ProcessEnv = process.env) {
  const value = env[CREDENTIALS_KEY_VARIABLE]?.trim();
  if (!value || value.length < 32) {
    throw new AppError(
      "CONFLICT",
      `Set ${CREDENTIALS_KEY_VARIABLE} (at least 32 characters) where the server runs: ad platform credentials are encrypted with it.`,
    );
  }
  return createHash("sha256").update(value, "utf8").digest();
}

export function encryptCredentials(plain: unknown, key: Buffer) {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(plain), "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), data.toString("base64url")].join(
    ".",
  );
}

export function decryptCredentials<T>(sealed: string, key: Buffer): T {
  const [version, iv, tag, data] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || !data) throw new Error("Unknown credentials format.");
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    const plain = Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]);
    return JSON.parse(plain.toString("utf8")) as T;
  } catch {
    throw new AppError(
      "CONFLICT",
      `The saved credentials cannot be opened with this ${CREDENTIALS_KEY_VARIABLE}; connect the platform again.`,
    );
  }
}
