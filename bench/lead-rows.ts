// Realistic leads in bulk, for the benches that need a big database.
import type { Insertable } from "kysely";
import type { Database, LeadsTable } from "~/server/db/schema.server";

const ROWS_PER_INSERT = 500;
const ROWS_PER_TRANSACTION = 10_000;

export const firstNames = ["Ana", "Ben", "Carla", "Dev", "Elif", "Farah", "Gus", "Hana", "Ivan", "Jia", "Kofi", "Lena"];
export const lastNames = ["Smith", "Jones", "Patel", "Garcia", "Kim", "Okafor", "Müller", "Rossi", "Haddad", "Nguyen"];
export const companies = ["Acme", "Globex", "Initech", "Umbrella", "Hooli", "Stark", "Wayne", "Wonka", null, null];
export const sources = [
  "Contact Form",
  "Newsletter Form",
  "PDF Download - Download 50 Winning PPC Strategies",
  "Get Started - Website",
  "Cost Estimator",
];
export const statuses = ["new", "contacted", "qualified", "converted", "closed"] as const;

function leadRow(index: number, total: number) {
  const first = firstNames[index % firstNames.length]!;
  const last = lastNames[Math.floor(index / firstNames.length) % lastNames.length]!;
  // Spread over two years up to the end of October 2026, one lead every ~10 minutes.
  const createdAt = new Date(Date.UTC(2026, 10, 1) - (total - index) * 631_000).toISOString();
  return {
    id: crypto.randomUUID(),
    form_id: null,
    name: `${first} ${last}`,
    email: `lead${index}@example${index % 97}.com`,
    phone: index % 3 ? `+1 555 ${String(index).padStart(6, "0")}` : null,
    company: companies[index % companies.length] ?? null,
    message: "I would like to hear about paid ads for our shop.",
    source: sources[index % sources.length]!,
    status: statuses[Math.floor(index / 3) % statuses.length]!,
    utm_source: index % 4 === 0 ? "google" : null,
    utm_medium: index % 4 === 0 ? "cpc" : null,
    utm_campaign: index % 4 === 0 ? "winter" : null,
    page_url: "https://agency.example/contact",
    referrer: null,
    browser_info: null,
    ip_address: null,
    is_spam: index % 100 === 0,
    spam_reason: index % 100 === 0 ? "honeypot" : null,
    created_at: createdAt,
    updated_at: createdAt,
  };
}

type LeadExtras = (index: number) => Partial<Insertable<LeadsTable>>;

/**
 * Inserts `total` leads spread over two years, the way a busy site collects them; `extras` adds
 * columns a bench needs (owners, follow-ups, campaigns, landing pages). Returns the milliseconds it took.
 */
export async function seedLeads(db: Database, total: number, extras?: LeadExtras) {
  const started = performance.now();
  for (let start = 0; start < total; start += ROWS_PER_TRANSACTION) {
    await db.transaction().execute(async (trx) => {
      for (let batch = start; batch < Math.min(total, start + ROWS_PER_TRANSACTION); batch += ROWS_PER_INSERT) {
        const rows = Array.from({ length: Math.min(ROWS_PER_INSERT, total - batch) }, (_, i) =>
          extras ? { ...leadRow(batch + i, total), ...extras(batch + i) } : leadRow(batch + i, total),
        );
        await trx.insertInto("leads").values(rows).execute();
      }
    });
  }
  return performance.now() - started;
}
