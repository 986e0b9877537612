import { type Kysely, sql } from "kysely";
import { dialectOf } from "../database.server";
import {
  BREAKDOWNS,
  createPostgresTriggers as createLeadTriggersBefore,
  createPostgresLeadFunction,
  createSqliteLeadTriggers,
  createSqliteTriggers as createSqliteLeadTriggersBefore,
} from "./0019-lead-funnel-days.server";

/**
 * "Calls booked" in the funnel's daily roll-ups: leads with at least one booking (whatever became of
 * it), counted on the lead's day like its other steps, so a range's calls booked are among its leads.
 * The leads triggers of 0019 now carry the count with the lead; new triggers on bookings add the lead
 * when its first booking is made and take it away when its last is deleted.
 */
export async function up(db: Kysely<unknown>) {
  const postgres = dialectOf(db) === "postgres";
  const day = postgres ? `to_char(created_at at time zone 'UTC', 'YYYY-MM-DD')` : "substr(created_at, 1, 10)";
  for (const { table, keys } of BREAKDOWNS) {
    await db.schema
      .alterTable(table)
      .addColumn("booked", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    const keyColumns = keys.map((key) => `coalesce(${key}, '')`);
    await sql
      .raw(`update ${table} set booked = counted.booked
        from (select ${day} as day, ${keyColumns.map((column, i) => `${column} as ${keys[i]}`).join(", ")}, count(*) as booked
          from leads where is_spam = ${postgres ? "false" : "0"} and id in (select lead_id from bookings)
          group by ${day}, ${keyColumns.join(", ")}) counted
        where ${["day", ...keys].map((key) => `${table}.${key} = counted.${key}`).join(" and ")}`)
      .execute(db);
  }
  if (postgres) await createPostgresTriggers(db);
  else await createSqliteTriggers(db);
}

const hasBooking = (row: "new" | "old") => `exists (select 1 from bookings where lead_id = ${row}.id)`;

/** One lead row's change to a roll-up: `sign` 1 adds the lead (`row` is new or old), -1 takes it away. */
function sqliteChange(table: string, keys: readonly string[], row: "new" | "old", sign: 1 | -1) {
  const values = keys.map((key) => `coalesce(${row}.${key}, '')`).join(", ");
  return `insert into ${table} (day, ${keys.join(", ")}, leads, qualified, clients, booked)
      values (substr(${row}.created_at, 1, 10), ${values}, ${sign},
        ${sign} * (${row}.status in ('qualified', 'converted')), ${sign} * (${row}.status = 'converted'),
        ${sign} * ${hasBooking(row)})
      on conflict (day, ${keys.join(", ")}) do update set leads = leads + excluded.leads,
        qualified = qualified + excluded.qualified, clients = clients + excluded.clients,
        booked = booked + excluded.booked;`;
}

/** Moves the booking's lead in or out of "calls booked", where its lead is counted (if it is). */
function bookedChange(table: string, keys: readonly string[], leadId: string, sign: "+ 1" | "- 1", dayOf: string) {
  const keyValues = keys.map((key) => `coalesce(${key}, '')`).join(", ");
  return `update ${table} set booked = booked ${sign}
      where (day, ${keys.join(", ")}) = (select ${dayOf}, ${keyValues} from leads where id = ${leadId} and not is_spam);`;
}

async function createSqliteTriggers(db: Kysely<unknown>) {
  for (const name of ["insert", "delete", "update_old", "update_new"]) {
    await sql.raw(`drop trigger if exists leads_funnel_days_${name}`).execute(db);
  }
  await createSqliteLeadTriggers(db, (row, sign) =>
    BREAKDOWNS.map(({ table, keys }) => sqliteChange(table, keys, row, sign)).join("\n"),
  );
  const dayOf = "substr(created_at, 1, 10)";
  await sql
    .raw(`create trigger bookings_funnel_days_insert after insert on bookings
      when (select count(*) from bookings where lead_id = new.lead_id) = 1 begin
      ${BREAKDOWNS.map(({ table, keys }) => bookedChange(table, keys, "new.lead_id", "+ 1", dayOf)).join("\n")}
    end`)
    .execute(db);
  await sql
    .raw(`create trigger bookings_funnel_days_delete after delete on bookings
      when not exists (select 1 from bookings where lead_id = old.lead_id) begin
      ${BREAKDOWNS.map(({ table, keys }) => bookedChange(table, keys, "old.lead_id", "- 1", dayOf)).join("\n")}
    end`)
    .execute(db);
}

async function createPostgresTriggers(db: Kysely<unknown>) {
  const change = (row: "new" | "old", sign: "1" | "-1") =>
    BREAKDOWNS.map(({ table, keys }) => {
      const values = keys.map((key) => `coalesce(${row}.${key}, '')`).join(", ");
      return `insert into ${table} (day, ${keys.join(", ")}, leads, qualified, clients, booked)
        values (to_char(${row}.created_at at time zone 'UTC', 'YYYY-MM-DD'), ${values}, ${sign},
          case when ${row}.status in ('qualified', 'converted') then ${sign} else 0 end,
          case when ${row}.status = 'converted' then ${sign} else 0 end,
          case when ${hasBooking(row)} then ${sign} else 0 end)
        on conflict (day, ${keys.join(", ")}) do update set leads = ${table}.leads + excluded.leads,
          qualified = ${table}.qualified + excluded.qualified, clients = ${table}.clients + excluded.clients,
          booked = ${table}.booked + excluded.booked;`;
    }).join("\n");
  await createPostgresLeadFunction(db, "create or replace", change);
  // Statement-level, with the rows the statement wrote: row triggers would all fire after a
  // multi-row insert, when every one of them already sees the others. The leads' row locks make two
  // bookings of one lead at once count in turn, the second seeing the first.
  const moved = (rows: "inserted" | "removed", sign: "+" | "-", others: string) =>
    BREAKDOWNS.map(({ table, keys }) => {
      const keyValues = keys.map((key) => `coalesce(${key}, '')`);
      return `update ${table} set booked = ${table}.booked ${sign} counted.leads
        from (select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day,
            ${keyValues.map((value, i) => `${value} as ${keys[i]}`).join(", ")}, count(*) as leads
          from leads where not is_spam and id in (select lead_id from ${rows})
            and not exists (select 1 from bookings where bookings.lead_id = leads.id ${others})
          group by 1, ${keyValues.join(", ")}) counted
        where ${["day", ...keys].map((key) => `${table}.${key} = counted.${key}`).join(" and ")};`;
    }).join("\n");
  await sql
    .raw(`create function bookings_funnel_days_insert() returns trigger language plpgsql as $$
    begin
      perform 1 from leads where id in (select lead_id from inserted) order by id for update;
      ${moved("inserted", "+", "and bookings.id not in (select id from inserted)")}
      return null;
    end $$`)
    .execute(db);
  await sql
    .raw(`create function bookings_funnel_days_delete() returns trigger language plpgsql as $$
    begin
      ${moved("removed", "-", "")}
      return null;
    end $$`)
    .execute(db);
  await sql
    .raw(`create trigger bookings_funnel_days_insert after insert on bookings
    referencing new table as inserted for each statement execute function bookings_funnel_days_insert()`)
    .execute(db);
  await sql
    .raw(`create trigger bookings_funnel_days_delete after delete on bookings
    referencing old table as removed for each statement execute function bookings_funnel_days_delete()`)
    .execute(db);
}

export async function down(db: Kysely<unknown>) {
  const postgres = dialectOf(db) === "postgres";
  if (postgres) {
    for (const name of ["bookings_funnel_days_insert", "bookings_funnel_days_delete"]) {
      await sql.raw(`drop trigger if exists ${name} on bookings`).execute(db);
      await sql.raw(`drop function if exists ${name}()`).execute(db);
    }
    await sql`drop trigger if exists leads_funnel_days_update on leads`.execute(db);
    await sql`drop trigger if exists leads_funnel_days_insert on leads`.execute(db);
    await sql`drop function if exists leads_funnel_days()`.execute(db);
  } else {
    for (const name of ["bookings_funnel_days_insert", "bookings_funnel_days_delete"]) {
      await sql.raw(`drop trigger if exists ${name}`).execute(db);
    }
    for (const name of ["insert", "delete", "update_old", "update_new"]) {
      await sql.raw(`drop trigger if exists leads_funnel_days_${name}`).execute(db);
    }
  }
  for (const { table } of BREAKDOWNS) await db.schema.alterTable(table).dropColumn("booked").execute();
  // The leads triggers go back to those that count no bookings.
  if (postgres) await createLeadTriggersBefore(db);
  else await createSqliteLeadTriggersBefore(db);
}
