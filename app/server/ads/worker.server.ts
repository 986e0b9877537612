/** Sends queued conversions to the ad platforms, in batches, with retries; never on a visitor's request. */
import { sql } from "kysely";
import type { Logger } from "pino";
import { createPassRunner } from "../background/passes.server";
import { dialectOf } from "../db/database.server";
import { sqliteTransactionsBegun } from "../db/node-sqlite-dialect.server";
import type { Database, Row } from "../db/schema.server";
import { fromBool, fromJson } from "../db/values.server";
import { afterFailedTry, releaseUntried } from "../db/work-queue.server";
import { retryOnFailover } from "../db/write-retry.server";
import type { Resolver } from "../webhooks/address-guard.server";
import { createWebhookSender, REQUEST_TIMEOUT_MS, type SendResult } from "../webhooks/send.server";
import { type AdConnection, type GoogleSecrets, loadAdConnections, type TokenSecrets } from "./connections.server";
import { conversionId } from "./conversions.server";
import { fetchGoogleToken } from "./google-auth.server";
import type { AdClicks } from "./identifiers.server";
import {
  BATCH_LIMITS,
  googleIngestRequest,
  googleRetractionRequest,
  linkedinRequest,
  META_MAX_AGE_MS,
  maskedEvent,
  metaRequest,
  type OutgoingConversion,
  type PlatformRequest,
} from "./platforms.server";
import type { AdPlatform, AdStage } from "./stages.server";
import { type ConversionValue, conversionValueOf, latestEstimates } from "./values.server";

/** Retries wait longer each time; the last is a day after the first try, then the conversion is failed. */
export const AD_RETRY_DELAYS_MS = [
  60_000,
  5 * 60_000,
  15 * 60_000,
  60 * 60_000,
  3 * 3600_000,
  6 * 3600_000,
  14 * 3600_000,
];
export const AD_LOCK_MS = 2 * 60_000;
export const NO_CONSENT = "not sent: no consent";
/**
 * On SQLite, after each batch the background worker sent while others wrote: a rest of `factor` times
 * what its claim and record took (their wait for the writer included, which is longer the busier it
 * is), at most `maxMs`. After a batch during which nobody else wrote, no rest.
 */
export const AD_BACKLOG_REST = { factor: 9, maxMs: 5_000 };
const POLL_MS = 2_000;

type Claimed = Row<"ad_conversions"> & { lockedUntil: string };

/**
 * Takes up to `limit` due conversions of connected platforms: queued ones whose time has come and
 * ones a worker claimed but never finished (it was killed): those go again with the same id, which
 * the platform deduplicates by. `FOR UPDATE SKIP LOCKED` on PostgreSQL lets processes share the queue.
 */
export async function claimDueConversions(db: Database, { limit = 2000, nowMs = Date.now() } = {}) {
  const at = new Date(nowMs).toISOString();
  const lockedUntil = new Date(nowMs + AD_LOCK_MS).toISOString();
  const lock = dialectOf(db) === "postgres" ? sql`for update skip locked` : sql``;
  const { rows } = await db.transaction().execute((trx) =>
    sql<Row<"ad_conversions">>`
      update ad_conversions
      set status = 'sending', locked_until = ${lockedUntil}, attempts = attempts + 1, updated_at = ${at}
      where id in (
        select id from ad_conversions
        where ((status = 'queued' and next_attempt_at <= ${at}) or (status = 'sending' and locked_until < ${at}))
          and platform in (select platform from ad_connections)
        order by next_attempt_at
        limit ${limit}
        ${lock}
      )
      returning *`.execute(trx),
  );
  return rows.map((row) => ({ ...row, lockedUntil: String(row.locked_until) }));
}

type Outcome =
  | { kind: "sent"; result: SendResult; request: unknown }
  | { kind: "retry" | "failed"; result: SendResult | null; error: string; request: unknown }
  | { kind: "not_sent" | "cancelled"; error: string }
  | { kind: "release" };

/**
 * Text kept from a request or an answer: bounded, and well formed (a cut may split a surrogate pair,
 * which PostgreSQL's JSON input refuses).
 */
const storable = (text: string | null) =>
  text === null ? null : text.replaceAll("\u0000", "").slice(0, 4000).toWellFormed();

