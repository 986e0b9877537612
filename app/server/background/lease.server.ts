import { hostname } from "node:os";
import type { Logger } from "pino";
import type { Database } from "../db/schema.server";

/**
 * Takes or renews the lease `name` for `holder` until `nowMs + ttlMs`: granted when nobody holds it,
 * its holder's time ran out, or `holder` already has it. One statement, so two processes asking at
 * once can never both get it.
 */
export async function claimLease(db: Database, name: string, holder: string, ttlMs: number, nowMs = Date.now()) {
  const row = await db
    .insertInto("background_leases")
    .values({ name, holder, expires_ms: nowMs + ttlMs })
    .onConflict((oc) =>
      oc
        .column("name")
        .doUpdateSet((eb) => ({ holder: eb.ref("excluded.holder"), expires_ms: eb.ref("excluded.expires_ms") }))
        .where((eb) =>
          eb.or([
            eb("background_leases.holder", "=", eb.ref("excluded.holder")),
            eb("background_leases.expires_ms", "<", nowMs),
          ]),
        ),
    )
    .returning("holder")
    .executeTakeFirst();
  return row?.holder === holder;
}

/** Gives the lease up at once (a clean stop), so that another process need not wait for it to run out. */
export async function releaseLease(db: Database, name: string, holder: string) {
  await db.deleteFrom("background_leases").where("name", "=", name).where("holder", "=", holder).execute();
}

export type Leadership = ReturnType<typeof startLeadership>;

const LEASE_TTL_MS = 30_000;
const RENEW_EVERY_MS = 10_000;

/**
 * Makes one process of a deployment (however many workers and machines share its database) the one
 * that does the once-only background work, and hands that role on within half a minute when it dies.
 * A process that cannot reach the database stops believing it leads before its lease runs out, so
 * two never act as leader at once.
 */
export function startLeadership(
  db: Database,
  logger: Logger,
  { name = "background", ttlMs = LEASE_TTL_MS, renewMs = RENEW_EVERY_MS } = {},
) {
  const holder = `${hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`;
  let leadingUntil = 0;
  let stopped = false;
  const gainListeners: (() => void)[] = [];

  async function tick() {
    if (stopped) return;
    const asked = Date.now();
    const wasLeader = leadingUntil > asked;
    try {
      const granted = await claimLease(db, name, holder, ttlMs, asked);
      // Counted from before the question: the lease may have been written a moment after that.
      leadingUntil = granted ? asked + ttlMs - renewMs : 0;
    } catch (error) {
      logger.debug({ err: error }, "background lease not renewed");
      return;
    }
    if (leadingUntil > 0 && !wasLeader) {
      logger.info({ holder }, "this process runs the background work");
      for (const listener of gainListeners) listener();
    }
  }

  const timer = setInterval(() => void tick(), renewMs);
  timer.unref?.();
  const first = tick();

  return {
    holder,
    /** Resolves once the first claim was tried. */
    ready: first,
    isLeader: () => !stopped && leadingUntil > Date.now(),
    /** Called each time this process becomes the leader. */
    onGain(listener: () => void) {
      gainListeners.push(listener);
      if (leadingUntil > Date.now()) listener();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await first;
      if (leadingUntil > Date.now()) await releaseLease(db, name, holder).catch(() => {});
      leadingUntil = 0;
    },
  };
}

/**
 * Runs `task` every `everyMs` in the leading process only, and at once when a process becomes the
 * leader. Returns a function that stops it.
 */
export function runWhileLeader(
  leadership: Leadership,
  task: () => Promise<unknown>,
  { everyMs, logger, label }: { everyMs: number; logger: Logger; label: string },
) {
  let running: Promise<unknown> | undefined;
  const run = () => {
    if (running || !leadership.isLeader()) return;
    running = task()
      .catch((error) => logger.warn({ err: error }, `${label} failed`))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(run, everyMs);
  timer.unref?.();
  leadership.onGain(run);
  return async () => {
    clearInterval(timer);
    await running;
  };
}
