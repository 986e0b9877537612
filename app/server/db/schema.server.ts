import type { ColumnType, Generated, Kysely, Selectable } from "kysely";
import type { ClientStatus } from "~/lib/schemas/clients";
import type { PublishStatus } from "~/lib/schemas/content";
import type { FormStatus, FormType } from "~/lib/schemas/forms";
import type { LeadStatus } from "~/lib/schemas/lead-admin";
import type { WebhookFormat } from "~/lib/schemas/webhooks";

/** ISO-8601 text on SQLite; timestamptz on PostgreSQL, read back as ISO text by the pg type parser. */
type Timestamp = ColumnType<string, string, string>;
/** JSON text on SQLite, jsonb on PostgreSQL: read it through `fromJson`, write it with `toJson`. */
type Json = ColumnType<unknown, string, string>;
/** 0/1 on SQLite, boolean on PostgreSQL: read it through `fromBool`. */
type Bool = ColumnType<boolean | number, boolean, boolean>;

export interface LeadsTable {
  id: string;
  form_id: string | null;
  name: string;
  email: string;
  phone: string | null;
  company: string | null;
  message: string | null;
  source: string;
  status: LeadStatus;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  page_url: string | null;
  referrer: string | null;
  browser_info: Json | null;
  ip_address: string | null;
  is_spam: Bool;
  spam_reason: string | null;
  /** The path the visit began on (from the visit cookie), for the funnel by landing page. */
  landing_path: ColumnType<string | null, string | null | undefined, string | null>;
  owner_id: Generated<string | null>;
  next_follow_up_at: ColumnType<string | null, string | null | undefined, string | null>;
  follow_up_note: Generated<string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The identity a returning enquiry is matched on (migration 0027): see leads/identity.server.ts. */
  email_normalized: ColumnType<string | null, string | null | undefined, string | null>;
  /** Null when the phone typed is not a valid number: kept as typed, never matched. */
  phone_e164: ColumnType<string | null, string | null | undefined, string | null>;
  enquiries: Generated<number>;
  last_enquiry_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One lead merged into another (migration 0027): what it was and which rows moved, for an unmerge. */
export interface LeadMergesTable {
  id: string;
  survivor_id: string;
  merged_id: string;
  merged_email_normalized: string | null;
  merged_lead: Json;
  survivor_before: Json;
  survivor_after: Json;
  moved: Json;
  actor_id: string | null;
  actor_email: string | null;
  created_at: Timestamp;
  undone_at: Timestamp | null;
}

export interface SavedViewsTable {
  id: string;
  user_id: string;
  screen: string;
  name: string;
  /** The list's query string, without paging. */
  query: string;
  created_at: Timestamp;
}

export interface StaffPreferencesTable {
  user_id: string;
  table_columns: ColumnType<unknown, string | undefined, string>;
  digest_opt_out: ColumnType<boolean | number, boolean | undefined, boolean>;
  last_digest_on: ColumnType<string | null, string | null | undefined, string | null>;
  updated_at: Timestamp;
}

export interface LeadAssignmentCursorTable {
  id: number;
  position: number;
}

export interface LeadNotesTable {
  id: string;
  lead_id: string;
  author_id: string | null;
  author_email: string | null;
  body: string;
  created_at: Timestamp;
}

export interface LeadStatusChangesTable {
  id: string;
  lead_id: string;
  from_status: LeadStatus | null;
  to_status: LeadStatus;
  actor_id: string | null;
  actor_email: string | null;
  created_at: Timestamp;
}

export interface FormsTable {
  id: string;
  name: string;
  description: string | null;
  form_type: FormType;
  status: FormStatus;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface FormSubmissionsTable {
  id: string;
  form_id: string | null;
  lead_id: string | null;
  data: Json;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  ip_address: string | null;
  user_agent: string | null;
  created_at: Timestamp;
  page_url: ColumnType<string | null, string | null | undefined, string | null>;
  landing_path: ColumnType<string | null, string | null | undefined, string | null>;
  referrer: ColumnType<string | null, string | null | undefined, string | null>;
  /** The name, e-mail, phone and company typed with this enquiry (JSON). */
  contact: ColumnType<unknown, string | null | undefined, string | null>;
  /** The advertising consent sent with this enquiry; null on enquiries from before it was kept. */
  ad_user_data: ColumnType<boolean | number | null, boolean | null | undefined, boolean | null>;
  ad_personalization: ColumnType<boolean | number | null, boolean | null | undefined, boolean | null>;
  /** The ad click ids of the visit this enquiry came from, as far as its consent allowed (JSON). */
  ad_clicks: ColumnType<unknown, string | null | undefined, string | null>;
  /** Made after its lead, whose lead is not spam: kept by triggers, never written by the app. */
  counts_as_returning: ColumnType<boolean | number, never, never>;
}

export interface AnalyticsEventsTable {
  id: string;
  event_type: string;
  page_url: string | null;
  user_agent: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  properties: Json | null;
  /** The first page view of a visit (a browser session), never a bot's: what the funnel counts. */
  visit_start: ColumnType<boolean | number, boolean | undefined, boolean>;
  landing_path: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}

/** Daily funnel counts of leads (UTC days, spam left out), kept by triggers on leads (migration 0019). */
type LeadFunnelCounts = {
  day: string;
  leads: number;
  qualified: number;
  clients: number;
  /** Leads with at least one booking (migration 0022). */
  booked: ColumnType<number, number | undefined, number>;
};
export type LeadCampaignDaysTable = LeadFunnelCounts & { utm_campaign: string; utm_source: string; utm_medium: string };
export type LeadLandingDaysTable = LeadFunnelCounts & { landing_path: string };

export interface VisitDaysTable {
  day: string;
  utm_campaign: string;
  utm_source: string;
  utm_medium: string;
  landing_path: string;
  visits: number;
}

export interface ConsentRecordsTable {
  id: string;
  analytics: Bool;
  marketing: Bool;
  policy_version: number;
  global_privacy_control: Bool;
  created_at: Timestamp;
}

export interface PricingPlansTable {
  id: string;
  plan_type: string;
  title: string;
  price_usd: number;
  price_inr: number;
  original_price_usd: number | null;
  original_price_inr: number | null;
  subtitle: string | null;
  description: string | null;
  features: Json;
  winter_discount: number;
  is_popular: Bool;
  is_active: Bool;
  cta_text: string;
  display_order: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  updated_by: string | null;
}

export interface PricingContentTable {
  id: string;
  section_key: string;
  is_active: Bool;
  title: string;
  content: Json;
  created_at: Timestamp;
  updated_at: Timestamp;
  updated_by: string | null;
}

export interface SiteSettingsTable {
  key: string;
  /** JSON text on both dialects, so one value column holds strings, lists and objects alike. */
  value: string;
  updated_by: string | null;
  updated_at: Timestamp;
}

export interface UserRolesTable {
  user_id: string;
  role: string;
  created_at: Timestamp;
}

export interface PagesTable {
  id: string;
  title: string;
  slug: string;
  meta_description: string | null;
  content: string;
  status: PublishStatus;
  created_at: Timestamp;
  updated_at: Timestamp;
  published_at: Timestamp | null;
  created_by: string | null;
  updated_by: string | null;
}

export interface BlogPostsTable {
  id: string;
  title: string;
  slug: string;
  excerpt: string | null;
  content: string;
  featured_image_url: string | null;
  meta_title: string | null;
  meta_description: string | null;
  meta_keywords: string | null;
  category: string | null;
  tags: Json;
  author_name: string | null;
  status: PublishStatus;
  published_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  created_by: string | null;
  updated_by: string | null;
}

export interface ClientsTable {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  company: string | null;
  address: string | null;
  status: ClientStatus;
  lead_id: string | null;
  owner_id: Generated<string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AuditLogsTable {
  id: string;
  actor_id: string | null;
  actor_email: string | null;
  action: string;
  entity_type: string;
  entity_id: string | null;
  summary: Json | null;
  created_at: Timestamp;
}

export type OutboxStatus = "queued" | "sending" | "sent" | "failed";

export interface EmailOutboxTable {
  id: string;
  lead_id: string | null;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  status: OutboxStatus;
  attempts: Generated<number>;
  last_error: string | null;
  next_attempt_at: Timestamp;
  locked_until: Timestamp | null;
  sent_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The booking a mail is about (an invitation, a reminder), so that moving the booking can withdraw it. */
  booking_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** An iCalendar invitation attached to the mail as text/calendar. */
  calendar: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface WebhookEndpointsTable {
  id: string;
  url: string;
  description: string | null;
  /** The event types it receives: a JSON array. */
  events: Json;
  include_spam: Bool;
  format: WebhookFormat;
  status: "active" | "paused";
  paused_reason: string | null;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: Timestamp | null;
  failing_since: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WebhookEventsTable {
  id: string;
  type: string;
  /** The JSON body exactly as it is signed and sent. */
  body: string;
  is_spam: Bool;
  released_from_spam: Bool;
  lead_id: string | null;
  email: string | null;
  dispatched_at: Timestamp | null;
  created_at: Timestamp;
}

export type WebhookDeliveryStatus = "queued" | "sending" | "delivered" | "failed";

export interface WebhookDeliveriesTable {
  id: string;
  event_id: string;
  endpoint_id: string;
  event_type: string;
  is_test: Bool;
  status: WebhookDeliveryStatus;
  attempts: Generated<number>;
  final_attempt: Bool;
  next_attempt_at: Timestamp;
  locked_until: Timestamp | null;
  last_status_code: number | null;
  last_error: string | null;
  delivered_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WebhookDeliveryAttemptsTable {
  id: string;
  delivery_id: string;
  attempted_at: Timestamp;
  status_code: number | null;
  duration_ms: number;
  response_body: string | null;
  error: string | null;
  delivered: Bool;
}

export interface SeedRunsTable {
  name: string;
  ran_at: Timestamp;
}

/** better-auth's tables, as its snake_case casing names them. */
export interface UserTable {
  id: string;
  name: string;
  email: string;
  email_verified: Bool;
  image: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  two_factor_enabled: Bool | null;
  disabled: Bool | null;
}

export interface SessionTable {
  id: string;
  expires_at: Timestamp;
  token: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  ip_address: string | null;
  user_agent: string | null;
  user_id: string;
}

export interface AccountTable {
  id: string;
  account_id: string;
  provider_id: string;
  user_id: string;
  password: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TwoFactorTable {
  id: string;
  user_id: string;
  secret: string;
  backup_codes: string;
  verified: Bool | null;
}

export interface TwoFactorUsedCodesTable {
  user_id: string;
  code: string;
  used_at: Timestamp;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  window_start: number;
}

export interface AppSecretsTable {
  name: string;
  value: string;
  created_at: Timestamp;
}

export interface PageCacheVersionTable {
  id: number;
  version: number;
}

export type MeetingKind = "phone" | "video" | "office";
export type BookingStatus = "booked" | "rescheduled" | "cancelled" | "completed" | "no_show";

export interface StaffAvailabilityTable {
  user_id: string;
  time_zone: string;
  weekly: Json;
  date_overrides: Json;
  call_minutes: number;
  buffer_before_minutes: number;
  buffer_after_minutes: number;
  min_notice_minutes: number;
  horizon_days: number;
  max_per_day: number | null;
  meeting_kind: MeetingKind;
  meeting_detail: string | null;
  calendar_url: string | null;
  calendar_checked_at: ColumnType<string | null, string | null | undefined, string | null>;
  calendar_error: string | null;
  feed_token: string | null;
  updated_at: Timestamp;
}

export interface BookingsTable {
  id: string;
  lead_id: string;
  staff_id: string;
  starts_at: Timestamp;
  ends_at: Timestamp;
  buffer_before_minutes: number;
  buffer_after_minutes: number;
  visitor_time_zone: string;
  staff_time_zone: string;
  status: BookingStatus;
  sequence: number;
  visitor_name: string;
  visitor_email: string;
  meeting_kind: MeetingKind;
  meeting_detail: string | null;
  utm_campaign: string | null;
  landing_path: string | null;
  estimate: Json | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BookingSlotClaimsTable {
  staff_id: string;
  granule: number;
  booking_id: string;
}

export interface BookingDayClaimsTable {
  staff_id: string;
  day: string;
  place: number;
  booking_id: string;
}

export interface StaffBusyTimesTable {
  user_id: string;
  starts_at: Timestamp;
  ends_at: Timestamp;
}

/** Who runs a deployment's once-only background work, until when (epoch milliseconds). */
export interface BackgroundLeasesTable {
  name: string;
  holder: string;
  expires_ms: number;
}

export interface ApiKeysTable {
  id: string;
  user_id: string;
  name: string;
  prefix: string;
  key_hash: string;
  read_only: Bool;
  areas: Json;
  expires_at: Timestamp;
  last_used_at: Timestamp | null;
  reminded_at: Timestamp | null;
  created_at: Timestamp;
}

export interface ApiIdempotencyTable {
  key_id: string;
  idempotency_key: string;
  request: string;
  status: number | null;
  body: string | null;
  created_at: Timestamp;
}

/** One ad platform's connection: encrypted credentials and the plain settings (stages, account, address). */
export interface AdConnectionsTable {
  platform: string;
  credentials: string;
  settings: Json;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A lead's ad click ids (first and last touch) and the advertising consent it came with. */
export interface LeadAdSignalsTable {
  lead_id: string;
  first_clicks: Json;
  last_clicks: Json;
  ad_user_data: Bool;
  ad_personalization: Bool;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One conversion (or its retraction) for one platform; the id is stable per (platform, lead, stage, kind). */
export interface AdConversionsTable {
  id: string;
  lead_id: string;
  platform: string;
  stage: string;
  kind: string;
  occurred_at: Timestamp;
  status: string;
  attempts: Generated<number>;
  final_attempt: Bool;
  next_attempt_at: Timestamp;
  locked_until: Timestamp | null;
  last_status_code: number | null;
  last_error: string | null;
  last_request: string | null;
  last_response: string | null;
  sent_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface DB {
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  two_factor: TwoFactorTable;
  two_factor_used_codes: TwoFactorUsedCodesTable;
  rate_limits: RateLimitsTable;
  app_secrets: AppSecretsTable;
  leads: LeadsTable;
  lead_notes: LeadNotesTable;
  lead_merges: LeadMergesTable;
  lead_status_changes: LeadStatusChangesTable;
  forms: FormsTable;
  form_submissions: FormSubmissionsTable;
  analytics_events: AnalyticsEventsTable;
  visit_days: VisitDaysTable;
  lead_campaign_days: LeadCampaignDaysTable;
  lead_landing_days: LeadLandingDaysTable;
  consent_records: ConsentRecordsTable;
  pricing_plans: PricingPlansTable;
  pricing_content: PricingContentTable;
  site_settings: SiteSettingsTable;
  user_roles: UserRolesTable;
  pages: PagesTable;
  blog_posts: BlogPostsTable;
  clients: ClientsTable;
  audit_logs: AuditLogsTable;
  email_outbox: EmailOutboxTable;
  seed_runs: SeedRunsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_delivery_attempts: WebhookDeliveryAttemptsTable;
  page_cache_version: PageCacheVersionTable;
  saved_views: SavedViewsTable;
  staff_preferences: StaffPreferencesTable;
  lead_assignment_cursor: LeadAssignmentCursorTable;
  background_leases: BackgroundLeasesTable;
  staff_availability: StaffAvailabilityTable;
  bookings: BookingsTable;
  booking_slot_claims: BookingSlotClaimsTable;
  booking_day_claims: BookingDayClaimsTable;
  staff_busy_times: StaffBusyTimesTable;
  api_keys: ApiKeysTable;
  api_idempotency: ApiIdempotencyTable;
  ad_connections: AdConnectionsTable;
  lead_ad_signals: LeadAdSignalsTable;
  ad_conversions: AdConversionsTable;
}

export type Database = Kysely<DB>;
export type Row<T extends keyof DB> = Selectable<DB[T]>;