/** One claimed row's outcome as the record statement reads it: `tried` rows also take the request and answer. */
type RecordRow = {
  id: string;
  locked_until: string;
  status: string;
  next_attempt_at: string | null;
  sent_at: string | null;
  tried: number;
  last_status_code: number | null;
  last_error: string | null;
  last_request: string | null;
  last_response: string | null;
};

function recordRowOf(row: Claimed, outcome: Exclude<Outcome, { kind: "release" }>, nowMs: number, at: string) {
  const claim = { id: row.id, locked_until: row.lockedUntil };
  if (outcome.kind === "sent") {
    return {
      ...claim,
      status: "sent",
      next_attempt_at: null,
      sent_at: at,
      tried: 1,
      last_status_code: outcome.result.statusCode,
      last_error: null,
      last_request: storable(JSON.stringify(outcome.request)),
      last_response: storable(outcome.result.responseBody),
    } satisfies RecordRow;
  }
  if (outcome.kind === "retry" || outcome.kind === "failed") {
    const next = afterFailedTry(AD_RETRY_DELAYS_MS, Number(row.attempts), nowMs, {
      finalAttempt: outcome.kind === "failed" || fromBool(row.final_attempt),
    });
    return {
      ...claim,
      status: next.status,
      next_attempt_at: next.next_attempt_at,
      sent_at: null,
      tried: 1,
      last_status_code: outcome.result?.statusCode ?? null,
      last_error: storable(outcome.error),
      last_request: storable(JSON.stringify(outcome.request)),
      last_response: storable(outcome.result?.responseBody ?? null),
    } satisfies RecordRow;
  }
  return {
    ...claim,
    status: outcome.kind,
    next_attempt_at: null,
    sent_at: null,
    tried: 0,
    last_status_code: null,
    last_error: outcome.error,
    last_request: null,
    last_response: null,
  } satisfies RecordRow;
}

/**
 * The outcomes as a table the update joins: one bound JSON parameter, unpacked by the database, so
 * a batch of thousands is recorded by one statement instead of one per row.
 */
function outcomeTable(db: Database, rows: RecordRow[]) {
  const json = JSON.stringify(rows);
  if (dialectOf(db) === "postgres") {
    return sql`jsonb_to_recordset(${json}::jsonb) as o(id text, locked_until timestamptz, status text,
      next_attempt_at timestamptz, sent_at timestamptz, tried integer, last_status_code integer,
      last_error text, last_request text, last_response text)`;
  }
  return sql`(select value ->> 'id' as id, value ->> 'locked_until' as locked_until, value ->> 'status' as status,
      value ->> 'next_attempt_at' as next_attempt_at, value ->> 'sent_at' as sent_at, value ->> 'tried' as tried,
      value ->> 'last_status_code' as last_status_code, value ->> 'last_error' as last_error,
      value ->> 'last_request' as last_request, value ->> 'last_response' as last_response
    from json_each(${json})) as o`;
}

/**
 * Records what became of each claimed conversion, only while this worker's claim on it stands: one
 * statement for the batch's outcomes and one for the rows handed back untried, in one transaction.
 */
async function recordOutcomes(db: Database, outcomes: Map<Claimed, Outcome>, nowMs: number) {
  const at = new Date(nowMs).toISOString();
  const released: { id: string; lockedUntil: string }[] = [];
  const rows: RecordRow[] = [];
  for (const [row, outcome] of outcomes) {
    if (outcome.kind === "release") released.push({ id: row.id, lockedUntil: row.lockedUntil });
    else rows.push(recordRowOf(row, outcome, nowMs, at));
  }
  await db.transaction().execute(async (trx) => {
    if (rows.length > 0) {
      await sql`
        update ad_conversions
        set status = o.status,
          locked_until = null,
          next_attempt_at = coalesce(o.next_attempt_at, ad_conversions.next_attempt_at),
          sent_at = coalesce(o.sent_at, ad_conversions.sent_at),
          last_error = o.last_error,
          last_status_code = case when o.tried = 1 then o.last_status_code else ad_conversions.last_status_code end,
          last_request = case when o.tried = 1 then o.last_request else ad_conversions.last_request end,
          last_response = case when o.tried = 1 then o.last_response else ad_conversions.last_response end,
          updated_at = ${at}
        from ${outcomeTable(trx, rows)}
        where ad_conversions.id = o.id and ad_conversions.locked_until = o.locked_until`.execute(trx);
    }
    await releaseUntried(trx, "ad_conversions", released, nowMs);
  });
}

