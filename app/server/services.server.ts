import type { Logger } from "pino";
import type { ConsentVariant } from "~/lib/consent";
import type { Auth } from "./auth/auth.server";
import type { Config } from "./config.server";
import type { Database } from "./db/schema.server";
import type { MailWorker } from "./mail/worker.server";
import type { Tracking } from "./site/tracking.server";
import type { Storage } from "./storage/storage.server";
import type { WebhookWorker } from "./webhooks/worker.server";

/** The process's services, made once at start and handed to every request. */
export type AppServices = {
  config: Config;
  db: Database;
  /**
   * A standby (DATABASE_READ_URL) for the reporting screens only; absent, everything reads the primary.
   * Used through `reportingReads` in ~/http/read-own-writes.server, which falls back to `db`.
   */
  readDb?: Database;
  logger: Logger;
  auth: Auth;
  mailWorker: MailWorker;
  webhookWorker: WebhookWorker;
  /** Signs the visitor forms' timing tokens (the same key as the session cookies). */
  formSecret: string;
  /** Uploaded files: local disk or an S3-compatible bucket. */
  storage: Storage;
};

/** What the server knows about one request beyond React Router's own arguments. */
export type RequestInfo = {
  nonce: string;
  logger: Logger;
  clientIp: string | undefined;
  /** Set on public page requests only: the analytics, pixel and custom head code to inject. */
  tracking: Tracking | null;
  /** Set on public page requests only: the consent state the page's banner and tags depend on. */
  consent: ConsentVariant | null;
  /** The island modules' addresses by name (`app/islands/<name>.ts`), for the pages that name them. */
  islands: Record<string, string>;
  /** The modules the app's entry imports when a page hydrates, to preload on pages that hydrate at once. */
  hydrationModules?: string[];
  /** The built stylesheet at a `/assets/…css` address, to inline into pages (production only). */
  stylesheet?: (href: string) => string | undefined;
  /** Set when a loader or action failed because the database could not be reached (a 503, not a 500). */
  databaseUnavailable?: boolean;
};
