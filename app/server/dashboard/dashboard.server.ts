import type { Database } from "../db/schema.server";

const ACTIVITY_WINDOW_DAYS = 7;

/** The spec's four dashboard counts: leads, clients, pages, and audit entries of the last 7 days. */
export async function dashboardCounts(db: Database, nowMs = Date.now()) {
  const since = new Date(nowMs - ACTIVITY_WINDOW_DAYS * 24 * 60 * 60 * 1000).toISOString();
  const count = (rows: { count: number | string | bigint }) => Number(rows.count);
  const [leads, clients, pages, activity] = await Promise.all([
    db
      .selectFrom("leads")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("clients")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("pages")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("audit_logs")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("created_at", ">=", since)
      .executeTakeFirstOrThrow(),
  ]);
  return { leads: count(leads), clients: count(clients), pages: count(pages), recentActivity: count(activity) };
}
