// The audit log screen's phase of `npm run bench:admin`: seeds BENCH_AUDIT (1,000,000) audit entries
// into the bench's database and times each read the screen makes (a page newest first, a page deep in
// the log, each filter, the filters' choices, the names of a page) against the same 50 ms p99 target.
import { sql } from "kysely";
import { parseAuditFilters } from "~/lib/schemas/audit";
import { auditCursor, auditFilterChoices, listAuditPage } from "~/server/audit/audit-log.server";
import { nameAuditEntries } from "~/server/audit/audit-names.server";
import type { Database } from "~/server/db/schema.server";
import { newId, toJson } from "~/server/db/values.server";
import type { BenchContext } from "./admin-kit";

const ENTRIES = Number(process.env.BENCH_AUDIT ?? 1_000_000);
const ROWS_PER_INSERT = 500;
const ROWS_PER_TRANSACTION = 10_000;
/** Two years of entries, ending here. */
const END_MS = Date.UTC(2026, 10, 1);
const SPAN_MS = 2 * 365 * 24 * 3600 * 1000;

const PEOPLE = Array.from({ length: 12 }, (_, n) => `bench-person-${n}`);
const KINDS: Record<string, string[]> = {
  lead: ["set_status", "assign", "update", "add_note", "set_follow_up", "delete"],
  client: ["create", "update", "set_status", "assign"],
  page: ["create", "update", "delete"],
  blog_post: ["create", "update", "delete"],
  form: ["create", "update"],
  user: ["create", "set_role", "disable"],
  site_settings: ["update"],
  pricing_plan: ["update"],
  webhook_endpoint: ["create", "rotate_secret"],
  auth: ["sign_in", "sign_out"],
};
const KIND_NAMES = Object.keys(KINDS);

function entryRow(n: number) {
  // Spread evenly over the span, newest last; kinds and people cycle at different rates.
  const at = END_MS - SPAN_MS + Math.floor((n / ENTRIES) * SPAN_MS);
  const kind = KIND_NAMES[(n * 7) % KIND_NAMES.length]!;
  const actions = KINDS[kind]!;
  const person = PEOPLE[Math.floor(n / 3) % PEOPLE.length]!;
  return {
    id: newId(at),
    actor_id: person,
    actor_email: `${person}@agency.example`,
    action: `${kind}.${actions[n % actions.length]}`,
    entity_type: kind,
    entity_id: newId(at),
    summary: toJson({ status: { from: "new", to: "contacted" } }),
    created_at: new Date(at).toISOString(),
  };
}

async function seedAudit(db: Database) {
  const started = performance.now();
  for (let start = 0; start < ENTRIES; start += ROWS_PER_TRANSACTION) {
    await db.transaction().execute(async (trx) => {
      for (let batch = start; batch < Math.min(ENTRIES, start + ROWS_PER_TRANSACTION); batch += ROWS_PER_INSERT) {
        const rows = Array.from({ length: Math.min(ROWS_PER_INSERT, ENTRIES - batch) }, (_, i) => entryRow(batch + i));
        await trx.insertInto("audit_logs").values(rows).execute();
      }
    });
  }
  return performance.now() - started;
}

/** Seeds the log and times the screen's reads. */
export async function benchAuditLog({ db, dialect, measure }: BenchContext) {
  const seedMs = await seedAudit(db);
  if (dialect === "sqlite") await sql`analyze`.execute(db);
  else await sql`vacuum analyze audit_logs`.execute(db);
  const total = await db
    .selectFrom("audit_logs")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  console.log(
    `\n${dialect}: audit log of ${Number(total.count).toLocaleString("en-US")} entries (${ENTRIES.toLocaleString("en-US")} seeded in ${(seedMs / 1000).toFixed(1)} s)`,
  );
  // A position half-way down the log, as "Older entries" reaches after many pages.
  const middle = await db
    .selectFrom("audit_logs")
    .select(["created_at", "id"])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .offset(Math.floor(ENTRIES / 2))
    .limit(1)
    .executeTakeFirstOrThrow();
  const deep = auditCursor({ createdAt: new Date(middle.created_at).toISOString(), id: middle.id });
  const cases: [string, string][] = [
    ["newest page", ""],
    ["a page half-way down (keyset)", `before=${encodeURIComponent(deep)}`],
    ["newer entries from half-way", `after=${encodeURIComponent(deep)}`],
    ["one person", `person=${PEOPLE[3]}`],
    ["one kind of record", "kind=page"],
    ["one action", "action=user.set_role"],
    ["person + kind", `person=${PEOPLE[1]}&kind=lead`],
    ["person + action", `person=${PEOPLE[1]}&action=lead.update`],
    ["one month", "from=2025-06-01&to=2025-06-30"],
    ["one person, one month", `person=${PEOPLE[2]}&from=2025-06-01&to=2025-06-30`],
    ["an action nobody took", "action=lead.never"],
  ];
  for (const [label, query] of cases) {
    const filters = parseAuditFilters(new URLSearchParams(query));
    await measure(`audit: ${label}`, () => listAuditPage(db, filters, "UTC"), {
      describe: (page) => `${page.entries.length} shown`,
    });
  }
  await measure("audit: filter choices (kinds, actions, staff)", () => auditFilterChoices(db), {
    describe: (choices) => `${choices.kinds.length} kinds, ${choices.actions.length} actions`,
  });
  const page = await listAuditPage(db, parseAuditFilters(new URLSearchParams()), "UTC");
  await measure("audit: names of a page (people, records, leads and calls)", () =>
    nameAuditEntries(db, page.entries, "UTC"),
  );
}
