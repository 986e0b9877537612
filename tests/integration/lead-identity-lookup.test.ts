import { type Compilable, sql } from "kysely";
import { describe, expect, it } from "vitest";
import type { Dialect } from "~/server/db/database.server";
import type { Database } from "~/server/db/schema.server";
import { personQuery } from "~/server/leads/enquiry.server";
import { insertLeadRows, leadRow } from "../support/admin-fixtures";
import { databasePerTest, dialects } from "../support/databases";

const LEADS = 2000;
const at = (index: number) => new Date(Date.UTC(2026, 0, 1) + index * 60_000).toISOString();

/** Many people, each with their own e-mail and phone, some of them spam, as a site that has run a while holds. */
function fillLeads(db: Database) {
  return insertLeadRows(db, LEADS, (index) => ({
    ...leadRow({ email: `person${index}@example.com`, isSpam: index % 10 === 0, createdAt: at(index) }),
    email_normalized: `person${index}@example.com`,
    phone_e164: `+9198765${String(index).padStart(5, "0")}`,
  }));
}

async function plan(db: Database, dialect: Dialect, query: Compilable) {
  const { sql: text, parameters } = query.compile();
  let index = 0;
  const inlined = text.replace(/\$\d+|\?/g, (match) => {
    const value = parameters[match === "?" ? index++ : Number(match.slice(1)) - 1];
    return typeof value === "number" ? String(value) : `'${String(value)}'`;
  });
  if (dialect === "sqlite") {
    const rows = await sql.raw<{ detail: string }>(`explain query plan ${inlined}`).execute(db);
    return rows.rows.map((row) => row.detail).join("; ");
  }
  const rows = await sql.raw<{ "QUERY PLAN": string }>(`explain (costs off) ${inlined}`).execute(db);
  return rows.rows.map((row) => row["QUERY PLAN"]).join(" | ");
}

describe.each(dialects)("finding a returning person on %s", (dialect) => {
  const freshDatabase = databasePerTest(dialect);

  it("reads the e-mail's or the phone's own index, so a capture does not slow down as leads accumulate", async () => {
    const { db } = await freshDatabase();
    await fillLeads(db);
    // PostgreSQL plans from the statistics it keeps by itself; SQLite has none unless asked, as in production.
    if (dialect === "postgres") await sql`analyze leads`.execute(db);
    const byEmail = await plan(db, dialect, personQuery(db, "email_normalized", "person1234@example.com"));
    const byPhone = await plan(db, dialect, personQuery(db, "phone_e164", "+919876501234"));
    expect(byEmail).toMatch(/leads_email_normalized_idx/);
    expect(byPhone).toMatch(/leads_phone_e164_idx/);
  });

  it("takes the oldest lead of that e-mail or phone that is not spam", async () => {
    const { db } = await freshDatabase();
    const spam = leadRow({ email: "a.smith@gmail.com", isSpam: true, createdAt: at(1) });
    const oldest = leadRow({ email: "asmith@gmail.com", createdAt: at(2) });
    const later = leadRow({ email: "ASmith@gmail.com", createdAt: at(3) });
    const identity = { email_normalized: "asmith@gmail.com", phone_e164: "+919876543210" };
    await db
      .insertInto("leads")
      .values([spam, later, oldest].map((row) => ({ ...row, ...identity })))
      .execute();
    expect((await personQuery(db, "email_normalized", "asmith@gmail.com").executeTakeFirst())?.id).toBe(oldest.id);
    expect((await personQuery(db, "phone_e164", "+919876543210").executeTakeFirst())?.id).toBe(oldest.id);
    await db.updateTable("leads").set({ is_spam: true }).where("id", "in", [oldest.id, later.id]).execute();
    expect(await personQuery(db, "email_normalized", "asmith@gmail.com").executeTakeFirst()).toBeUndefined();
  });
});
