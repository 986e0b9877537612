import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { Kysely, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { ApiKeyCounter } from "~/server/api-keys/api-key-limit.server";
import { transactionSharingCommit } from "~/server/db/commit-window.server";
import { openDatabase } from "~/server/db/database.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import { NodeSqliteDialect, sqliteTransactionsBegun } from "~/server/db/node-sqlite-dialect.server";
import type { Database } from "~/server/db/schema.server";
import { databasePerTest, type TestDatabase } from "../support/databases";

describe("the embedded SQLite database", () => {
  const freshDatabase = databasePerTest("sqlite");

  /** Runs `use` on a fresh database and a read-only connection of its own to the file, as another process opens it. */
  async function withObserver(use: (database: TestDatabase, observer: DatabaseSync) => Promise<void>) {
    const database = await freshDatabase();
    const observer = new DatabaseSync((database.config as { file: string }).file, { readOnly: true });
    try {
      await use(database, observer);
    } finally {
      observer.close();
    }
  }

  it("reads back the pragmas it was opened with", async () => {
    const database = await freshDatabase();
    const pragma = async (name: string) =>
      Object.values((await sql.raw(`pragma ${name}`).execute(database.db)).rows[0] as object)[0];
    expect(await pragma("journal_mode")).toBe("wal");
    expect(await pragma("synchronous")).toBe(2); // FULL
    expect(await pragma("foreign_keys")).toBe(1);
    expect(await pragma("busy_timeout")).toBe(5000);
    // Statement journals in memory: a lead's insert journals about twenty pages, which spilled to a file.
    expect(await pragma("temp_store")).toBe(2); // MEMORY
  });

  it("runs concurrent transactions one after another instead of interleaving them", async () => {
    const database = await freshDatabase();
    const at = new Date().toISOString();
    const insertForm = (name: string) =>
      database.db.transaction().execute(async (trx) => {
        await trx
          .insertInto("forms")
          .values({
            id: crypto.randomUUID(),
            name,
            form_type: "contact",
            status: "active",
            created_at: at,
            updated_at: at,
          })
          .execute();
        await new Promise((resolve) => setTimeout(resolve, 5));
        if (name === "fails") throw new Error("rolled back");
      });
    const results = await Promise.allSettled(["a", "b", "fails", "c"].map(insertForm));
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "fulfilled", "rejected", "fulfilled"]);
    const names = await database.db.selectFrom("forms").select("name").orderBy("name").execute();
    expect(names.map((row) => row.name)).toEqual(["a", "b", "c"]);
  });

  it("enforces foreign keys", async () => {
    const database = await freshDatabase();
    const at = new Date().toISOString();
    await expect(
      database.db
        .insertInto("leads")
        .values({
          id: crypto.randomUUID(),
          form_id: "no-such-form",
          name: "A",
          email: "a@example.com",
          source: "Test",
          status: "new",
          is_spam: false,
          created_at: at,
          updated_at: at,
        })
        .execute(),
    ).rejects.toThrow(/FOREIGN KEY/);
  });

  it("with SQLITE_DURABLE_FLUSH=thread commits without flushing, flushes the WAL after, and answers only then", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "agency-thread-"));
    const db = openDatabase({ dialect: "sqlite", file: path.join(dir, "app.db") }, { durableFlush: "thread" });
    try {
      const level = await sql<{ synchronous: number }>`pragma synchronous`.execute(db);
      expect(level.rows[0]?.synchronous).toBe(1); // NORMAL: COMMIT itself does not flush
      // A real fsync of the WAL file answers the transactions.
      await migrateToLatest(db);
      const at = new Date().toISOString();
      await db.transaction().execute((trx) =>
        trx
          .insertInto("forms")
          .values({
            id: "f1",
            name: "thread",
            form_type: "contact",
            status: "active",
            created_at: at,
            updated_at: at,
          })
          .execute(),
      );
      expect(await db.selectFrom("forms").select("name").execute()).toEqual([{ name: "thread" }]);
    } finally {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("answers no commit before a WAL flush that began after it has returned, and fails it if the flush fails", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "agency-flush-"));
    const file = path.join(dir, "app.db");
    const connection = new DatabaseSync(file);
    connection.exec("pragma journal_mode = wal; create table t (id text primary key)");
    // Each flush waits here until the test lets it return.
    const flushes: ((error: Error | null) => void)[] = [];
    const db = new Kysely<{ t: { id: string } }>({
      dialect: new NodeSqliteDialect(connection, { syncWal: (done) => flushes.push(done) }),
    });
    const settled = <T>(promise: Promise<T>) => {
      const state = { done: false, failed: false };
      promise.then(
        () => {
          state.done = true;
        },
        () => {
          state.failed = true;
        },
      );
      return state;
    };
    const turns = () => new Promise((resolve) => setTimeout(resolve, 20));
    const observer = new DatabaseSync(file, { readOnly: true });
    try {
      expect(connection.prepare("pragma synchronous").get()?.synchronous).toBe(1);
      const first = settled(db.transaction().execute((trx) => trx.insertInto("t").values({ id: "a" }).execute()));
      await turns();
      // Committed (another connection sees it), but not answered: its flush has not returned.
      expect(observer.prepare("select count(*) as n from t").get()?.n).toBe(1);
      expect(flushes).toHaveLength(1);
      expect(first.done).toBe(false);

      // Committed while the first flush runs: that flush may have begun before this commit's frames were
      // written, so only the next one answers it.
      const second = settled(db.transaction().execute((trx) => trx.insertInto("t").values({ id: "b" }).execute()));
      const plain = settled(db.insertInto("t").values({ id: "c" }).execute());
      await turns();
      expect(flushes).toHaveLength(1);
      flushes[0]?.(null);
      await turns();
      expect(first.done).toBe(true);
      expect([second.done, plain.done]).toEqual([false, false]);
      expect(flushes).toHaveLength(2);

      flushes[1]?.(new Error("EIO"));
      await turns();
      expect([second, plain]).toEqual([
        { done: false, failed: true },
        { done: false, failed: true },
      ]);

      const third = settled(db.transaction().execute((trx) => trx.insertInto("t").values({ id: "d" }).execute()));
      await turns();
      expect(third.done).toBe(false);
      flushes[2]?.(null);
      await turns();
      expect(third.done).toBe(true);
    } finally {
      observer.close();
      const closed = db.destroy();
      for (const done of flushes.splice(0)) done(null);
      await closed;
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("commits a burst of transactions together, and tells each caller only once its rows are on disk", async () => {
    await withObserver(async (database, observer) => {
      const at = new Date().toISOString();
      const visibleWhenAcknowledged = await Promise.all(
        Array.from({ length: 40 }, async (_, i) => {
          const id = crypto.randomUUID();
          await database.db.transaction().execute(async (trx) => {
            await trx
              .insertInto("forms")
              .values({
                id,
                name: `burst ${i}`,
                form_type: "contact",
                status: "active",
                created_at: at,
                updated_at: at,
              })
              .execute();
          });
          // Another connection (another process would be the same) already sees the row.
          return observer.prepare("select count(*) as n from forms where id = ?").get(id)?.n === 1;
        }),
      );
      expect(visibleWhenAcknowledged.every(Boolean)).toBe(true);
      const stored = await database.db.selectFrom("forms").select("id").where("name", "like", "burst %").execute();
      expect(stored).toHaveLength(40);
    });
  });

  it("reserves an API key's counts without waiting for the disk, seen by another process at once, and keeps flushing every other commit", async () => {
    const database = await freshDatabase();
    const other = database.reopen();
    const max = 50; // blocks of 5
    const at = new Date().toISOString();
    // A transaction in flight when the count arrives: its group commits, flushed, before the count.
    const saved = database.db.transaction().execute((trx) =>
      trx
        .insertInto("forms")
        .values({
          id: "f1",
          name: "in flight",
          form_type: "contact",
          status: "active",
          created_at: at,
          updated_at: at,
        })
        .execute(),
    );
    const first = await new ApiKeyCounter(database.db).count("k1", max);
    await saved;
    expect(first.remaining).toBe(49);
    // The other process sees the first one's block as taken: 40 left to hand out, 4 of its own block.
    const second = await new ApiKeyCounter(other).count("k1", max);
    expect(second.remaining).toBe(44);
    const level = await sql<{ synchronous: number }>`pragma synchronous`.execute(database.db);
    expect(level.rows[0]?.synchronous).toBe(2); // FULL again, for the leads that follow
    expect(await other.selectFrom("forms").select("name").execute()).toEqual([{ name: "in flight" }]);
  });

  it("begins the transactions that ask to share a commit together once the window after the last commit has passed", async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), "sqlite-window-"));
    /** A database whose dialect waits `groupWindowMs` after a commit, counting its commits. */
    function open(groupWindowMs: number) {
      const database = new DatabaseSync(path.join(folder, `window-${groupWindowMs}.db`));
      database.exec("pragma journal_mode = wal; create table leads (n integer)");
      const counted = { commits: 0 };
      const dialect = new NodeSqliteDialect(database, { groupWindowMs, beforeCommit: () => void counted.commits++ });
      const db = new Kysely<{ leads: { n: number } }>({ dialect });
      const capture = async (n: number) => {
        await dialect.untilNextCommitWindow();
        await db.transaction().execute((trx) => trx.insertInto("leads").values({ n }).execute());
      };
      return { dialect, db, capture, counted };
    }
    const windowed = open(500);
    const unwindowed = open(0);
    try {
      // Nothing committed yet: the first lead begins at once.
      expect(windowed.dialect.untilNextCommitWindow()).toBeUndefined();
      await windowed.capture(0);
      expect(windowed.counted.commits).toBe(1);
      // Right after that commit, the next lead waits without beginning; one a moment later waits with it.
      const begun = sqliteTransactionsBegun();
      const first = windowed.capture(1);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(sqliteTransactionsBegun()).toBe(begun);
      const second = windowed.capture(2);
      await Promise.all([first, second]);
      expect(windowed.counted.commits).toBe(2);
      const stored = await windowed.db.selectFrom("leads").select("n").orderBy("n").execute();
      expect(stored).toEqual([{ n: 0 }, { n: 1 }, { n: 2 }]);
      // Without a window nobody waits, right after a commit either.
      await unwindowed.capture(0);
      expect(unwindowed.dialect.untilNextCommitWindow()).toBeUndefined();
    } finally {
      await windowed.db.destroy();
      await unwindowed.db.destroy();
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("holds back a lead's transaction on a database opened with a window right after a commit, and no one's without", async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), "sqlite-lead-window-"));
    const opened = [500, 0].map((groupCommitMs) =>
      openDatabase({ dialect: "sqlite", file: path.join(folder, `leads-${groupCommitMs}.db`) }, { groupCommitMs }),
    );
    const afterATurn = () => new Promise((resolve) => setTimeout(resolve, 20));
    try {
      for (const db of opened) await sql`create table leads (n integer)`.execute(db);
      const [windowed, unwindowed] = opened as [Database, Database];
      const capture = (db: Database, n: number) =>
        transactionSharingCommit(db, (trx) => sql`insert into leads (n) values (${n})`.execute(trx));
      await capture(windowed, 0);
      const begun = sqliteTransactionsBegun();
      const waiting = capture(windowed, 1);
      await afterATurn();
      expect(sqliteTransactionsBegun()).toBe(begun);
      await waiting;
      expect(sqliteTransactionsBegun()).toBe(begun + 1);

      await capture(unwindowed, 0);
      const next = capture(unwindowed, 1);
      await afterATurn();
      expect(sqliteTransactionsBegun()).toBe(begun + 3);
      await next;
      for (const db of opened) {
        expect((await sql<{ n: number }>`select n from leads order by n`.execute(db)).rows).toEqual([
          { n: 0 },
          { n: 1 },
        ]);
      }
    } finally {
      for (const db of opened) await db.destroy();
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("rolls back only the lead whose statements failed, and stores the other leads of its batch", async () => {
    await withObserver(async (database, observer) => {
      const at = new Date().toISOString();
      const formId = crypto.randomUUID();
      await database.db
        .insertInto("forms")
        .values({ id: formId, name: "batch", form_type: "contact", status: "active", created_at: at, updated_at: at })
        .execute();
      const storedNow = () => Number(observer.prepare("select count(*) as n from leads").get()?.n);
      const capture = async (i: number) => {
        await database.db.transaction().execute(async (trx) => {
          const lead = {
            id: crypto.randomUUID(),
            name: `Batch ${i}`,
            email: `batch${i}@example.com`,
            source: "Test",
            status: "new",
            is_spam: false,
            created_at: at,
            updated_at: at,
          } as const;
          // Lead 2 names a form that does not exist: its insert fails inside the batch.
          await trx
            .insertInto("leads")
            .values({ ...lead, form_id: i === 2 ? "no-such-form" : formId })
            .execute();
          await trx
            .insertInto("leads")
            .values({ ...lead, id: crypto.randomUUID(), form_id: formId })
            .execute();
          // Lead 4 fails after both its rows were written: they go, the batch's others stay.
          if (i === 4) throw new Error("rejected after writing");
        });
        return storedNow();
      };
      const results = await Promise.allSettled([0, 1, 2, 3, 4, 5].map(capture));
      expect(results.map((result) => result.status)).toEqual([
        "fulfilled",
        "fulfilled",
        "rejected",
        "fulfilled",
        "rejected",
        "fulfilled",
      ]);
      // Every lead that was acknowledged was acknowledged by the one commit holding the whole batch:
      // another connection saw all eight rows of the four leads the moment the first was answered.
      for (const result of results) if (result.status === "fulfilled") expect(result.value).toBe(8);
      const names = await database.db.selectFrom("leads").select("name").orderBy("name").execute();
      // Both rows of each lead that was not rolled back; none of leads 2 and 4.
      expect(names.map((row) => row.name)).toEqual([0, 1, 3, 5].flatMap((i) => [`Batch ${i}`, `Batch ${i}`]));
    });
  });

  it("fails every transaction of a group whose commit fails, and keeps working afterwards", async () => {
    const database = await freshDatabase();
    await sql`create table parent (id text primary key)`.execute(database.db);
    await sql`create table child (id text primary key, parent_id text references parent (id) deferrable initially deferred)`.execute(
      database.db,
    );
    const insert = (table: "parent" | "child", id: string, parentId?: string) =>
      database.db.transaction().execute(async (trx) => {
        if (table === "parent") await sql`insert into parent (id) values (${id})`.execute(trx);
        // A deferred foreign key is only checked by COMMIT: this one breaks the whole group's commit.
        else await sql`insert into child (id, parent_id) values (${id}, ${parentId})`.execute(trx);
      });
    // The first transaction stays open until the others are queued behind it, so they form one group.
    let openGate!: () => void;
    const gate = new Promise<void>((resolve) => {
      openGate = resolve;
    });
    const first = database.db.transaction().execute(async (trx) => {
      await sql`insert into parent (id) values ('p0')`.execute(trx);
      await gate;
    });
    const queued = [insert("parent", "p1"), insert("child", "c1", "missing"), insert("parent", "p2")];
    await new Promise((resolve) => setTimeout(resolve, 20));
    openGate();
    const results = await Promise.allSettled([first, ...queued]);
    expect(results.map((result) => result.status)).toEqual(["rejected", "rejected", "rejected", "rejected"]);
    const count = async (table: string) =>
      Number(((await sql.raw(`select count(*) as n from ${table}`).execute(database.db)).rows[0] as { n: number }).n);
    expect(await count("parent")).toBe(0);
    expect(await count("child")).toBe(0);
    await insert("parent", "p3");
    expect(await count("parent")).toBe(1);
  });

  it("keeps the database file current from a background thread, and leaves no WAL behind when closed", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "agency-checkpoint-"));
    const file = path.join(dir, "app.db");
    const errors: string[] = [];
    const db = openDatabase(
      { dialect: "sqlite", file },
      { checkpointInBackground: { onError: (e) => errors.push(e) } },
    );
    try {
      await sql`create table notes (id integer primary key, body text not null)`.execute(db);
      const emptySize = statSync(file).size;
      // About 1 MB in many small commits: far below the point where a commit checkpoints by itself,
      // so only the background thread can have moved these pages into the database file.
      for (let batch = 0; batch < 100; batch++) {
        await db.transaction().execute(async (trx) => {
          for (let row = 0; row < 10; row++)
            await sql`insert into notes (body) values (${"x".repeat(1000)})`.execute(trx);
        });
      }
      const deadline = Date.now() + 10_000;
      while (statSync(file).size < emptySize + 1_000_000 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(statSync(file).size).toBeGreaterThan(emptySize + 1_000_000);
      expect(errors).toEqual([]);
    } finally {
      await db.destroy();
    }
    // The checkpointer's connection closed before the app's: the last one out folded the WAL in.
    expect(existsSync(`${file}-wal`)).toBe(false);
    const reopened = new DatabaseSync(file);
    expect(reopened.prepare("select count(*) as n from notes").get()).toEqual({ n: 1000 });
    reopened.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
