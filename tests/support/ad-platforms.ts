import { createPublicKey, generateKeyPairSync } from "node:crypto";
import tls from "node:tls";
import pino from "pino";
import { afterEach, beforeAll } from "vitest";
import { connectAdPlatform } from "~/server/ads/connections.server";
import type { AdPlatform } from "~/server/ads/stages.server";
import { createAdWorker } from "~/server/ads/worker.server";
import type { Database } from "~/server/db/schema.server";
import { startAdPlatformReceiver } from "./ad-platform-receiver";

/** The key that seals ad-platform credentials in the tests' databases. */
export const AD_ENV = { ADS_CREDENTIALS_KEY: "a-test-key-for-ad-credentials-0123456789" };

const logger = pino({ level: "silent" });

export type AdReceiver = Awaited<ReturnType<typeof startAdPlatformReceiver>>;

// One Google service account per test file: the receiver checks the tokens it signs with its public key.
const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const privatePem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
const publicPem = createPublicKey(privateKey).export({ type: "spki", format: "pem" }).toString();
export const GOOGLE_CLIENT_EMAIL = "conversions@agency-project.iam.gserviceaccount.com";

/** The service-account key a Google connection is given, its tokens fetched from `receiverUrl`. */
export function googleServiceAccountKey(receiverUrl: string, extra: Record<string, string> = {}) {
  return {
    type: "service_account",
    client_email: GOOGLE_CLIENT_EMAIL,
    private_key: privatePem,
    ...extra,
    token_uri: `${receiverUrl}/token`,
  };
}

/**
 * The local receiver that answers as Google, Meta and LinkedIn do, its certificate trusted as theirs
 * would be, so the worker checks it the same way.
 */
export async function startTrustedAdReceiver(): Promise<AdReceiver> {
  const receiver = await startAdPlatformReceiver({ publicKey: publicPem, clientEmail: GOOGLE_CLIENT_EMAIL });
  tls.setDefaultCACertificates([...tls.getCACertificates("default"), receiver.cert]);
  return receiver;
}

/** Forgets what the receiver took, for a test that starts from nothing sent. */
export function forgetReceived(receiver: AdReceiver) {
  for (const counted of Object.values(receiver.counted)) counted.clear();
  for (const key of Object.keys(receiver.deliveries) as (keyof AdReceiver["deliveries"])[])
    receiver.deliveries[key] = 0;
  receiver.received.splice(0);
}

/**
 * For a describe block: the trusted receiver, started before its tests and closed after them, and
 * `connect` and `worker(db)` for it: an ad worker that the test that made it stops when it ends.
 */
export function adPlatformsForBlock() {
  const stops: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const stop of stops.splice(0).reverse()) await stop();
  });
  let started: AdReceiver | undefined;
  beforeAll(async () => {
    started = await startTrustedAdReceiver();
    return () => started?.close();
  });
  const receiver = (): AdReceiver => {
    if (!started) throw new Error("The ad-platform receiver starts before the block's tests");
    return started;
  };
  return {
    get receiver() {
      return receiver();
    },
    /**
     * Connects `platform` as an admin would, its API (and Google's token address) the receiver unless
     * `config` names others.
     */
    connect(db: Database, platform: AdPlatform, config: Record<string, unknown>) {
      const url = receiver().url;
      const google = platform === "google" ? { serviceAccountKey: googleServiceAccountKey(url) } : {};
      return connectAdPlatform(
        db,
        platform,
        { ...google, apiUrl: url, ...config },
        { allowPrivate: true, env: AD_ENV },
      );
    },
    worker(db: Database, timeoutMs = 10_000) {
      const created = createAdWorker({ db, logger, allowPrivate: true, env: AD_ENV, timeoutMs });
      stops.push(created.stop);
      return created;
    },
  };
}