/**
 * On SQLite: starts watching for others' writes. The check it returns says whether anyone else wrote
 * since: a transaction begun in this process beyond the caller's `own` count (visitors' leads when
 * the worker runs in the server), or a commit by another connection, another process's included
 * (`PRAGMA data_version` changes only for those).
 */
export async function watchOthersWriting(db: Database) {
  const version = async () =>
    Number((await sql<{ data_version: number }>`pragma data_version`.execute(db)).rows[0]?.data_version);
  const begun = sqliteTransactionsBegun();
  const first = await version();
  return async (own: number) => (await version()) !== first || sqliteTransactionsBegun() - begun > own;
}

const SQLITE_BUSY = 5;

/**
 * A record that found SQLite's writer busy past its wait (captures' commits held it) is tried again a
 * few times rather than left to the claim's lapse, after which the conversions would be sent again.
 */
async function whenWriterFree<T>(write: () => Promise<T>) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= 5 || (error as { errcode?: number }).errcode !== SQLITE_BUSY) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
    }
  }
}

/** A 429, a 5xx or no answer at all may pass; anything else the platform refused for good. */
const transient = (result: SendResult) =>
  result.statusCode === null || result.statusCode === 429 || result.statusCode >= 500;

export type AdWorker = ReturnType<typeof createAdWorker>;

