import cluster from "node:cluster";
import { AggregatorRegistry, Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { poolOf } from "../db/database.server";
import { locatorOf } from "../db/postgres-failover.server";
import type { Database } from "../db/schema.server";

/**
 * The process's metrics, in one registry that every module adds to: define a metric here with
 * `registers: [registry]`. Under WEB_CONCURRENCY the supervisor adds up its workers' registries.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry });

if (cluster.isWorker) {
  // Answers the supervisor's requests for this worker's share of the metrics.
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([registry]);
}

const httpRequests = new Counter({
  name: "http_requests_total",
  help: "HTTP requests answered, by method, route and status",
  labelNames: ["method", "route", "status"] as const,
  registers: [registry],
});

const httpDuration = new Histogram({
  name: "http_request_duration_seconds",
  help: "Time to answer an HTTP request, by method, route and status",
  labelNames: ["method", "route", "status"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

const leadsCaptured = new Counter({
  name: "agency_leads_captured_total",
  help: "Leads saved (suspected spam included), by how they came in",
  labelNames: ["via"] as const,
  registers: [registry],
});

const leadsSpam = new Counter({
  name: "agency_leads_spam_total",
  help: "Leads saved but flagged as suspected spam, by how they came in",
  labelNames: ["via"] as const,
  registers: [registry],
});

const leadsRefused = new Counter({
  name: "agency_leads_refused_total",
  help: "Lead submissions not saved: invalid fields, rate limited, or the database unavailable",
  labelNames: ["via", "reason"] as const,
  registers: [registry],
});

export type LeadChannel = "site" | "estimator" | "api";
export type LeadRefusal = "invalid" | "rate_limited" | "unavailable" | "form_closed";

export function countLeadCaptured(via: LeadChannel, spamReason: string | null) {
  leadsCaptured.inc({ via });
  if (spamReason) leadsSpam.inc({ via });
}

export function countLeadRefused(via: LeadChannel, reason: LeadRefusal) {
  leadsRefused.inc({ via, reason });
}

type PageCacheStats = { hits: number; misses: number; entries: number; bytes: number };
let pageCacheStats: (() => PageCacheStats) | undefined;

/** The page cache reports its running totals here; until it does, the metric stays empty. */
export function reportPageCacheStats(stats: () => PageCacheStats) {
  pageCacheStats = stats;
}

new Counter({
  name: "agency_page_cache_requests_total",
  help: "Public page requests answered from the page cache (hit) or rendered (miss)",
  labelNames: ["result"] as const,
  registers: [registry],
  collect() {
    if (!pageCacheStats) return;
    const { hits, misses } = pageCacheStats();
    this.reset();
    this.inc({ result: "hit" }, hits);
    this.inc({ result: "miss" }, misses);
  },
});

new Gauge({
  name: "agency_page_cache_bytes",
  help: "Memory the page cache holds for its pages (summed over the processes)",
  registers: [registry],
  collect() {
    if (pageCacheStats) this.set(pageCacheStats().bytes);
  },
});

new Gauge({
  name: "agency_page_cache_entries",
  help: "Pages the page cache holds (summed over the processes)",
  registers: [registry],
  collect() {
    if (pageCacheStats) this.set(pageCacheStats().entries);
  },
});

/**
 * Gauges read from the database at each scrape: the outbox is the deployment's, not the process's,
 * so workers' answers are the same and the supervisor takes the largest rather than their sum.
 */
export function registerDatabaseMetrics(db: Database, authDb: unknown) {
  const names = [
    "agency_outbox_mails",
    "agency_outbox_oldest_waiting_seconds",
    "agency_db_pool_connections",
    "agency_db_role",
    "agency_db_failovers_seen",
    "agency_db_writes_retried",
  ];
  new Gauge({
    name: "agency_outbox_mails",
    help: "Mails in the outbox, by status (queued, sending, sent, failed)",
    labelNames: ["status"] as const,
    aggregator: "max",
    registers: [registry],
    async collect() {
      const rows = await db
        .selectFrom("email_outbox")
        .select(["status", (eb) => eb.fn.countAll<number>().as("count")])
        .groupBy("status")
        .execute();
      this.reset();
      for (const status of ["queued", "sending", "sent", "failed"]) {
        this.set({ status }, Number(rows.find((row) => row.status === status)?.count ?? 0));
      }
    },
  });
  new Gauge({
    name: "agency_outbox_oldest_waiting_seconds",
    help: "Age of the oldest mail not yet sent (queued or sending); 0 when none waits",
    aggregator: "max",
    registers: [registry],
    async collect() {
      const row = await db
        .selectFrom("email_outbox")
        .select((eb) => eb.fn.min("created_at").as("oldest"))
        .where("status", "in", ["queued", "sending"])
        .executeTakeFirst();
      const oldestAt = row?.oldest ? Date.parse(String(row.oldest)) : Number.NaN;
      this.set(Number.isNaN(oldestAt) ? 0 : Math.max(0, (Date.now() - oldestAt) / 1000));
    },
  });
  const pools = { app: poolOf(db), auth: poolOf(authDb as Database) };
  new Gauge({
    name: "agency_db_pool_connections",
    help: "PostgreSQL connections of this process's pools: open (total), idle, and requests waiting for one",
    labelNames: ["pool", "state"] as const,
    registers: [registry],
    collect() {
      for (const [name, pool] of Object.entries(pools)) {
        if (!pool) continue;
        this.set({ pool: name, state: "total" }, pool.totalCount);
        this.set({ pool: name, state: "idle" }, pool.idleCount);
        this.set({ pool: name, state: "waiting" }, pool.waitingCount);
      }
    },
  });
  const locator = locatorOf(pools.app);
  if (locator) {
    new Gauge({
      name: "agency_db_role",
      help: "The database role this process's pool is connected to (1 for the current one): primary, or none while it looks for one",
      labelNames: ["role"] as const,
      registers: [registry],
      collect() {
        this.set({ role: "primary" }, locator.role === "primary" ? 1 : 0);
        this.set({ role: "none" }, locator.role === "none" ? 1 : 0);
      },
    });
    new Gauge({
      name: "agency_db_failovers_seen",
      help: "Times this process found the primary on another host than before",
      registers: [registry],
      collect() {
        this.set(locator.failoversSeen);
      },
    });
    new Gauge({
      name: "agency_db_writes_retried",
      help: "Writes that went through only after being sent again to a new primary",
      registers: [registry],
      collect() {
        this.set(locator.writesRetried);
      },
    });
  }
  return () => {
    for (const name of names) registry.removeSingleMetric(name);
  };
}

/** Counts one answered request and its time, under its route's pattern (never the visitor's path). */
export function observeRequest(labels: { method: string; route: string; status: string }, seconds: number) {
  httpRequests.inc(labels);
  httpDuration.observe(labels, seconds);
}

const METRICS_REQUEST = "agency:metrics-request";
const METRICS_REPLY = "agency:metrics-reply";
let metricsRequests = 0;

/** This process's metrics, or under the supervisor all workers' together (it adds them up). */
export function collectMetrics(): Promise<string> {
  if (!cluster.isWorker || !process.send) return registry.metrics();
  const id = ++metricsRequests;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      process.off("message", onMessage);
      reject(new Error("the supervisor did not answer"));
    }, 10_000);
    const onMessage = (message: { type?: string; id?: number; text?: string; error?: string }) => {
      if (message?.type !== METRICS_REPLY || message.id !== id) return;
      clearTimeout(timer);
      process.off("message", onMessage);
      if (message.text !== undefined) resolve(message.text);
      else reject(new Error(message.error ?? "no metrics"));
    };
    process.on("message", onMessage);
    process.send?.({ type: METRICS_REQUEST, id });
  });
}
