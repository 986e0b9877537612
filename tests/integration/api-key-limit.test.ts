import { describe, expect, it } from "vitest";
import { ApiKeyCounter, apiKeyBlockSize } from "~/server/api-keys/api-key-limit.server";
import type { Database } from "~/server/db/schema.server";
import { databasePerTest, dialects } from "../support/databases";

/** What every process has taken from the key's shared count in its window (one write per block). */
async function shared(db: Database, keyId: string) {
  const row = await db
    .selectFrom("rate_limits")
    .select(["count", "window_start"])
    .where("key", "=", `api-key:${keyId}`)
    .executeTakeFirst();
  return row ? { count: Number(row.count), windowStart: Number(row.window_start) } : null;
}

for (const dialect of dialects) {
  describe(`an API key's per-minute limit across processes on ${dialect}`, () => {
    const freshDatabase = databasePerTest(dialect);

    it("answers most requests from a reserved block without writing, and never more than the limit across two processes", async () => {
      const database = await freshDatabase();
      const max = 20;
      expect(apiKeyBlockSize(max)).toBe(2);
      const at = Date.parse("2026-11-02T09:00:00Z");
      // Two processes, each with its own connection and its own counts.
      const one = new ApiKeyCounter(database.db);
      const two = new ApiKeyCounter(database.reopen());

      expect((await one.count("k", max, at)).allowed).toBe(true);
      expect(await shared(database.db, "k")).toEqual({ count: 2, windowStart: at });
      // The second request is the block's: nothing is written for it.
      const second = await one.count("k", max, at + 1000);
      expect(second).toMatchObject({ allowed: true, remaining: 18, resetSeconds: 59 });
      expect((await shared(database.db, "k"))?.count).toBe(2);

      // The other process takes what is left, a block at a time, and not one more.
      const answers: boolean[] = [];
      for (let i = 0; i < 20; i++) answers.push((await two.count("k", max, at + 2000)).allowed);
      expect(answers.filter(Boolean)).toHaveLength(18);
      expect(answers.slice(18)).toEqual([false, false]);
      const refused = await two.count("k", max, at + 2000);
      expect(refused).toMatchObject({ allowed: false, remaining: 0, retryAfterSeconds: 58 });
      // The block that took the last of the limit says so: the refusals after it write nothing.
      expect((await shared(database.db, "k"))?.count).toBe(20);

      // The first process has used its block and finds nothing left: together they answered the limit.
      expect((await one.count("k", max, at + 3000)).allowed).toBe(false);
      expect((await shared(database.db, "k"))?.count).toBe(22);

      // The next window starts again with a fresh block for whoever asks first.
      const later = at + 61_000;
      expect((await two.count("k", max, later)).allowed).toBe(true);
      expect(await shared(database.db, "k")).toEqual({ count: 2, windowStart: later });
      expect((await one.count("k", max, later)).allowed).toBe(true);
      expect((await shared(database.db, "k"))?.count).toBe(4);
    });

    it("leaves at most a block less one unused in a process that gets no more requests, and other keys apart", async () => {
      const database = await freshDatabase();
      const max = 30;
      const block = apiKeyBlockSize(max);
      const at = Date.parse("2026-11-02T09:00:00Z");
      const one = new ApiKeyCounter(database.db);
      const two = new ApiKeyCounter(database.reopen());
      expect((await one.count("k", max, at)).allowed).toBe(true);
      let served = 1;
      while ((await two.count("k", max, at)).allowed) served++;
      // The first process still holds (block - 1) counts: the limit less those was answered, no more.
      expect(served).toBe(max - (block - 1));
      // Concurrent requests in one process share one reservation and still stop at the limit.
      const other = await Promise.all(Array.from({ length: 2 * max }, () => one.count("other", max, at)));
      expect(other.filter((answer) => answer.allowed)).toHaveLength(max);
      expect((await shared(database.db, "other"))?.count).toBe(max);
    });
  });
}