export function createAdWorker({
  db,
  logger,
  allowPrivate,
  pollMs = POLL_MS,
  timeoutMs = REQUEST_TIMEOUT_MS,
  resolve,
  env = process.env,
  claimLimit = 2000,
}: {
  db: Database;
  logger: Logger;
  allowPrivate: boolean;
  pollMs?: number;
  timeoutMs?: number;
  resolve?: Resolver;
  env?: NodeJS.ProcessEnv;
  claimLimit?: number;
}) {
  const sender = createWebhookSender({ allowPrivate, resolve, timeoutMs });
  const tokens = new Map<string, { token: string; expiresAtMs: number }>();

  async function googleToken(secrets: GoogleSecrets, nowMs: number) {
    const key = secrets.serviceAccountKey;
    const cached = tokens.get(key.client_email);
    if (cached && cached.expiresAtMs > nowMs + 60_000) return cached.token;
    const fresh = await fetchGoogleToken(sender.send, key, nowMs);
    tokens.set(key.client_email, fresh);
    return fresh.token;
  }

  async function post(request: PlatformRequest) {
    return sender.send(request.path, request.headers, JSON.stringify(request.body));
  }

  /** Sends one platform's share of a claimed batch, in requests of at most its batch limit. */
  async function sendPlatform(
    connection: AdConnection,
    conversions: (OutgoingConversion & { row: Claimed })[],
    retractions: Claimed[],
    outcomes: Map<Claimed, Outcome>,
    nowMs: number,
  ) {
    const limit = BATCH_LIMITS[connection.platform];
    let accessToken: string;
    try {
      accessToken =
        connection.platform === "google"
          ? await googleToken(connection.secrets as GoogleSecrets, nowMs)
          : (connection.secrets as TokenSecrets).accessToken;
    } catch (error) {
      const result = (error as { result?: SendResult }).result ?? null;
      const kind = result && !transient(result) ? "failed" : "retry";
      for (const row of [...conversions.map((each) => each.row), ...retractions]) {
        outcomes.set(row, { kind, result, error: (error as Error).message, request: null });
      }
      return;
    }
    for (let start = 0; start < conversions.length; start += limit) {
      const chunk = conversions.slice(start, start + limit);
      const request =
        connection.platform === "google"
          ? googleIngestRequest(connection.settings, chunk, { accessToken })
          : connection.platform === "meta"
            ? metaRequest(connection.settings, chunk, { accessToken })
            : linkedinRequest(connection.settings, chunk, { accessToken });
      const result = await post(request);
      const events = request.body as { events?: unknown[]; data?: unknown[]; elements?: unknown[] };
      const list = events.events ?? events.data ?? events.elements ?? [];
      chunk.forEach((conversion, index) => {
        outcomes.set(conversion.row, outcomeOf(result, maskedEvent(list[index])));
      });
    }
    if (connection.platform !== "google") return;
    const secrets = connection.secrets as GoogleSecrets;
    for (let start = 0; start < retractions.length; start += limit) {
      const chunk = retractions.slice(start, start + limit);
      const request = googleRetractionRequest(
        connection.settings,
        chunk.map((row) => ({ leadId: row.lead_id, stage: row.stage as AdStage, occurredAt: row.occurred_at })),
        { accessToken, developerToken: secrets.developerToken },
      );
      const result = await post(request);
      const adjustments = (request.body as { conversionAdjustments: unknown[] }).conversionAdjustments;
      chunk.forEach((row, index) => {
        outcomes.set(row, outcomeOf(result, adjustments[index]));
      });
    }
  }

  function outcomeOf(result: SendResult, request: unknown): Outcome {
    if (result.delivered) return { kind: "sent", result, request };
    return { kind: transient(result) ? "retry" : "failed", result, error: result.error ?? "Not delivered.", request };
  }

  /** One claimed batch: decides what may go (consent, age, what a retraction takes back), sends, records. */
  async function sendBatch(claimed: Claimed[], nowMs: number) {
    const connections = await loadAdConnections(db, env);
    const outcomes = new Map<Claimed, Outcome>();
    const leadIds = [...new Set(claimed.map((row) => row.lead_id))];
    const leads = new Map<string, { email: string; phone: string | null }>();
    const signals = new Map<string, Row<"lead_ad_signals">>();
    for (let start = 0; start < leadIds.length; start += 500) {
      const chunk = leadIds.slice(start, start + 500);
      for (const lead of await db
        .selectFrom("leads")
        .select(["id", "email", "phone"])
        .where("id", "in", chunk)
        .execute()) {
        leads.set(lead.id, lead);
      }
      for (const row of await db.selectFrom("lead_ad_signals").selectAll().where("lead_id", "in", chunk).execute()) {
        signals.set(row.lead_id, row);
      }
    }
    // A lead's estimate is read only when a connection sends a client's value from it.
    const estimates = [...connections.values()].some((connection) => connection.settings.values?.client === "estimate")
      ? await latestEstimates(db, leadIds)
      : new Map<string, ConversionValue>();
    const retracted = claimed.filter((row) => row.kind === "retraction");
    const originals = new Map<string, string>();
    if (retracted.length > 0) {
      const ids = retracted.map((row) => conversionId(row.platform as AdPlatform, row.lead_id, row.stage as AdStage));
      for (let start = 0; start < ids.length; start += 500) {
        const rows = await db
          .selectFrom("ad_conversions")
          .select(["id", "status"])
          .where("id", "in", ids.slice(start, start + 500))
          .execute();
        for (const row of rows) originals.set(row.id, row.status);
      }
    }
    const perPlatform = new Map<
      AdPlatform,
      { conversions: (OutgoingConversion & { row: Claimed })[]; retractions: Claimed[] }
    >();
    for (const row of claimed) {
      const platform = row.platform as AdPlatform;
      const connection = connections.get(platform);
      const stage = row.stage as AdStage;
      if (!connection?.settings.stages[stage]) {
        outcomes.set(row, { kind: "cancelled", error: "Cancelled: the platform no longer sends this stage." });
        continue;
      }
      const group = perPlatform.get(platform) ?? { conversions: [], retractions: [] };
      perPlatform.set(platform, group);
      if (row.kind === "retraction") {
        const original = originals.get(conversionId(platform, row.lead_id, stage));
        if (original === "sending") outcomes.set(row, { kind: "release" });
        else if (original !== "sent")
          outcomes.set(row, { kind: "cancelled", error: "Cancelled: the conversion was never sent." });
        else group.retractions.push(row);
        continue;
      }
      const lead = leads.get(row.lead_id);
      if (!lead) {
        outcomes.set(row, { kind: "cancelled", error: "Cancelled: the lead no longer exists." });
        continue;
      }
      const signal = signals.get(row.lead_id);
      if (!signal || !fromBool(signal.ad_user_data)) {
        outcomes.set(row, { kind: "not_sent", error: NO_CONSENT });
        continue;
      }
      if (platform === "meta" && nowMs - Date.parse(row.occurred_at) > META_MAX_AGE_MS) {
        outcomes.set(row, { kind: "not_sent", error: "not sent: older than the 7 days Meta accepts" });
        continue;
      }
      group.conversions.push({
        id: row.id,
        leadId: row.lead_id,
        stage,
        occurredAt: row.occurred_at,
        person: {
          email: lead.email,
          phone: lead.phone,
          clicks: fromJson<AdClicks>(signal.last_clicks, {}),
          adPersonalization: fromBool(signal.ad_personalization),
        },
        value: conversionValueOf(connection.settings, stage, estimates.get(row.lead_id)),
        row,
      });
    }
    for (const [platform, group] of perPlatform) {
      const connection = connections.get(platform);
      if (connection) await sendPlatform(connection, group.conversions, group.retractions, outcomes, nowMs);
    }
    // The requests went out: what became of them is recorded even across a failover, or the
    // conversions would be sent again once their claim lapses. Repeating the record is safe: each
    // row is written only while this worker's claim on it stands, and a committed first record ends it.
    const recording = performance.now();
    let recordTries = 0;
    await retryOnFailover(db, () =>
      whenWriterFree(() => {
        recordTries++;
        return recordOutcomes(db, outcomes, nowMs);
      }),
    );
    const recordMs = performance.now() - recording;
    const failures = [...outcomes.values()].filter((outcome) => outcome.kind === "retry" || outcome.kind === "failed");
    if (failures.length > 0) {
      const first = failures[0] as { error: string };
      logger.warn({ failed: failures.length, of: outcomes.size, first: first.error }, "ad conversions not delivered");
    }
    return { handled: outcomes.size, recordMs, recordTries };
  }

  /** A rest between batches, cut short when the worker is stopping. */
  async function rest(ms: number) {
    const until = performance.now() + ms;
    while (!passes.isStopping() && performance.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(100, until - performance.now())));
    }
  }

  /**
   * Sends what is due, in batches. `paced` (the background passes): on SQLite each batch during which
   * others wrote is followed by a rest of several times what its claim and record took, whatever its
   * size, for a backlog arrives in pieces as often as at once (a bulk change queues it transaction by
   * transaction).
   */
  async function runOnce(nowMs = Date.now(), { paced = false }: { paced?: boolean } = {}) {
    const started = Date.now();
    const clock = () => nowMs + (Date.now() - started);
    const sqlite = dialectOf(db) === "sqlite";
    let handled = 0;
    for (let batch = 0; batch < 20 && !passes.isStopping(); batch++) {
      const othersWrote = paced && sqlite ? await watchOthersWriting(db) : null;
      const claiming = performance.now();
      const claimed = await claimDueConversions(db, { limit: claimLimit, nowMs: clock() });
      const claimMs = performance.now() - claiming;
      if (claimed.length === 0) break;
      const sending = performance.now();
      const sent = await sendBatch(claimed, clock());
      handled += sent.handled;
      const batchMs = performance.now() - sending;
      // On SQLite the claim and the record held the one writer that visitors' leads need (another
      // process's wait for it blocks that process whole). When others wrote meanwhile, the next claim
      // waits several times as long, so captures keep most of the writer while a backlog drains; when
      // nobody did, nobody waits, and the backlog goes on at once. Own transactions: the claim, and
      // the record with its tries.
      const restMs =
        othersWrote && (await othersWrote(1 + sent.recordTries))
          ? Math.min(AD_BACKLOG_REST.maxMs, (claimMs + sent.recordMs) * AD_BACKLOG_REST.factor)
          : 0;
      // Where a batch's time went, for tracing the worker's share of the writer under load.
      logger.debug(
        { claimed: claimed.length, claimMs, sendMs: batchMs - sent.recordMs, recordMs: sent.recordMs, restMs },
        "ad conversion batch",
      );
      if (restMs > 0) await rest(restMs);
      if (claimed.length < claimLimit) break;
    }
    return handled;
  }

  const passes = createPassRunner({
    runOnce: () => runOnce(Date.now(), { paced: true }),
    pollMs,
    logger,
    label: "ad conversion worker",
  });
  return {
    runOnce,
    kick: passes.pass,
    start: () => passes.start(),
    async stop() {
      await passes.stop();
      sender.close();
    },
  };
}
