import { type Kysely, sql } from "kysely";
import { dialectOf } from "../database.server";
import { columnTypes } from "./column-types.server";

/**
 * The dashboard's campaign table counts a month of returning enquiries: submissions made after their
 * lead, whose lead is not spam. Joining each of a month's submissions to its lead took a second at a
 * million leads, so each submission now carries whether it counts (`counts_as_returning`) and a partial
 * index holds only those that do, by date and campaign. Triggers keep the mark right in the same
 * transaction as every write, whoever makes it: an enquiry stored, a submission moved by a merge or an
 * unmerge, a lead marked spam or not spam.
 */
export async function up(db: Kysely<unknown>) {
  const types = columnTypes(db);
  const postgres = dialectOf(db) === "postgres";
  await db.schema
    .alterTable("form_submissions")
    .addColumn("counts_as_returning", types.bool, (c) => c.notNull().defaultTo(types.falseValue))
    .execute();
  await sql`update form_submissions set counts_as_returning = ${types.trueValue}
    where created_at > (select leads.created_at from leads
      where leads.id = form_submissions.lead_id and leads.is_spam = ${types.falseValue})`.execute(db);
  if (postgres) {
    await sql`create index form_submissions_returning_idx on form_submissions (created_at)
      include (utm_campaign) where counts_as_returning`.execute(db);
    await createPostgresTriggers(db);
  } else {
    await sql`create index form_submissions_returning_idx on form_submissions (created_at, utm_campaign)
      where counts_as_returning = 1`.execute(db);
    await createSqliteTriggers(db);
  }
}

/** Whether submission `row` counts: made after its lead, and that lead is not spam. */
const countsExpression = (row: string, notSpam: string) =>
  `${row}.created_at > (select leads.created_at from leads where leads.id = ${row}.lead_id and leads.is_spam = ${notSpam})`;

async function createSqliteTriggers(db: Kysely<unknown>) {
  // A new enquiry starts as not counted (the column's default), so only one that counts is written twice.
  await sql
    .raw(`create trigger form_submissions_returning_insert after insert on form_submissions
      when ${countsExpression("new", "0")} begin
        update form_submissions set counts_as_returning = 1 where id = new.id;
      end`)
    .execute(db);
  await sql
    .raw(`create trigger form_submissions_returning_update after update of lead_id, created_at on form_submissions
      begin
        update form_submissions set counts_as_returning = coalesce(${countsExpression("new", "0")}, 0)
          where id = new.id;
      end`)
    .execute(db);
  await sql
    .raw(`create trigger leads_returning_submissions after update of is_spam, created_at on leads
      when old.is_spam is not new.is_spam or old.created_at is not new.created_at begin
        update form_submissions
          set counts_as_returning = coalesce(form_submissions.created_at > new.created_at and new.is_spam = 0, 0)
          where lead_id = new.id;
      end`)
    .execute(db);
}

async function createPostgresTriggers(db: Kysely<unknown>) {
  await sql
    .raw(`create function form_submissions_returning() returns trigger language plpgsql as $$
    begin
      new.counts_as_returning := coalesce(${countsExpression("new", "false")}, false);
      return new;
    end $$`)
    .execute(db);
  await sql
    .raw(`create trigger form_submissions_returning before insert or update of lead_id, created_at
      on form_submissions for each row execute function form_submissions_returning()`)
    .execute(db);
  await sql
    .raw(`create function leads_returning_submissions() returns trigger language plpgsql as $$
    begin
      update form_submissions
        set counts_as_returning = coalesce(form_submissions.created_at > new.created_at and not new.is_spam, false)
        where lead_id = new.id;
      return null;
    end $$`)
    .execute(db);
  await sql
    .raw(`create trigger leads_returning_submissions after update of is_spam, created_at on leads for each row
      when (old.is_spam is distinct from new.is_spam or old.created_at is distinct from new.created_at)
      execute function leads_returning_submissions()`)
    .execute(db);
}

export async function down(db: Kysely<unknown>) {
  if (dialectOf(db) === "postgres") {
    await sql`drop trigger if exists leads_returning_submissions on leads`.execute(db);
    await sql`drop function if exists leads_returning_submissions()`.execute(db);
    await sql`drop trigger if exists form_submissions_returning on form_submissions`.execute(db);
    await sql`drop function if exists form_submissions_returning()`.execute(db);
  } else {
    for (const name of [
      "leads_returning_submissions",
      "form_submissions_returning_update",
      "form_submissions_returning_insert",
    ]) {
      await sql.raw(`drop trigger if exists ${name}`).execute(db);
    }
  }
  await sql`drop index if exists form_submissions_returning_idx`.execute(db);
  await db.schema.alterTable("form_submissions").dropColumn("counts_as_returning").execute();
}
