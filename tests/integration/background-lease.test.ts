import pino from "pino";
import { describe, expect, it } from "vitest";
import { claimLease, releaseLease, runWhileLeader, startLeadership } from "~/server/background/lease.server";
import { databasePerTest, dialects } from "../support/databases";

const logger = pino({ level: "silent" });

describe.each(dialects)("the background lease on %s", (dialect) => {
  const freshDatabase = databasePerTest(dialect);

  it("goes to one process at a time, and to another once its holder's time ran out", async () => {
    const database = await freshDatabase();
    const [one, two] = [database.db, database.reopen()];
    const t0 = Date.now();
    const granted = await Promise.all([
      claimLease(one, "background", "one", 30_000, t0),
      claimLease(two, "background", "two", 30_000, t0),
    ]);
    expect(granted.filter(Boolean)).toHaveLength(1);
    const [holder, other] = granted[0] ? ["one", "two"] : ["two", "one"];
    // The holder renews; the other keeps being refused while the lease runs.
    expect(await claimLease(one, "background", holder!, 30_000, t0 + 10_000)).toBe(true);
    expect(await claimLease(two, "background", other!, 30_000, t0 + 20_000)).toBe(false);
    // The holder died: its lease runs out and the other takes over.
    expect(await claimLease(two, "background", other!, 30_000, t0 + 40_001)).toBe(true);
    expect(await claimLease(one, "background", holder!, 30_000, t0 + 40_002)).toBe(false);
    // A clean stop hands it on at once.
    await releaseLease(one, "background", other!);
    expect(await claimLease(one, "background", holder!, 30_000, t0 + 40_003)).toBe(true);
  });

  it("runs once-only work in one of three processes, and in another when that one stops", async () => {
    const database = await freshDatabase();
    const processes = [database.db, database.reopen(), database.reopen()].map((db) => startLeadership(db, logger));
    await Promise.all(processes.map((leadership) => leadership.ready));
    const runs: number[] = [];
    const stops = processes.map((leadership, index) =>
      runWhileLeader(leadership, async () => void runs.push(index), { everyMs: 60_000, logger, label: "test" }),
    );
    expect(runs).toHaveLength(1);
    const leader = runs[0]!;
    expect(processes.filter((leadership) => leadership.isLeader())).toEqual([processes[leader]]);
    await stops[leader]!();
    await processes[leader]!.stop();
    const next = processes.find((_leadership, index) => index !== leader)!;
    // The next renewal round (every 10 s) would find the lease free; ask now instead of waiting.
    expect(await claimLease(database.db, "background", next.holder, 30_000)).toBe(true);
    for (const [index, leadership] of processes.entries()) if (index !== leader) await leadership.stop();
    for (const stop of stops) await stop();
  });
});
