import type { BookingStatus, Database } from "../db/schema.server";

export async function listLeadBookings(db: Database, leadId: string) {
  return db.selectFrom("bookings").selectAll().where("lead_id", "=", leadId).orderBy("starts_at", "desc").execute();
}

export type AgendaFilters = { fromIso: string; toIso: string; staffId: string | null; status: BookingStatus | null };

/** The calls starting in a span, with who takes them and the lead's name, in time order. */
export async function listAgenda(db: Database, filters: AgendaFilters) {
  let query = db
    .selectFrom("bookings")
    .innerJoin("user", "user.id", "bookings.staff_id")
    .select([
      "bookings.id",
      "bookings.lead_id",
      "bookings.starts_at",
      "bookings.ends_at",
      "bookings.status",
      "bookings.visitor_name",
      "bookings.visitor_email",
      "bookings.visitor_time_zone",
      "bookings.utm_campaign",
      "user.name as staff_name",
      "user.email as staff_email",
    ])
    .where("bookings.starts_at", ">=", filters.fromIso)
    .where("bookings.starts_at", "<", filters.toIso);
  if (filters.staffId) query = query.where("bookings.staff_id", "=", filters.staffId);
  if (filters.status) query = query.where("bookings.status", "=", filters.status);
  return query.orderBy("bookings.starts_at").limit(500).execute();
}
