import type { Kysely } from "kysely";
import { type Migration, type MigrationProvider, type MigrationResultSet, Migrator } from "kysely/migration";
import * as initial from "./migrations/0001-initial.server";
import * as staffAccess from "./migrations/0002-staff-access.server";
import * as leadWork from "./migrations/0003-lead-work.server";
import * as crm from "./migrations/0004-crm.server";
import * as leadSearchAtCommit from "./migrations/0005-lead-search-at-commit.server";
import * as outboxUnnoted from "./migrations/0006-outbox-unnoted.server";
import * as leadsSupersededIndexes from "./migrations/0007-leads-superseded-indexes.server";
import * as webhooks from "./migrations/0009-webhooks.server";
import * as backgroundLeases from "./migrations/0010-background-leases.server";
import * as pageCacheVersion from "./migrations/0011-page-cache-version.server";
import * as leadWorkspace from "./migrations/0012-lead-workspace.server";
import * as consentFunnel from "./migrations/0013-consent-funnel.server";
import * as secureDelete from "./migrations/0014-secure-delete.server";
import * as auditLogScreen from "./migrations/0015-audit-log-screen.server";
import * as bookings from "./migrations/0016-bookings.server";
import * as leadListOrders from "./migrations/0018-lead-list-orders.server";
import * as leadFunnelDays from "./migrations/0019-lead-funnel-days.server";
import * as bookingTimeIndexes from "./migrations/0021-booking-time-indexes.server";
import * as funnelCallsBooked from "./migrations/0022-funnel-calls-booked.server";
import * as leadNameWalk from "./migrations/0023-lead-name-walk.server";
import * as leadDayCounts from "./migrations/0024-lead-day-counts.server";
import * as leadIdentity from "./migrations/0027-lead-identity.server";
import * as adConversions from "./migrations/0028-ad-conversions.server";
import * as apiKeys from "./migrations/0029-api-keys.server";
import * as outboxMailboxDay from "./migrations/0030-outbox-mailbox-day.server";
import * as submissionConsent from "./migrations/0031-submission-consent.server";
import * as submissionClickIds from "./migrations/0032-submission-click-ids.server";
import * as returningEnquiries from "./migrations/0033-returning-enquiries.server";
import * as submissionLeadIndex from "./migrations/0034-submission-lead-index.server";

// Listed in code, not read from a folder, so the bundled server carries its migrations with it.
const migrations: Record<string, Migration> = {
  "0001-initial": initial,
  "0002-staff-access": staffAccess,
  "0003-lead-work": leadWork,
  "0004-crm": crm,
  "0005-lead-search-at-commit": leadSearchAtCommit,
  "0006-outbox-unnoted": outboxUnnoted,
  "0007-leads-superseded-indexes": leadsSupersededIndexes,
  "0009-webhooks": webhooks,
  "0010-background-leases": backgroundLeases,
  "0011-page-cache-version": pageCacheVersion,
  "0012-lead-workspace": leadWorkspace,
  "0013-consent-funnel": consentFunnel,
  "0014-secure-delete": secureDelete,
  "0015-audit-log-screen": auditLogScreen,
  "0016-bookings": bookings,
  "0018-lead-list-orders": leadListOrders,
  "0019-lead-funnel-days": leadFunnelDays,
  "0021-booking-time-indexes": bookingTimeIndexes,
  "0022-funnel-calls-booked": funnelCallsBooked,
  "0023-lead-name-walk": leadNameWalk,
  "0024-lead-day-counts": leadDayCounts,
  "0027-lead-identity": leadIdentity,
  "0028-ad-conversions": adConversions,
  "0029-api-keys": apiKeys,
  "0030-outbox-mailbox-day": outboxMailboxDay,
  "0031-submission-consent": submissionConsent,
  "0032-submission-click-ids": submissionClickIds,
  "0033-returning-enquiries": returningEnquiries,
  "0034-submission-lead-index": submissionLeadIndex,
};

export const migrationNames = Object.keys(migrations);

const provider: MigrationProvider = {
  async getMigrations() {
    return migrations;
  },
};

/**
 * Migration numbers are handed out before branches land, so one may land after a higher number has
 * already run on a database (0030 after 0031 and 0032): it runs on the next start instead of the
 * migrator refusing the whole list. Each migration stands on its own, whatever order they run in.
 */
const order = { allowUnorderedMigrations: true };

export class MigrationError extends Error {
  override name = "MigrationError";
}

// biome-ignore lint/suspicious/noExplicitAny: migrations work on any schema, including an empty one.
export async function migrateToLatest(db: Kysely<any>) {
  return migrated(await new Migrator({ db, provider, ...order }).migrateToLatest());
}

/** Up to and including `lastName` (a database as an older release left it, for upgrade tests and benches). */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on any schema, including an empty one.
export async function migrateUpTo(db: Kysely<any>, lastName: string) {
  return migrated(await new Migrator({ db, provider, ...order }).migrateTo(lastName));
}

function migrated({ error, results }: MigrationResultSet) {
  if (error) {
    const failed = results?.find((result) => result.status === "Error");
    throw new MigrationError(
      `Migration ${failed?.migrationName ?? "(unknown)"} failed: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  return (results ?? []).filter((result) => result.status === "Success").map((result) => result.migrationName);
}
