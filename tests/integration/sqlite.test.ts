import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createMigratedDatabase, type TestDatabase } from "../support/databases";

describe("the embedded SQLite database", () => {
  let database: TestDatabase;
  afterEach(async () => {
    await database?.drop();
  });

  it("reads back the pragmas it was opened with", async () => {
    database = await createMigratedDatabase("sqlite");
    const pragma = async (name: string) =>
      Object.values((await sql.raw(`pragma ${name}`).execute(database.db)).rows[0] as object)[0];
    expect(await pragma("journal_mode")).toBe("wal");
    expect(await pragma("synchronous")).toBe(2); // FULL
    expect(await pragma("foreign_keys")).toBe(1);
    expect(await pragma("busy_timeout")).toBe(5000);
  });

  it("runs concurrent transactions one after another instead of interleaving them", async () => {
    database = await createMigratedDatabase("sqlite");
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
    database = await createMigratedDatabase("sqlite");
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
});
