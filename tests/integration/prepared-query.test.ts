import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { preparedQuery } from "~/server/db/prepared-query.server";
import { createMigratedDatabase, dialects, type TestDatabase } from "../support/databases";

const at = "2026-11-22T10:00:00.000Z";

const insertForm = preparedQuery((db, $: { id: string; name: string }) =>
  db
    .insertInto("forms")
    .values({ id: $.id, name: $.name, form_type: "contact", status: "active", created_at: at, updated_at: at }),
);
const formsNamed = preparedQuery((db, $: { name: string; suffix: string }) =>
  db
    .selectFrom("forms")
    .select(["id", "name", "status"])
    .where("name", "=", $.name)
    .where(sql<boolean>`name || ${$.suffix} = ${$.name} || ${$.suffix}`)
    .where("status", "=", "active"),
);

describe.each(dialects)("a prepared query on %s", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createMigratedDatabase(dialect);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it("binds each call's own values, wherever the stand-ins went, and keeps the built-in constants", async () => {
    await insertForm(database.db, { id: "f-1", name: "Alpha" });
    await insertForm(database.db, { id: "f-2", name: "Beta" });
    expect((await formsNamed(database.db, { name: "Alpha", suffix: "!" })).rows).toEqual([
      { id: "f-1", name: "Alpha", status: "active" },
    ]);
    expect((await formsNamed(database.db, { name: "Beta", suffix: "?" })).rows).toEqual([
      { id: "f-2", name: "Beta", status: "active" },
    ]);
    expect((await formsNamed(database.db, { name: "Gamma", suffix: "" })).rows).toEqual([]);
    const stored = await database.db
      .selectFrom("forms")
      .select(["id", "form_type"])
      .where("id", "in", ["f-1", "f-2"])
      .orderBy("id")
      .execute();
    expect(stored).toEqual([
      { id: "f-1", form_type: "contact" },
      { id: "f-2", form_type: "contact" },
    ]);
  });

  it("runs inside a transaction and rolls back with it", async () => {
    await expect(
      database.db.transaction().execute(async (trx) => {
        await insertForm(trx, { id: "f-3", name: "Gone" });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect((await formsNamed(database.db, { name: "Gone", suffix: "" })).rows).toEqual([]);
  });
});
