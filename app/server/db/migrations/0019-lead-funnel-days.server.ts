import { type Kysely, sql } from "kysely";
import { dialectOf } from "../database.server";

export const BREAKDOWNS = [
  { table: "lead_campaign_days", keys: ["utm_campaign", "utm_source", "utm_medium"] },
  { table: "lead_landing_days", keys: ["landing_path"] },
] as const;

/**
 * The funnel's lead side as daily counts (UTC days, spam left out), by campaign and by landing page:
 * leads, those that reached qualified (converted included) and clients (converted). Over months a
 * million leads are too many to count on every visit to the dashboard; these tables have a row per day
 * and campaign (or landing page). Triggers on leads keep them current in the same transaction as
 * every write, whoever makes it (capture, edits, bulk changes, deletes, erasure), and the migration
 * fills them from the leads already there.
 */
export async function up(db: Kysely<unknown>) {
  const postgres = dialectOf(db) === "postgres";
  for (const { table, keys } of BREAKDOWNS) {
    let create = db.schema.createTable(table).addColumn("day", "text", (c) => c.notNull());
    for (const key of keys) create = create.addColumn(key, "text", (c) => c.notNull());
    await create
      .addColumn("leads", "integer", (c) => c.notNull())
      .addColumn("qualified", "integer", (c) => c.notNull())
      .addColumn("clients", "integer", (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, ["day", ...keys] as never)
      .execute();
    const day = postgres ? `to_char(created_at at time zone 'UTC', 'YYYY-MM-DD')` : "substr(created_at, 1, 10)";
    const keyColumns = keys.map((key) => `coalesce(${key}, '')`).join(", ");
    await sql
      .raw(`insert into ${table} (day, ${keys.join(", ")}, leads, qualified, clients)
        select ${day}, ${keyColumns}, count(*),
          sum(case when status in ('qualified', 'converted') then 1 else 0 end),
          sum(case when status = 'converted' then 1 else 0 end)
        from leads where is_spam = ${postgres ? "false" : "0"}
        group by ${day}, ${keyColumns}`)
      .execute(db);
  }
  if (postgres) await createPostgresTriggers(db);
  else await createSqliteTriggers(db);
}

/** One row's change to a table: `sign` 1 adds the lead (`row` is new or old), -1 takes it away. */
function sqliteChange(table: string, keys: readonly string[], row: "new" | "old", sign: 1 | -1) {
  const values = keys.map((key) => `coalesce(${row}.${key}, '')`).join(", ");
  return `insert into ${table} (day, ${keys.join(", ")}, leads, qualified, clients)
      values (substr(${row}.created_at, 1, 10), ${values}, ${sign},
        ${sign} * (${row}.status in ('qualified', 'converted')), ${sign} * (${row}.status = 'converted'))
      on conflict (day, ${keys.join(", ")}) do update set leads = leads + excluded.leads,
        qualified = qualified + excluded.qualified, clients = clients + excluded.clients;`;
}

export const WATCHED = "status, is_spam, utm_campaign, utm_source, utm_medium, landing_path, created_at";

export async function createSqliteTriggers(db: Kysely<unknown>) {
  await createSqliteLeadTriggers(db, (row, sign) =>
    BREAKDOWNS.map(({ table, keys }) => sqliteChange(table, keys, row, sign)).join("\n"),
  );
}

/**
 * SQLite's four leads triggers of the roll-ups; `each(row, sign)` is what one row's change writes to
 * them (0022 passes statements that count bookings too).
 */
export async function createSqliteLeadTriggers(
  db: Kysely<unknown>,
  each: (row: "new" | "old", sign: 1 | -1) => string,
) {
  await sql
    .raw(`create trigger leads_funnel_days_insert after insert on leads when not new.is_spam begin
      ${each("new", 1)}
    end`)
    .execute(db);
  await sql
    .raw(`create trigger leads_funnel_days_delete after delete on leads when not old.is_spam begin
      ${each("old", -1)}
    end`)
    .execute(db);
  // An update takes the lead away where it was counted and adds it where it now belongs.
  await sql
    .raw(`create trigger leads_funnel_days_update_old after update of ${WATCHED} on leads when not old.is_spam begin
      ${each("old", -1)}
    end`)
    .execute(db);
  await sql
    .raw(`create trigger leads_funnel_days_update_new after update of ${WATCHED} on leads when not new.is_spam begin
      ${each("new", 1)}
    end`)
    .execute(db);
}

export async function createPostgresTriggers(db: Kysely<unknown>) {
  const change = (row: "new" | "old", sign: "1" | "-1") =>
    BREAKDOWNS.map(({ table, keys }) => {
      const values = keys.map((key) => `coalesce(${row}.${key}, '')`).join(", ");
      return `insert into ${table} (day, ${keys.join(", ")}, leads, qualified, clients)
        values (to_char(${row}.created_at at time zone 'UTC', 'YYYY-MM-DD'), ${values}, ${sign},
          case when ${row}.status in ('qualified', 'converted') then ${sign} else 0 end,
          case when ${row}.status = 'converted' then ${sign} else 0 end)
        on conflict (day, ${keys.join(", ")}) do update set leads = ${table}.leads + excluded.leads,
          qualified = ${table}.qualified + excluded.qualified, clients = ${table}.clients + excluded.clients;`;
    }).join("\n");
  await createPostgresLeadFunction(db, "create", change);
  await sql
    .raw(`create trigger leads_funnel_days_insert after insert or delete on leads
    for each row execute function leads_funnel_days()`)
    .execute(db);
  await sql
    .raw(`create trigger leads_funnel_days_update after update of ${WATCHED} on leads
    for each row execute function leads_funnel_days()`)
    .execute(db);
}

/**
 * PostgreSQL's leads function of the roll-ups; `change(row, sign)` is what one row's change writes to
 * them (0022 replaces it with statements that count bookings too).
 */
export async function createPostgresLeadFunction(
  db: Kysely<unknown>,
  create: "create" | "create or replace",
  change: (row: "new" | "old", sign: "1" | "-1") => string,
) {
  await sql
    .raw(`${create} function leads_funnel_days() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') and not old.is_spam then
        ${change("old", "-1")}
      end if;
      if tg_op in ('UPDATE', 'INSERT') and not new.is_spam then
        ${change("new", "1")}
      end if;
      return null;
    end $$`)
    .execute(db);
}

export async function down(db: Kysely<unknown>) {
  if (dialectOf(db) === "postgres") {
    await sql`drop trigger if exists leads_funnel_days_update on leads`.execute(db);
    await sql`drop trigger if exists leads_funnel_days_insert on leads`.execute(db);
    await sql`drop function if exists leads_funnel_days()`.execute(db);
  } else {
    for (const name of ["insert", "delete", "update_old", "update_new"]) {
      await sql.raw(`drop trigger if exists leads_funnel_days_${name}`).execute(db);
    }
  }
  for (const { table } of BREAKDOWNS) await db.schema.dropTable(table).ifExists().execute();
}
