import { expect } from "vitest";
import type { Role } from "~/lib/roles";
import { apiKeyCreateSchema } from "~/lib/schemas/api-keys";
import { createApiKey } from "~/server/api-keys/api-keys.server";
import { createBookingFeed } from "~/server/bookings/staff-feed.server";
import type { Database } from "~/server/db/schema.server";
import { newId } from "~/server/db/values.server";
import { getAgencyCountry } from "~/server/leads/identity.server";
import { addLeadNote } from "~/server/leads/leads.server";
import { mergeLeads } from "~/server/leads/merge.server";
import { getLeadAssignment, saveLeadAssignment } from "~/server/leads/owners.server";
import { getSettings, updateSettings } from "~/server/settings/settings.server";
import { getAgencyTimeZone } from "~/server/settings/time-zone.server";
import { createStaffUser } from "~/server/users/staff-users.server";
import { getPreferences } from "~/server/workspace/preferences.server";
import { saveView } from "~/server/workspace/saved-views.server";
import { bookingRow, insertFailedMail, insertLead } from "../support/admin-fixtures";
import { makePng } from "../support/files";
import { passwordHashOf } from "../support/staff";
import { totp } from "../support/totp";

/**
 * Who may do what in the admin, as data: every screen (page and data request) and every action with a
 * real intent. A new admin route gets a row here and is then checked for anonymous visitors, admins,
 * sales and editors on both databases by staff-access.test.ts.
 */

export type Visitor = "anonymous" | Role;
export const visitors: readonly Visitor[] = ["anonymous", "admin", "sales", "editor"];

/** What a row's setup and checks get to work with. */
export type MatrixContext = {
  db: Database;
  /** A unique word for names, slugs and addresses, so rows never meet each other's data. */
  unique: string;
  /** Posts as the admin of the shared session (used to create what a row acts on, through the app). */
  adminPost(path: string, fields: Record<string, string>): Promise<Response>;
  /** Signs a user in (from an address of its own, so sign-in limits never meet); returns the Cookie header. */
  signIn(email: string, password: string): Promise<string>;
  /** Posts as the fresh user of an `ownAccount` row (before the visitor acts), keeping its session. */
  actorPost(path: string, fields: Record<string, string>): Promise<Response>;
  /** The e-mail address of the user acting (a fresh user for `ownAccount` rows; empty for anonymous). */
  actorEmail: string;
};

type Fixture = Record<string, string>;

export type ScreenRow = {
  /** The address, or how to make it from the row's setup. */
  path: string | ((fx: Fixture) => string);
  allowed: readonly Role[];
  setup?: (ctx: MatrixContext) => Promise<Fixture>;
  /** What an allowed role's page must contain (its title, usually). */
  marker: string | ((fx: Fixture) => string);
  /** The status an allowed role gets (200 unless the screen itself answers otherwise). */
  status?: number;
  /** A resource route (file download, JSON): no `.data` request to check. */
  resource?: boolean;
};

export type ActionRow = {
  /** How the row is named in the test output. */
  name: string;
  path: string | ((fx: Fixture) => string);
  allowed: readonly Role[];
  setup?: (ctx: MatrixContext) => Promise<Fixture>;
  /** The request body: form fields, or a multipart form. */
  body: (fx: Fixture, ctx: MatrixContext) => Record<string, string> | URLSearchParams | FormData;
  /** The status an allowed role gets, and where a redirect leads. */
  status: number;
  location?: string;
  /** Reads the state the action changes. Refused visitors must leave it exactly as it was. */
  observe: (ctx: MatrixContext, fx: Fixture) => Promise<unknown>;
  /** What `observe` reads after an allowed role acted (it must also differ from what it read before). */
  expected: (fx: Fixture, ctx: MatrixContext, before: unknown) => unknown;
  /** Checks the answer itself (a download's content), for allowed roles. */
  response?: (response: Response, fx: Fixture) => Promise<void>;
  /** What an allowed role's action made possible, tried afterwards (signing in with a new password). */
  after?: (ctx: MatrixContext, fx: Fixture) => Promise<void>;
  /** Acts on the actor's own account: each visitor signs in as a fresh user of its role for it. */
  ownAccount?: boolean;
};

export type IntentRoute = { path: string | ((fx: Fixture) => string); allowedRole: Role; setup?: ActionRow["setup"] };

const resolve = (path: string | ((fx: Fixture) => string), fx: Fixture) => (typeof path === "string" ? path : path(fx));
export const pathOf = resolve;

const staffAndEditors: Role[] = ["admin", "editor"];
const staffAndSales: Role[] = ["admin", "sales"];
const everyone: Role[] = ["admin", "sales", "editor"];
const adminOnly: Role[] = ["admin"];

// ---- what rows act on, created through the app as an admin would ------------------------------------

async function createdId(
  response: Response,
  what: string,
  status: 200 | 302,
  find: () => Promise<{ id: string } | undefined>,
) {
  expect(response.status, `creating ${what}`).toBe(status);
  const row = await find();
  if (!row) throw new Error(`${what} was not created`);
  return row.id;
}

async function pageFixture(ctx: MatrixContext, status = "draft"): Promise<Fixture> {
  const slug = `matrix-page-${ctx.unique}`;
  const response = await ctx.adminPost("/admin/pages/new", {
    title: `Page ${ctx.unique}`,
    slug,
    content: "# Hello",
    status,
  });
  const id = await createdId(response, "page", 302, () =>
    ctx.db.selectFrom("pages").select("id").where("slug", "=", slug).executeTakeFirst(),
  );
  return { id, slug };
}

async function postFixture(ctx: MatrixContext): Promise<Fixture> {
  const slug = `matrix-post-${ctx.unique}`;
  const response = await ctx.adminPost("/admin/blog", {
    intent: "save",
    title: `Post ${ctx.unique}`,
    slug,
    content: "Words",
    status: "draft",
  });
  const id = await createdId(response, "post", 200, () =>
    ctx.db.selectFrom("blog_posts").select("id").where("slug", "=", slug).executeTakeFirst(),
  );
  return { id, slug };
}

async function planFixture(ctx: MatrixContext): Promise<Fixture> {
  const title = `Plan ${ctx.unique}`;
  const response = await ctx.adminPost("/admin/pricing", {
    intent: "save-plan",
    planType: "paid_ads",
    title,
    priceUsd: "100",
    priceInr: "8000",
    isActive: "true",
  });
  const id = await createdId(response, "plan", 200, () =>
    ctx.db.selectFrom("pricing_plans").select("id").where("title", "=", title).executeTakeFirst(),
  );
  return { id, title };
}

async function formFixture(ctx: MatrixContext): Promise<Fixture> {
  const name = `Form ${ctx.unique}`;
  const response = await ctx.adminPost("/admin/forms", {
    intent: "create",
    name,
    description: "",
    formType: "lead",
    status: "active",
  });
  const id = await createdId(response, "form", 302, () =>
    ctx.db.selectFrom("forms").select("id").where("name", "=", name).executeTakeFirst(),
  );
  return { formId: id, name };
}

async function clientFixture(ctx: MatrixContext): Promise<Fixture> {
  const name = `Client ${ctx.unique}`;
  const response = await ctx.adminPost("/admin/clients", { intent: "create", name, status: "active" });
  const id = await createdId(response, "client", 302, () =>
    ctx.db.selectFrom("clients").select("id").where("name", "=", name).executeTakeFirst(),
  );
  return { clientId: id, name };
}

async function userFixture(ctx: MatrixContext, role: Role = "sales"): Promise<Fixture> {
  const email = `target-${ctx.unique}@example.com`;
  const response = await ctx.adminPost("/admin/users", {
    intent: "create",
    email,
    password: "target-password-1",
    role,
  });
  const userId = await createdId(response, "user", 200, () =>
    ctx.db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirst(),
  );
  return { userId, email };
}

async function leadFixture(ctx: MatrixContext, options: { isSpam?: boolean } = {}): Promise<Fixture> {
  const email = `lead-${ctx.unique}@example.com`;
  return { leadId: await insertLead(ctx.db, { email, ...options }), email };
}

const leadOf = (ctx: MatrixContext, leadId: string) =>
  ctx.db
    .selectFrom("leads")
    .select(["name", "status", "is_spam"])
    .where("id", "=", leadId)
    .executeTakeFirst()
    .then((lead) => (lead ? { name: lead.name, status: lead.status, spam: Boolean(lead.is_spam) } : null));

const countWhere = async (ctx: MatrixContext, table: "leads" | "audit_logs", column: string, value: string) => {
  const rows = await ctx.db
    .selectFrom(table)
    .select("id")
    .where(column as never, "=", value as never)
    .execute();
  return rows.length;
};

/** A retention period (1–120 months) that differs from case to case. */
const matrixMonths = (ctx: MatrixContext) => String((Number(ctx.unique.replace(/\D/g, "").slice(-2) || "0") % 120) + 1);

const settingOf = async (ctx: MatrixContext, key: string) => (await getSettings(ctx.db, [key]))[key] ?? null;

const sessionsOf = async (ctx: MatrixContext, email: string) => {
  const user = await ctx.db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirst();
  if (!user) return null;
  return (await ctx.db.selectFrom("session").select("id").where("user_id", "=", user.id).execute()).length;
};

const twoFactorOf = async (ctx: MatrixContext, email: string) => {
  const user = await ctx.db
    .selectFrom("user")
    .select(["id", "two_factor_enabled"])
    .where("email", "=", email)
    .executeTakeFirst();
  if (!user) return null;
  const secrets = await ctx.db.selectFrom("two_factor").select("id").where("user_id", "=", user.id).execute();
  return { enabled: Boolean(user.two_factor_enabled), secrets: secrets.length };
};

/** Starts two-factor enrolment for the acting user, as the Settings screen does; returns the secret. */
async function startTwoFactor(ctx: MatrixContext): Promise<Fixture> {
  const response = await ctx.actorPost("/admin/settings", { intent: "enable-2fa", password: "own-password-1" });
  expect(response.status).toBe(200);
  const totpUri = /name="totpUri" value="([^"]+)"/.exec(await response.text())?.[1]?.replaceAll("&amp;", "&");
  if (!totpUri) throw new Error("the enrolment shows no authenticator address");
  const secret = new URL(totpUri).searchParams.get("secret");
  if (!secret) throw new Error(`no secret in ${totpUri}`);
  return { totpUri, secret };
}

function uploadForm(bucket: string, prefix: string) {
  const form = new FormData();
  form.set("bucket", bucket);
  form.set("prefix", prefix);
  form.set("file", new Blob([makePng()], { type: "image/png" }), "picture.png");
  return form;
}

/** The id of a signed-in staff member (the shared admin owns what assign rows hand out). */
const userIdOf = async (ctx: MatrixContext, email: string) =>
  (await ctx.db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;

const ownerOfLead = async (ctx: MatrixContext, leadId: string) =>
  (await ctx.db.selectFrom("leads").select("owner_id").where("id", "=", leadId).executeTakeFirst())?.owner_id ?? null;

/** Two leads for a bulk change, sent as the list sends a selection (one `ids` field each). */
async function twoLeads(ctx: MatrixContext, options: { isSpam?: boolean } = {}): Promise<Fixture> {
  const first = await insertLead(ctx.db, { email: `bulk-a-${ctx.unique}@example.com`, ...options });
  const second = await insertLead(ctx.db, { email: `bulk-b-${ctx.unique}@example.com`, ...options });
  return { first, second, ownerId: await userIdOf(ctx, "admin@example.com") };
}

function bulkBody(fx: Fixture, fields: Record<string, string>) {
  const form = new URLSearchParams({ ...fields, scope: "selected" });
  form.append("ids", fx.first!);
  form.append("ids", fx.second!);
  return form;
}

const bothLeads = async (ctx: MatrixContext, fx: Fixture) =>
  Promise.all(
    [fx.first!, fx.second!].map(async (id) => ({ ...(await leadOf(ctx, id)), owner: await ownerOfLead(ctx, id) })),
  );

/** A Google connection (sealed credentials it never opens) for the import file's address. */
async function googleConnectionFixture(ctx: MatrixContext): Promise<Fixture> {
  const at = new Date().toISOString();
  await ctx.db
    .insertInto("ad_connections")
    .values({
      platform: "google",
      credentials: "v1.sealed",
      settings: '{"stages":{"lead":"1001"},"apiUrl":null,"customerId":"1234567890","identity":"key"}',
      created_at: at,
      updated_at: at,
    })
    .onConflict((conflict) => conflict.column("platform").doNothing())
    .execute();
  return {};
}

/** A Meta connection on an address where nothing answers, and one conversion of it that failed for good. */
async function adConnectionFixture(ctx: MatrixContext): Promise<Fixture> {
  const config = JSON.stringify({
    datasetId: "123456789",
    accessToken: `fixture-token-${ctx.unique}`,
    stages: { lead: "Lead" },
    apiUrl: "http://127.0.0.1:9",
  });
  const response = await ctx.adminPost("/admin/ad-platforms", { intent: "connect", platform: "meta", config });
  expect(response.status).toBe(200);
  const at = new Date().toISOString();
  const conversionId = `meta.lead.matrix-${ctx.unique}`;
  await ctx.db
    .insertInto("ad_conversions")
    .values({
      id: conversionId,
      lead_id: `matrix-${ctx.unique}`,
      platform: "meta",
      stage: "lead",
      kind: "conversion",
      occurred_at: at,
      status: "failed",
      final_attempt: false,
      next_attempt_at: at,
      locked_until: null,
      last_status_code: 400,
      last_error: "refused",
      last_request: null,
      last_response: null,
      sent_at: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return { conversionId };
}

async function webhookFixture(ctx: MatrixContext): Promise<Fixture> {
  const url = `http://127.0.0.1:9/hook-${ctx.unique}`;
  const response = await ctx.adminPost("/admin/webhooks", { intent: "create", url, events: "lead.created" });
  const endpointId = await createdId(response, "webhook endpoint", 200, () =>
    ctx.db.selectFrom("webhook_endpoints").select("id").where("url", "=", url).executeTakeFirst(),
  );
  return { endpointId, url };
}

/** An endpoint with one delivery that failed for good (written directly: the worker only takes queued ones). */
async function failedDeliveryFixture(ctx: MatrixContext): Promise<Fixture> {
  const fx = await webhookFixture(ctx);
  const at = new Date().toISOString();
  const eventId = newId();
  const deliveryId = newId();
  await ctx.db
    .insertInto("webhook_events")
    .values({
      id: eventId,
      type: "lead.created",
      body: "{}",
      is_spam: false,
      released_from_spam: false,
      lead_id: null,
      email: null,
      dispatched_at: at,
      created_at: at,
    })
    .execute();
  await ctx.db
    .insertInto("webhook_deliveries")
    .values({
      id: deliveryId,
      event_id: eventId,
      endpoint_id: fx.endpointId!,
      event_type: "lead.created",
      is_test: false,
      status: "failed",
      final_attempt: false,
      next_attempt_at: at,
      locked_until: null,
      last_status_code: 500,
      last_error: "HTTP 500",
      delivered_at: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return { ...fx, deliveryId };
}

const endpointOf = async (ctx: MatrixContext, endpointId: string) =>
  ctx.db
    .selectFrom("webhook_endpoints")
    .select(["description", "status", "secret", "previous_secret"])
    .where("id", "=", endpointId)
    .executeTakeFirst();

/** A delivery asked to be sent again gets one final try (the worker may already be sending it). */
const requeuedOf = async (ctx: MatrixContext, deliveryId: string) =>
  Boolean(
    (
      await ctx.db
        .selectFrom("webhook_deliveries")
        .select("final_attempt")
        .where("id", "=", deliveryId)
        .executeTakeFirst()
    )?.final_attempt,
  );

const apiKeysOf = async (ctx: MatrixContext, email: string) =>
  ctx.db
    .selectFrom("api_keys")
    .select("id")
    .where("user_id", "=", await userIdOf(ctx, email))
    .execute();

async function apiKeyFixture(ctx: MatrixContext, email: string) {
  const input = apiKeyCreateSchema.parse({ name: `matrix ${ctx.unique}` });
  return (await createApiKey(ctx.db, await userIdOf(ctx, email), input, { id: null, email: "test" })).id;
}

const preferencesOf = async (ctx: MatrixContext) =>
  ctx.actorEmail ? getPreferences(ctx.db, await userIdOf(ctx, ctx.actorEmail)) : null;

// ---- the screens --------------------------------------------------------------------------------------

export const screenRows: ScreenRow[] = [
  { path: "/admin", allowed: everyone, marker: "<title>Dashboard | Admin</title>" },
  { path: "/admin/dashboard", allowed: everyone, marker: "<title>Dashboard | Admin</title>" },
  { path: "/admin/leads", allowed: staffAndSales, marker: "<title>Leads | Admin</title>" },
  {
    path: (fx) => `/admin/leads/${fx.leadId}`,
    setup: (ctx) => leadFixture(ctx),
    allowed: staffAndSales,
    marker: "<title>Lena Lead | Leads | Admin</title>",
  },
  { path: "/admin/leads/gdpr", allowed: adminOnly, marker: "<title>GDPR tools | Leads | Admin</title>" },
  {
    path: "/admin/leads/export",
    allowed: staffAndSales,
    marker: '"id","created_at","name","email"',
    resource: true,
  },
  { path: "/admin/clients", allowed: staffAndSales, marker: "<title>Clients | Admin</title>" },
  { path: "/admin/bookings", allowed: staffAndSales, marker: "<title>Bookings | Admin</title>" },
  { path: "/admin/pages", allowed: staffAndEditors, marker: "<title>Page Management | Admin</title>" },
  { path: "/admin/pages/new", allowed: staffAndEditors, marker: "<title>New Page | Admin</title>" },
  {
    path: (fx) => `/admin/pages/${fx.id}/edit`,
    setup: (ctx) => pageFixture(ctx),
    allowed: staffAndEditors,
    marker: "<title>Edit Page | Admin</title>",
  },
  {
    path: (fx) => `/admin/pages/${fx.id}/preview`,
    setup: (ctx) => pageFixture(ctx),
    allowed: staffAndEditors,
    marker: "Preview: Page ",
  },
  { path: "/admin/blog", allowed: staffAndEditors, marker: "<title>Blog Management | Admin</title>" },
  {
    path: (fx) => `/admin/blog/${fx.id}/preview`,
    setup: (ctx) => postFixture(ctx),
    allowed: staffAndEditors,
    marker: "Preview: Post ",
  },
  { path: "/admin/forms", allowed: staffAndEditors, marker: "<title>Forms Management | Admin</title>" },
  {
    path: (fx) => `/admin/forms/${fx.formId}/leads`,
    setup: (ctx) => formFixture(ctx),
    allowed: staffAndEditors,
    marker: "<title>Leads from Form ",
  },
  {
    path: (fx) => `/admin/forms/${fx.formId}/submissions`,
    setup: (ctx) => formFixture(ctx),
    allowed: staffAndEditors,
    marker: "<title>Submissions for Form ",
  },
  { path: "/admin/pricing", allowed: adminOnly, marker: "<title>Pricing Management | Admin</title>" },
  { path: "/admin/settings", allowed: everyone, marker: "<title>Settings | Admin</title>" },
  { path: "/admin/api", allowed: everyone, marker: "<title>API reference | Admin</title>", resource: true },
  { path: "/admin/users", allowed: adminOnly, marker: "<title>Users | Admin</title>" },
  { path: "/admin/webhooks", allowed: adminOnly, marker: "<title>Webhooks | Admin</title>" },
  { path: "/admin/ad-platforms", allowed: adminOnly, marker: "<title>Ad platforms | Admin</title>" },
  {
    path: (fx) => `/admin/webhooks/${fx.endpointId}`,
    setup: (ctx) => webhookFixture(ctx),
    allowed: adminOnly,
    marker: "<title>Webhook endpoint | Admin</title>",
  },
  { path: "/admin/audit", allowed: adminOnly, marker: "<title>Audit log | Admin</title>" },
  { path: "/admin/audit/export", allowed: adminOnly, marker: '"created_at","person","action"', resource: true },
  {
    path: (fx) => `/admin/leads/count?q=${encodeURIComponent(fx.email!)}`,
    setup: (ctx) => leadFixture(ctx),
    allowed: staffAndSales,
    marker: '{"count":1,"isLowerBound":false}',
    resource: true,
  },
  {
    path: (fx) => `/admin/leads/export?id=${fx.leadId}`,
    setup: (ctx) => leadFixture(ctx),
    allowed: staffAndSales,
    marker: (fx) => `"${fx.email}"`,
    resource: true,
  },
  // An unknown admin address is simply not found, for every signed-in role: there is nothing to refuse.
  { path: "/admin/no-such-screen", allowed: everyone, marker: "<title>Page not found | Admin</title>", status: 404 },
  {
    path: "/admin/leads/nothing/here",
    allowed: everyone,
    marker: "<title>Page not found | Admin</title>",
    status: 404,
  },
];

// ---- the actions --------------------------------------------------------------------------------------

const page = { status: 200 };

/** One intent of a screen, posted as `{ intent, ...fields }`; an allowed role gets the page back (200) unless said. */
type IntentCase = Omit<ActionRow, "name" | "path" | "allowed" | "body" | "status"> & {
  fields?: (fx: Fixture, ctx: MatrixContext) => Record<string, string>;
  status?: number;
};

/** The rows for intents of one screen, each named "<screen>: <intent>". */
function screenIntents(
  screen: string,
  path: ActionRow["path"],
  allowed: readonly Role[],
  intents: Record<string, IntentCase>,
): ActionRow[] {
  return Object.entries(intents).map(([intent, { fields, status = 200, ...row }]) => ({
    name: `${screen}: ${intent}`,
    path,
    allowed,
    body: (fx, ctx) => ({ intent, ...fields?.(fx, ctx) }),
    status,
    ...row,
  }));
}

export const actionRows: ActionRow[] = [
  // Users (admin only)
  ...screenIntents("users", "/admin/users", adminOnly, {
    create: {
      fields: (_fx, ctx) => ({
        email: `new-${ctx.unique}@example.com`,
        password: "new-password-1",
        role: "editor",
      }),
      observe: async (ctx) =>
        (await ctx.db.selectFrom("user").select("id").where("email", "=", `new-${ctx.unique}@example.com`).execute())
          .length,
      expected: () => 1,
    },
    "set-role": {
      setup: (ctx) => userFixture(ctx),
      fields: (fx) => ({ userId: fx.userId!, role: "editor" }),
      observe: async (ctx, fx) =>
        (await ctx.db.selectFrom("user_roles").select("role").where("user_id", "=", fx.userId!).executeTakeFirst())
          ?.role,
      expected: () => "editor",
    },
    disable: {
      setup: (ctx) => userFixture(ctx),
      fields: (fx) => ({ userId: fx.userId! }),
      observe: async (ctx, fx) =>
        Boolean(
          (await ctx.db.selectFrom("user").select("disabled").where("id", "=", fx.userId!).executeTakeFirst())
            ?.disabled,
        ),
      expected: () => true,
    },
    enable: {
      setup: async (ctx) => {
        const fx = await userFixture(ctx);
        expect((await ctx.adminPost("/admin/users", { intent: "disable", userId: fx.userId! })).status).toBe(200);
        return fx;
      },
      fields: (fx) => ({ userId: fx.userId! }),
      observe: async (ctx, fx) =>
        Boolean(
          (await ctx.db.selectFrom("user").select("disabled").where("id", "=", fx.userId!).executeTakeFirst())
            ?.disabled,
        ),
      expected: () => false,
    },
    "revoke-sessions": {
      setup: async (ctx) => {
        const fx = await userFixture(ctx);
        await ctx.signIn(fx.email!, "target-password-1");
        return fx;
      },
      fields: (fx) => ({ userId: fx.userId! }),
      observe: (ctx, fx) => sessionsOf(ctx, fx.email!),
      expected: () => 0,
    },
    "reset-password": {
      setup: (ctx) => userFixture(ctx),
      fields: (fx) => ({ userId: fx.userId!, password: "another-password-2" }),
      observe: (ctx, fx) => passwordHashOf(ctx.db, fx.email!),
      expected: () => expect.any(String),
      after: async (ctx, fx) => {
        expect(await ctx.signIn(fx.email!, "another-password-2")).toContain("session_token");
      },
    },
    delete: {
      setup: (ctx) => userFixture(ctx),
      fields: (fx) => ({ userId: fx.userId! }),
      observe: async (ctx, fx) =>
        (await ctx.db.selectFrom("user").select("id").where("id", "=", fx.userId!).execute()).length,
      expected: () => 0,
    },
  }),

  // Settings: the site's information and analytics are admin-only, its files admins' and editors', the own account is everyone's
  ...screenIntents("settings", "/admin/settings", adminOnly, {
    "save-site-info": {
      fields: (_fx, ctx) => ({ site_title: `Agency ${ctx.unique}`, site_meta_description: "" }),
      observe: (ctx) => settingOf(ctx, "site_title"),
      expected: (_fx, ctx) => `Agency ${ctx.unique}`,
    },
    "save-analytics": {
      fields: (_fx, ctx) => ({
        google_analytics_id: "",
        facebook_pixel_id: "",
        custom_head_code: `<meta name="matrix" content="${ctx.unique}">`,
      }),
      observe: (ctx) => settingOf(ctx, "custom_head_code"),
      expected: (_fx, ctx) => `<meta name="matrix" content="${ctx.unique}">`,
    },
    "save-privacy": {
      fields: (_fx, ctx) => ({
        consent_banner: "on",
        consent_scope: "required",
        consent_policy_version: "1",
        custom_head_code_category: "marketing",
        retention_events_months: "13",
        retention_consent_months: "13",
        retention_mails_months: matrixMonths(ctx),
      }),
      observe: (ctx) => settingOf(ctx, "retention_mails_months"),
      expected: (_fx, ctx) => matrixMonths(ctx),
    },
  }),
  ...screenIntents("settings", "/admin/settings", staffAndEditors, {
    "remove-file": {
      setup: async (ctx) => {
        const url = `/uploads/logos/header_logo-${Date.now()}${ctx.unique.replace(/\D/g, "").slice(0, 3)}.png`;
        await updateSettings(ctx.db, { header_logo: url }, { id: null, email: "test" });
        return { url };
      },
      fields: () => ({ key: "header_logo" }),
      observe: (ctx) => settingOf(ctx, "header_logo"),
      expected: () => null,
    },
  }),
  {
    name: "settings: change-password (own account)",
    path: "/admin/settings",
    allowed: everyone,
    ownAccount: true,
    body: () => ({
      intent: "change-password",
      currentPassword: "own-password-1",
      newPassword: "own-password-2",
      confirmPassword: "own-password-2",
    }),
    ...page,
    observe: async (ctx) => (ctx.actorEmail ? passwordHashOf(ctx.db, ctx.actorEmail) : null),
    expected: () => expect.any(String),
    after: async (ctx) => {
      expect(await ctx.signIn(ctx.actorEmail, "own-password-2")).toContain("session_token");
    },
  },
  {
    name: "settings: enable-2fa (own account)",
    path: "/admin/settings",
    allowed: everyone,
    ownAccount: true,
    body: () => ({ intent: "enable-2fa", password: "own-password-1" }),
    ...page,
    observe: async (ctx) => (ctx.actorEmail ? twoFactorOf(ctx, ctx.actorEmail) : null),
    // The secret is stored; two-factor is on only once a code confirms it.
    expected: () => ({ enabled: false, secrets: 1 }),
  },

  {
    name: "settings: confirm-2fa (own account)",
    path: "/admin/settings",
    allowed: everyone,
    ownAccount: true,
    setup: async (ctx) => startTwoFactor(ctx),
    body: (fx) => ({ intent: "confirm-2fa", code: totp(fx.secret!), totpUri: fx.totpUri! }),
    ...page,
    observe: async (ctx) => (ctx.actorEmail ? twoFactorOf(ctx, ctx.actorEmail) : null),
    expected: () => ({ enabled: true, secrets: 1 }),
  },
  {
    name: "settings: disable-2fa (own account)",
    path: "/admin/settings",
    allowed: everyone,
    ownAccount: true,
    setup: async (ctx) => {
      const fx = await startTwoFactor(ctx);
      const confirmed = await ctx.actorPost("/admin/settings", {
        intent: "confirm-2fa",
        code: totp(fx.secret!),
        totpUri: fx.totpUri!,
      });
      expect(confirmed.status).toBe(200);
      expect(await twoFactorOf(ctx, ctx.actorEmail)).toEqual({ enabled: true, secrets: 1 });
      return fx;
    },
    body: () => ({ intent: "disable-2fa", password: "own-password-1" }),
    ...page,
    observe: async (ctx) => (ctx.actorEmail ? twoFactorOf(ctx, ctx.actorEmail) : null),
    expected: () => ({ enabled: false, secrets: 0 }),
  },

  // Pages (admin, editor)
  {
    name: "page editor: create",
    path: "/admin/pages/new",
    allowed: staffAndEditors,
    body: (_fx, ctx) => ({
      title: `New ${ctx.unique}`,
      slug: `matrix-new-${ctx.unique}`,
      content: "Hi",
      status: "draft",
    }),
    status: 302,
    location: "/admin/pages",
    observe: async (ctx) =>
      (await ctx.db.selectFrom("pages").select("id").where("slug", "=", `matrix-new-${ctx.unique}`).execute()).length,
    expected: () => 1,
  },
  {
    name: "page editor: update",
    path: (fx) => `/admin/pages/${fx.id}/edit`,
    allowed: staffAndEditors,
    setup: (ctx) => pageFixture(ctx),
    body: (fx) => ({ title: "Renamed", slug: fx.slug!, content: "# Hello", status: "draft" }),
    status: 302,
    location: "/admin/pages",
    observe: async (ctx, fx) =>
      (await ctx.db.selectFrom("pages").select("title").where("id", "=", fx.id!).executeTakeFirst())?.title,
    expected: () => "Renamed",
  },
  ...screenIntents("pages", "/admin/pages", staffAndEditors, {
    "set-status": {
      setup: (ctx) => pageFixture(ctx),
      fields: (fx) => ({ id: fx.id!, status: "published" }),
      observe: async (ctx, fx) =>
        (await ctx.db.selectFrom("pages").select("status").where("id", "=", fx.id!).executeTakeFirst())?.status,
      expected: () => "published",
    },
    delete: {
      setup: (ctx) => pageFixture(ctx),
      fields: (fx) => ({ id: fx.id! }),
      observe: async (ctx, fx) =>
        (await ctx.db.selectFrom("pages").select("id").where("id", "=", fx.id!).execute()).length,
      expected: () => 0,
    },
  }),

  // Blog (admin, editor)
  ...screenIntents("blog", "/admin/blog", staffAndEditors, {
    save: {
      fields: (_fx, ctx) => ({
        title: `Fresh ${ctx.unique}`,
        slug: `matrix-fresh-${ctx.unique}`,
        content: "Text",
        status: "draft",
      }),
      observe: async (ctx) =>
        (await ctx.db.selectFrom("blog_posts").select("id").where("slug", "=", `matrix-fresh-${ctx.unique}`).execute())
          .length,
      expected: () => 1,
    },
    "set-status": {
      setup: (ctx) => postFixture(ctx),
      fields: (fx) => ({ id: fx.id!, status: "published" }),
      observe: async (ctx, fx) =>
        (await ctx.db.selectFrom("blog_posts").select("status").where("id", "=", fx.id!).executeTakeFirst())?.status,
      expected: () => "published",
    },
    delete: {
      setup: (ctx) => postFixture(ctx),
      fields: (fx) => ({ id: fx.id! }),
      observe: async (ctx, fx) =>
        (await ctx.db.selectFrom("blog_posts").select("id").where("id", "=", fx.id!).execute()).length,
      expected: () => 0,
    },
  }),

  // Pricing (admin only)
  ...screenIntents("pricing", "/admin/pricing", adminOnly, {
    "save-plan": {
      setup: (ctx) => planFixture(ctx),
      fields: (fx) => ({
        id: fx.id!,
        planType: "paid_ads",
        title: fx.title!,
        priceUsd: "250",
        priceInr: "20000",
        isActive: "true",
      }),
      observe: async (ctx, fx) =>
        Number(
          (await ctx.db.selectFrom("pricing_plans").select("price_usd").where("id", "=", fx.id!).executeTakeFirst())
            ?.price_usd,
        ),
      expected: () => 250,
    },
    "set-active": {
      setup: (ctx) => planFixture(ctx),
      fields: (fx) => ({ id: fx.id!, isActive: "false" }),
      observe: async (ctx, fx) =>
        Boolean(
          (await ctx.db.selectFrom("pricing_plans").select("is_active").where("id", "=", fx.id!).executeTakeFirst())
            ?.is_active,
        ),
      expected: () => false,
    },
    "delete-plan": {
      setup: (ctx) => planFixture(ctx),
      fields: (fx) => ({ id: fx.id! }),
      observe: async (ctx, fx) =>
        (await ctx.db.selectFrom("pricing_plans").select("id").where("id", "=", fx.id!).execute()).length,
      expected: () => 0,
    },
    "save-content": {
      setup: async (ctx) => {
        const row = await ctx.db
          .selectFrom("pricing_content")
          .select("content")
          .where("section_key", "=", "faq")
          .executeTakeFirstOrThrow();
        return { content: typeof row.content === "string" ? row.content : JSON.stringify(row.content) };
      },
      fields: (fx, ctx) => ({
        sectionKey: "faq",
        title: `FAQ ${ctx.unique}`,
        content: fx.content!,
      }),
      observe: async (ctx) =>
        (await ctx.db.selectFrom("pricing_content").select("title").where("section_key", "=", "faq").executeTakeFirst())
          ?.title,
      expected: (_fx, ctx) => `FAQ ${ctx.unique}`,
    },
  }),

  // Clients (admin, sales)
  {
    name: "clients: create",
    path: "/admin/clients",
    allowed: staffAndSales,
    body: (_fx, ctx) => ({ intent: "create", name: `Acme ${ctx.unique}`, status: "active" }),
    status: 302,
    location: "/admin/clients",
    observe: async (ctx) =>
      (await ctx.db.selectFrom("clients").select("id").where("name", "=", `Acme ${ctx.unique}`).execute()).length,
    expected: () => 1,
  },
  {
    name: "clients: update",
    path: "/admin/clients",
    allowed: staffAndSales,
    setup: (ctx) => clientFixture(ctx),
    body: (fx) => ({
      intent: "update",
      clientId: fx.clientId!,
      name: fx.name!,
      company: "Renamed Ltd",
      status: "active",
    }),
    status: 302,
    location: "/admin/clients",
    observe: async (ctx, fx) =>
      (await ctx.db.selectFrom("clients").select("company").where("id", "=", fx.clientId!).executeTakeFirst())?.company,
    expected: () => "Renamed Ltd",
  },
  {
    name: "clients: set-status",
    path: "/admin/clients",
    allowed: staffAndSales,
    setup: (ctx) => clientFixture(ctx),
    body: (fx) => ({ intent: "set-status", clientId: fx.clientId!, status: "suspended" }),
    status: 302,
    location: "/admin/clients",
    observe: async (ctx, fx) =>
      (await ctx.db.selectFrom("clients").select("status").where("id", "=", fx.clientId!).executeTakeFirst())?.status,
    expected: () => "suspended",
  },

  // Forms (admin, editor)
  {
    name: "forms: create",
    path: "/admin/forms",
    allowed: staffAndEditors,
    body: (_fx, ctx) => ({ intent: "create", name: `Quote ${ctx.unique}`, formType: "quote", status: "draft" }),
    status: 302,
    location: "/admin/forms",
    observe: async (ctx) =>
      (await ctx.db.selectFrom("forms").select("id").where("name", "=", `Quote ${ctx.unique}`).execute()).length,
    expected: () => 1,
  },
  {
    name: "forms: update",
    path: "/admin/forms",
    allowed: staffAndEditors,
    setup: (ctx) => formFixture(ctx),
    body: (fx) => ({ intent: "update", formId: fx.formId!, name: fx.name!, formType: "lead", status: "inactive" }),
    status: 302,
    location: "/admin/forms",
    observe: async (ctx, fx) =>
      (await ctx.db.selectFrom("forms").select("status").where("id", "=", fx.formId!).executeTakeFirst())?.status,
    expected: () => "inactive",
  },
  {
    name: "forms: delete",
    path: "/admin/forms",
    allowed: staffAndEditors,
    setup: (ctx) => formFixture(ctx),
    body: (fx) => ({ intent: "delete", formId: fx.formId! }),
    status: 302,
    location: "/admin/forms",
    observe: async (ctx, fx) =>
      (await ctx.db.selectFrom("forms").select("id").where("id", "=", fx.formId!).execute()).length,
    expected: () => 0,
  },
  {
    name: "a form's leads: set-status",
    path: (fx) => `/admin/forms/${fx.formId}/leads`,
    allowed: staffAndEditors,
    setup: async (ctx) => {
      const form = await formFixture(ctx);
      const lead = await insertLead(ctx.db, { email: `form-lead-${ctx.unique}@example.com`, formId: form.formId! });
      return { ...form, leadId: lead };
    },
    body: (fx) => ({ leadId: fx.leadId!, status: "qualified" }),
    ...page,
    observe: async (ctx, fx) => (await leadOf(ctx, fx.leadId!))?.status,
    expected: () => "qualified",
  },

  // Leads (admin, sales), from the list and from the lead's own screen
  ...(["/admin/leads", "lead"] as const).flatMap((where): ActionRow[] => {
    const path = (fx: Fixture) => (where === "lead" ? `/admin/leads/${fx.leadId}` : "/admin/leads");
    const label = where === "lead" ? "lead screen" : "leads";
    return [
      {
        name: `${label}: set-status`,
        path,
        allowed: staffAndSales,
        setup: (ctx) => leadFixture(ctx),
        body: (fx) => ({ intent: "set-status", leadId: fx.leadId!, status: "contacted" }),
        ...page,
        observe: async (ctx, fx) => (await leadOf(ctx, fx.leadId!))?.status,
        expected: () => "contacted",
      },
      {
        name: `${label}: update`,
        path,
        allowed: staffAndSales,
        setup: (ctx) => leadFixture(ctx),
        body: (fx) => ({ intent: "update", leadId: fx.leadId!, name: "Lena Renamed", email: fx.email!, status: "new" }),
        ...page,
        observe: async (ctx, fx) => (await leadOf(ctx, fx.leadId!))?.name,
        expected: () => "Lena Renamed",
      },
      {
        name: `${label}: add-note`,
        path,
        allowed: staffAndSales,
        setup: (ctx) => leadFixture(ctx),
        body: (fx) => ({ intent: "add-note", leadId: fx.leadId!, body: "Called, no answer" }),
        ...page,
        observe: async (ctx, fx) =>
          (await ctx.db.selectFrom("lead_notes").select("body").where("lead_id", "=", fx.leadId!).execute()).map(
            (note) => note.body,
          ),
        expected: () => ["Called, no answer"],
      },
      {
        name: `${label}: mark-not-spam`,
        path,
        allowed: staffAndSales,
        setup: (ctx) => leadFixture(ctx, { isSpam: true }),
        body: (fx) => ({ intent: "mark-not-spam", leadId: fx.leadId! }),
        ...page,
        observe: async (ctx, fx) => (await leadOf(ctx, fx.leadId!))?.spam,
        expected: () => false,
      },
      {
        name: `${label}: resend-mail`,
        path,
        allowed: staffAndSales,
        setup: async (ctx) => {
          const lead = await leadFixture(ctx);
          return { ...lead, mailId: await insertFailedMail(ctx.db, lead.leadId!) };
        },
        body: (fx) => ({ intent: "resend-mail", leadId: fx.leadId!, mailId: fx.mailId! }),
        ...page,
        observe: async (ctx, fx) =>
          (await ctx.db.selectFrom("email_outbox").select("status").where("id", "=", fx.mailId!).executeTakeFirst())
            ?.status,
        expected: () => "queued",
      },
      {
        name: `${label}: assign`,
        path,
        allowed: staffAndSales,
        setup: async (ctx) => ({ ...(await leadFixture(ctx)), ownerId: await userIdOf(ctx, "admin@example.com") }),
        body: (fx) => ({ intent: "assign", leadId: fx.leadId!, ownerId: fx.ownerId! }),
        ...page,
        observe: (ctx, fx) => ownerOfLead(ctx, fx.leadId!),
        expected: (fx) => fx.ownerId,
      },
      {
        name: `${label}: set-follow-up`,
        path,
        allowed: staffAndSales,
        setup: (ctx) => leadFixture(ctx),
        body: (fx) => ({
          intent: "set-follow-up",
          leadId: fx.leadId!,
          followUpAt: "2030-01-02T09:30",
          followUpNote: "Send the proposal",
        }),
        ...page,
        observe: async (ctx, fx) => {
          const lead = await ctx.db
            .selectFrom("leads")
            .select(["next_follow_up_at", "follow_up_note"])
            .where("id", "=", fx.leadId!)
            .executeTakeFirst();
          return { due: lead?.next_follow_up_at != null, note: lead?.follow_up_note ?? null };
        },
        expected: () => ({ due: true, note: "Send the proposal" }),
      },
      {
        name: `${label}: delete`,
        path,
        // Sales may mark spam; deleting a lead is for admins, one at a time as in bulk.
        allowed: adminOnly,
        setup: (ctx) => leadFixture(ctx, { isSpam: true }),
        body: (fx) => ({ intent: "delete", leadId: fx.leadId! }),
        ...(where === "lead" ? { status: 302, location: "/admin/leads?view=spam" } : page),
        observe: (ctx, fx) => leadOf(ctx, fx.leadId!),
        expected: () => null,
      },
    ];
  }),

  // GDPR tools (admin only)
  ...screenIntents("GDPR", "/admin/leads/gdpr", adminOnly, {
    erase: {
      setup: async (ctx) => {
        const lead = await leadFixture(ctx);
        await addLeadNote(ctx.db, lead.leadId!, "Prefers mornings", { id: null, email: "test" });
        return lead;
      },
      fields: (fx) => ({ email: fx.email! }),
      observe: async (ctx, fx) => ({
        leads: await countWhere(ctx, "leads", "email", fx.email!),
        notes: (await ctx.db.selectFrom("lead_notes").select("id").where("lead_id", "=", fx.leadId!).execute()).length,
      }),
      expected: () => ({ leads: 0, notes: 0 }),
      response: async (response) => {
        expect(await response.text()).toContain("Erased 1 lead(s) and everything attached to them");
      },
    },
  }),
  {
    name: "GDPR: export",
    path: "/admin/leads/gdpr/export",
    allowed: adminOnly,
    setup: (ctx) => leadFixture(ctx),
    body: (fx) => ({ email: fx.email! }),
    ...page,
    observe: (ctx) => countWhere(ctx, "audit_logs", "action", "gdpr.export"),
    expected: (_fx, _ctx, before) => (before as number) + 1,
    response: async (response, fx) => {
      expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
      const exported = (await response.json()) as { email: string; leads: { email: string }[] };
      expect(exported.email).toBe(fx.email);
      expect(exported.leads.map((lead) => lead.email)).toEqual([fx.email]);
    },
  },

  // Uploads: blog images and site files for editors and admins
  {
    name: "uploads: a blog image",
    path: "/admin/uploads",
    allowed: staffAndEditors,
    body: () => uploadForm("pdfs", "blog-images/"),
    ...page,
    observe: (ctx) => countWhere(ctx, "audit_logs", "action", "upload.create"),
    expected: (_fx, _ctx, before) => (before as number) + 1,
    response: async (response) => {
      expect(await response.json()).toEqual({
        url: expect.stringMatching(/^\/uploads\/pdfs\/blog-images\/\d{13}-[a-z0-9]{10}\.png$/),
      });
    },
  },
  {
    name: "uploads: the header logo",
    path: "/admin/uploads",
    allowed: staffAndEditors,
    body: () => uploadForm("logos", "header_logo"),
    ...page,
    observe: (ctx) => settingOf(ctx, "header_logo"),
    expected: () => expect.stringMatching(/^\/uploads\/logos\/header_logo-\d{13}-[a-z0-9]{10}\.png$/),
  },

  // The leads list's own actions: bulk changes, saved views, columns (admin, sales; bulk delete admin only)
  {
    name: "leads: bulk-set-status",
    path: "/admin/leads",
    allowed: staffAndSales,
    setup: (ctx) => twoLeads(ctx),
    body: (fx) => bulkBody(fx, { intent: "bulk-set-status", status: "qualified" }),
    ...page,
    observe: (ctx, fx) => bothLeads(ctx, fx).then((leads) => leads.map((lead) => lead.status)),
    expected: () => ["qualified", "qualified"],
  },
  {
    name: "leads: bulk-assign",
    path: "/admin/leads",
    allowed: staffAndSales,
    setup: (ctx) => twoLeads(ctx),
    body: (fx) => bulkBody(fx, { intent: "bulk-assign", ownerId: fx.ownerId! }),
    ...page,
    observe: (ctx, fx) => bothLeads(ctx, fx).then((leads) => leads.map((lead) => lead.owner)),
    expected: (fx) => [fx.ownerId, fx.ownerId],
  },
  {
    name: "leads: bulk-spam",
    path: "/admin/leads",
    allowed: staffAndSales,
    setup: (ctx) => twoLeads(ctx),
    body: (fx) => bulkBody(fx, { intent: "bulk-spam" }),
    ...page,
    observe: (ctx, fx) => bothLeads(ctx, fx).then((leads) => leads.map((lead) => lead.spam)),
    expected: () => [true, true],
  },
  {
    name: "leads: bulk-not-spam",
    path: "/admin/leads",
    allowed: staffAndSales,
    setup: (ctx) => twoLeads(ctx, { isSpam: true }),
    body: (fx) => bulkBody(fx, { intent: "bulk-not-spam" }),
    ...page,
    observe: (ctx, fx) => bothLeads(ctx, fx).then((leads) => leads.map((lead) => lead.spam)),
    expected: () => [false, false],
  },
  {
    name: "leads: bulk-delete",
    path: "/admin/leads",
    allowed: adminOnly,
    setup: (ctx) => twoLeads(ctx, { isSpam: true }),
    body: (fx) => bulkBody(fx, { intent: "bulk-delete", expectedCount: "2" }),
    ...page,
    observe: (ctx, fx) => bothLeads(ctx, fx).then((leads) => leads.map((lead) => lead.status ?? null)),
    expected: () => [null, null],
  },
  ...screenIntents("leads", "/admin/leads", staffAndSales, {
    "save-view": {
      fields: (_fx, ctx) => ({ name: `Hot ${ctx.unique}`, query: "status=new" }),
      observe: async (ctx) =>
        (
          await ctx.db
            .selectFrom("saved_views")
            .select(["screen", "query"])
            .where("name", "=", `Hot ${ctx.unique}`)
            .execute()
        ).map((view) => `${view.screen}?${view.query}`),
      expected: () => ["leads?status=new"],
    },
  }),
  {
    name: "leads: delete-view (own view)",
    path: "/admin/leads",
    allowed: staffAndSales,
    ownAccount: true,
    setup: async (ctx) => {
      const userId = await userIdOf(ctx, ctx.actorEmail);
      await saveView(
        ctx.db,
        { userId, screen: "leads", name: `Mine ${ctx.unique}`, query: "view=spam" },
        { id: userId, email: ctx.actorEmail },
      );
      const view = await ctx.db
        .selectFrom("saved_views")
        .select("id")
        .where("user_id", "=", userId)
        .executeTakeFirstOrThrow();
      return { viewId: view.id };
    },
    body: (fx) => ({ intent: "delete-view", viewId: fx.viewId! }),
    ...page,
    observe: async (ctx, fx) =>
      (await ctx.db.selectFrom("saved_views").select("id").where("id", "=", fx.viewId!).execute()).length,
    expected: () => 0,
  },
  {
    name: "leads: set-columns (own table)",
    path: "/admin/leads",
    allowed: staffAndSales,
    ownAccount: true,
    body: () => {
      const form = new URLSearchParams({ intent: "set-columns" });
      for (const column of ["email", "name", "owner"]) form.append("columns", column);
      return form;
    },
    ...page,
    observe: async (ctx) => (await preferencesOf(ctx))?.tableColumns,
    // Kept in the table's order, whatever order they were sent in.
    expected: () => ({ leads: ["name", "email", "owner"] }),
  },

  // Ad platforms (admin only): disconnecting one deletes its credentials
  ...screenIntents("ad platforms", "/admin/ad-platforms", adminOnly, {
    connect: {
      fields: (_fx, ctx) => ({
        platform: "linkedin",
        config: JSON.stringify({
          accessToken: `matrix-token-${ctx.unique}`,
          stages: { lead: "urn:lla:llaPartnerConversion:1" },
        }),
      }),
      // Audited with the stages, never the token; the token is stored sealed.
      observe: async (ctx) =>
        (await ctx.db.selectFrom("audit_logs").select("id").where("action", "=", "ad_platform.connect").execute())
          .length,
      expected: (_fx, _ctx, before) => Number(before) + 1,
      after: async (ctx) => {
        const rows = await ctx.db.selectFrom("ad_connections").select("credentials").execute();
        expect(rows.some((row) => row.credentials.includes("matrix-token"))).toBe(false);
      },
    },
    test: {
      setup: (ctx) => adConnectionFixture(ctx),
      // No platform answers on this address: the try fails, and is audited all the same.
      fields: () => ({ platform: "meta" }),
      observe: async (ctx) =>
        (await ctx.db.selectFrom("audit_logs").select("id").where("action", "=", "ad_platform.test").execute()).length,
      expected: (_fx, _ctx, before) => Number(before) + 1,
    },
    resend: {
      setup: (ctx) => adConnectionFixture(ctx),
      fields: (fx) => ({ conversionId: fx.conversionId ?? "" }),
      observe: async (ctx, fx) =>
        (
          await ctx.db
            .selectFrom("audit_logs")
            .select("id")
            .where("action", "=", "ad_conversion.resend")
            .where("entity_id", "=", fx.conversionId ?? "")
            .execute()
        ).length,
      expected: () => 1,
    },
    // The import file's private address: made (shown once) and revoked by admins only.
    "file-url": {
      setup: (ctx) => googleConnectionFixture(ctx),
      observe: async (ctx) =>
        (await ctx.db.selectFrom("audit_logs").select("id").where("action", "=", "ad_platform.file_url").execute())
          .length,
      expected: (_fx, _ctx, before) => Number(before) + 1,
    },
    "file-revoke": {
      setup: (ctx) => googleConnectionFixture(ctx),
      observe: async (ctx) =>
        (await ctx.db.selectFrom("audit_logs").select("id").where("action", "=", "ad_platform.file_revoke").execute())
          .length,
      expected: (_fx, _ctx, before) => Number(before) + 1,
    },
    disconnect: {
      setup: async (ctx) => {
        const at = new Date().toISOString();
        await ctx.db
          .insertInto("ad_connections")
          .values({
            platform: "linkedin",
            credentials: "v1.sealed",
            settings: '{"stages":{"lead":"urn:lla:llaPartnerConversion:1"},"apiUrl":null,"identity":"token"}',
            created_at: at,
            updated_at: at,
          })
          .onConflict((conflict) => conflict.column("platform").doNothing())
          .execute();
        return {};
      },
      fields: () => ({ platform: "linkedin" }),
      observe: async (ctx) =>
        (await ctx.db.selectFrom("ad_connections").select("platform").where("platform", "=", "linkedin").execute())
          .length,
      expected: () => 0,
    },
  }),

  // Webhooks (admin only), from the list and the endpoint's own screen
  ...screenIntents("webhooks", "/admin/webhooks", adminOnly, {
    create: {
      fields: (_fx, ctx) => ({
        url: `http://127.0.0.1:9/new-${ctx.unique}`,
        description: "CRM",
        events: "lead.created,lead.status_changed",
      }),
      observe: async (ctx) =>
        (
          await ctx.db
            .selectFrom("webhook_endpoints")
            .select(["description", "status"])
            .where("url", "=", `http://127.0.0.1:9/new-${ctx.unique}`)
            .execute()
        ).map((endpoint) => `${endpoint.description} ${endpoint.status}`),
      expected: () => ["CRM active"],
    },
  }),
  {
    name: "webhook: update",
    path: (fx) => `/admin/webhooks/${fx.endpointId}`,
    allowed: adminOnly,
    setup: (ctx) => webhookFixture(ctx),
    body: (fx) => ({
      intent: "update",
      endpointId: fx.endpointId!,
      url: fx.url!,
      description: "Renamed hook",
      events: "lead.created",
    }),
    ...page,
    observe: async (ctx, fx) => (await endpointOf(ctx, fx.endpointId!))?.description,
    expected: () => "Renamed hook",
  },
  {
    name: "webhook: pause",
    path: (fx) => `/admin/webhooks/${fx.endpointId}`,
    allowed: adminOnly,
    setup: (ctx) => webhookFixture(ctx),
    body: (fx) => ({ intent: "pause", endpointId: fx.endpointId! }),
    ...page,
    observe: async (ctx, fx) => (await endpointOf(ctx, fx.endpointId!))?.status,
    expected: () => "paused",
  },
  {
    name: "webhook: resume",
    path: (fx) => `/admin/webhooks/${fx.endpointId}`,
    allowed: adminOnly,
    setup: async (ctx) => {
      const fx = await webhookFixture(ctx);
      expect((await ctx.adminPost("/admin/webhooks", { intent: "pause", endpointId: fx.endpointId! })).status).toBe(
        200,
      );
      return fx;
    },
    body: (fx) => ({ intent: "resume", endpointId: fx.endpointId! }),
    ...page,
    observe: async (ctx, fx) => (await endpointOf(ctx, fx.endpointId!))?.status,
    expected: () => "active",
  },
  {
    name: "webhook: rotate-secret",
    path: (fx) => `/admin/webhooks/${fx.endpointId}`,
    allowed: adminOnly,
    setup: (ctx) => webhookFixture(ctx),
    body: (fx) => ({ intent: "rotate-secret", endpointId: fx.endpointId! }),
    ...page,
    observe: async (ctx, fx) => {
      const endpoint = await endpointOf(ctx, fx.endpointId!);
      return { secret: endpoint?.secret, previous: endpoint?.previous_secret ?? null };
    },
    // The old secret keeps signing for a while, as the previous one.
    expected: (_fx, _ctx, before) => ({ secret: expect.any(String), previous: (before as { secret: string }).secret }),
  },
  {
    name: "webhook: test",
    path: (fx) => `/admin/webhooks/${fx.endpointId}`,
    allowed: adminOnly,
    setup: (ctx) => webhookFixture(ctx),
    body: (fx) => ({ intent: "test", endpointId: fx.endpointId! }),
    ...page,
    observe: async (ctx, fx) =>
      (
        await ctx.db
          .selectFrom("webhook_deliveries")
          .select("event_type")
          .where("endpoint_id", "=", fx.endpointId!)
          .execute()
      ).map((delivery) => delivery.event_type),
    expected: () => ["webhook.test"],
  },
  {
    name: "webhook: redeliver",
    path: (fx) => `/admin/webhooks/${fx.endpointId}`,
    allowed: adminOnly,
    setup: (ctx) => failedDeliveryFixture(ctx),
    body: (fx) => ({ intent: "redeliver", endpointId: fx.endpointId!, deliveryId: fx.deliveryId! }),
    ...page,
    observe: (ctx, fx) => requeuedOf(ctx, fx.deliveryId!),
    expected: () => true,
  },
  {
    name: "webhook: redeliver-failed",
    path: (fx) => `/admin/webhooks/${fx.endpointId}`,
    allowed: adminOnly,
    setup: (ctx) => failedDeliveryFixture(ctx),
    body: (fx) => ({ intent: "redeliver-failed", endpointId: fx.endpointId! }),
    ...page,
    observe: (ctx, fx) => requeuedOf(ctx, fx.deliveryId!),
    expected: () => true,
  },
  {
    name: "webhook: delete",
    path: (fx) => `/admin/webhooks/${fx.endpointId}`,
    allowed: adminOnly,
    setup: (ctx) => webhookFixture(ctx),
    body: (fx) => ({ intent: "delete", endpointId: fx.endpointId! }),
    status: 302,
    location: "/admin/webhooks",
    observe: async (ctx, fx) => (await endpointOf(ctx, fx.endpointId!)) ?? null,
    expected: () => null,
  },

  // Clients: handing a client to an owner
  {
    name: "clients: assign",
    path: "/admin/clients",
    allowed: staffAndSales,
    setup: async (ctx) => ({ ...(await clientFixture(ctx)), ownerId: await userIdOf(ctx, "admin@example.com") }),
    body: (fx) => ({ intent: "assign", clientId: fx.clientId!, ownerId: fx.ownerId! }),
    status: 302,
    location: "/admin/clients",
    observe: async (ctx, fx) =>
      (await ctx.db.selectFrom("clients").select("owner_id").where("id", "=", fx.clientId!).executeTakeFirst())
        ?.owner_id ?? null,
    expected: (fx) => fx.ownerId,
  },

  // Merging leads that are one person, and undoing it, from the lead's screen
  {
    name: "lead screen: merge",
    path: (fx) => `/admin/leads/${fx.leadId}`,
    allowed: staffAndSales,
    setup: async (ctx) => ({
      ...(await leadFixture(ctx)),
      otherId: await insertLead(ctx.db, { email: `merged-${ctx.unique}@example.com` }),
    }),
    body: (fx) => ({ intent: "merge", leadId: fx.leadId!, mergedIds: fx.otherId! }),
    ...page,
    observe: async (ctx, fx) => (await leadOf(ctx, fx.otherId!)) === null,
    expected: () => true,
  },
  {
    name: "leads: bulk-merge",
    path: "/admin/leads",
    allowed: staffAndSales,
    setup: async (ctx) => ({
      ...(await leadFixture(ctx)),
      otherId: await insertLead(ctx.db, { email: `bulk-merged-${ctx.unique}@example.com` }),
    }),
    body: (fx) => {
      const form = new URLSearchParams({ intent: "bulk-merge" });
      form.append("ids", fx.leadId!);
      form.append("ids", fx.otherId!);
      return form;
    },
    ...page,
    observe: async (ctx, fx) => [await leadOf(ctx, fx.leadId!), await leadOf(ctx, fx.otherId!)].filter(Boolean).length,
    expected: () => 1,
  },
  {
    name: "lead screen: unmerge",
    path: (fx) => `/admin/leads/${fx.leadId}`,
    allowed: staffAndSales,
    setup: async (ctx) => {
      const lead = await leadFixture(ctx);
      const otherId = await insertLead(ctx.db, { email: `unmerged-${ctx.unique}@example.com` });
      const { mergeIds } = await mergeLeads(ctx.db, { survivorId: lead.leadId!, mergedIds: [otherId] }, null);
      return { ...lead, otherId, mergeId: mergeIds[0]! };
    },
    body: (fx) => ({ intent: "unmerge", leadId: fx.leadId!, mergeId: fx.mergeId! }),
    ...page,
    observe: async (ctx, fx) => (await leadOf(ctx, fx.otherId!)) !== null,
    expected: () => true,
  },

  // Settings: the agency's workspace (admins) and one's own digest (everyone)
  ...screenIntents("settings", "/admin/settings", adminOnly, {
    "save-time-zone": {
      setup: async (ctx) => ({
        timeZone: (await getAgencyTimeZone(ctx.db)) === "Asia/Kolkata" ? "Europe/Berlin" : "Asia/Kolkata",
      }),
      fields: (fx) => ({ timeZone: fx.timeZone! }),
      observe: (ctx) => getAgencyTimeZone(ctx.db),
      expected: (fx) => fx.timeZone,
    },
    "save-agency-country": {
      setup: async (ctx) => ({ country: (await getAgencyCountry(ctx.db)) === "US" ? "GB" : "US" }),
      fields: (fx) => ({ country: fx.country! }),
      observe: (ctx) => getAgencyCountry(ctx.db),
      expected: (fx) => fx.country,
    },
    "save-lead-assignment": {
      setup: async (ctx) => {
        await saveLeadAssignment(ctx.db, { roundRobin: [], perForm: {} }, { id: null, email: "test" });
        return { ownerId: await userIdOf(ctx, "sales@example.com") };
      },
      fields: (fx) => ({ roundRobin: fx.ownerId! }),
      observe: (ctx) => getLeadAssignment(ctx.db),
      expected: (fx) => ({ roundRobin: [fx.ownerId], perForm: {} }),
    },
  }),
  {
    name: "settings: save-profile (own account)",
    path: "/admin/settings",
    allowed: everyone,
    ownAccount: true,
    body: () => ({ intent: "save-profile", name: "Matrix Name" }),
    ...page,
    observe: async (ctx) =>
      ctx.actorEmail
        ? ((await ctx.db.selectFrom("user").select("name").where("email", "=", ctx.actorEmail).executeTakeFirst())
            ?.name ?? null)
        : null,
    expected: () => "Matrix Name",
  },
  {
    name: "settings: set-digest (own account)",
    path: "/admin/settings",
    allowed: everyone,
    ownAccount: true,
    // An unticked box is no field: the person opts out of the daily mail.
    body: () => ({ intent: "set-digest" }),
    ...page,
    observe: async (ctx) => (await preferencesOf(ctx))?.digestOptOut ?? null,
    expected: () => true,
  },

  // API keys: everyone's own; revoking anyone's is admins'
  {
    name: "settings: create-api-key (own account)",
    path: "/admin/settings",
    allowed: everyone,
    ownAccount: true,
    body: () => ({ intent: "create-api-key", name: "matrix", areas: "leads", expiresDays: "30" }),
    ...page,
    observe: async (ctx) => (ctx.actorEmail ? (await apiKeysOf(ctx, ctx.actorEmail)).length : null),
    expected: () => 1,
  },
  {
    name: "settings: revoke-api-key (own account)",
    path: "/admin/settings",
    allowed: everyone,
    ownAccount: true,
    setup: async (ctx) => (ctx.actorEmail ? { keyId: await apiKeyFixture(ctx, ctx.actorEmail) } : { keyId: "none" }),
    body: (fx) => ({ intent: "revoke-api-key", keyId: fx.keyId! }),
    ...page,
    observe: async (ctx) => (ctx.actorEmail ? (await apiKeysOf(ctx, ctx.actorEmail)).length : null),
    expected: () => 0,
  },
  ...screenIntents("settings", "/admin/settings", adminOnly, {
    "revoke-any-api-key": {
      setup: async (ctx) => ({ keyId: await apiKeyFixture(ctx, "sales@example.com") }),
      fields: (fx) => ({ keyId: fx.keyId! }),
      observe: async (ctx, fx) =>
        (await ctx.db.selectFrom("api_keys").select("id").where("id", "=", fx.keyId!).execute()).length,
      expected: () => 0,
    },
  }),

  // Signing out ends the session it was sent with
  {
    name: "logout",
    path: "/admin/logout",
    allowed: everyone,
    ownAccount: true,
    body: () => ({}),
    status: 302,
    location: "/admin/login",
    observe: async (ctx) => (ctx.actorEmail ? sessionsOf(ctx, ctx.actorEmail) : null),
    expected: () => 0,
  },
];

/** Every route whose action dispatches on `intent`, with a role that may use it. */
export const intentRoutes: IntentRoute[] = [
  { path: "/admin/users", allowedRole: "admin" },
  { path: "/admin/settings", allowedRole: "sales" },
  { path: "/admin/pages", allowedRole: "editor" },
  { path: "/admin/blog", allowedRole: "editor" },
  { path: "/admin/pricing", allowedRole: "admin" },
  { path: "/admin/clients", allowedRole: "sales" },
  { path: "/admin/forms", allowedRole: "editor" },
  { path: "/admin/leads", allowedRole: "sales" },
  { path: (fx) => `/admin/leads/${fx.leadId}`, allowedRole: "sales", setup: (ctx) => leadFixture(ctx) },
  { path: "/admin/leads/gdpr", allowedRole: "admin" },
  { path: "/admin/webhooks", allowedRole: "admin" },
  { path: "/admin/ad-platforms", allowedRole: "admin" },
  { path: (fx) => `/admin/webhooks/${fx.endpointId}`, allowedRole: "admin", setup: (ctx) => webhookFixture(ctx) },
];

/** Names no route knows, among them ones that exist on every JavaScript object. */
export const unknownIntents = ["no-such-intent", "constructor", "toString", "__proto__", "hasOwnProperty", ""];

// ---------------------------------------------------------------------------------------------------
// The clients table: its CSV, its columns and its bulk actions. Kept as one block of its own.

const clientField = async (ctx: MatrixContext, clientId: string, field: "status" | "owner_id") =>
  (await ctx.db.selectFrom("clients").select(field).where("id", "=", clientId).executeTakeFirst())?.[field] ?? null;

const anAdminId = async (ctx: MatrixContext) =>
  (
    await ctx.db
      .selectFrom("user_roles")
      .select("user_id")
      .where("role", "=", "admin")
      .orderBy("user_id")
      .executeTakeFirstOrThrow()
  ).user_id;

screenRows.push({
  path: "/admin/clients/export",
  allowed: staffAndSales,
  marker: '"id","name","email","phone","company"',
  resource: true,
});

actionRows.push(
  {
    name: "clients: bulk-set-status",
    path: "/admin/clients",
    allowed: staffAndSales,
    setup: (ctx) => clientFixture(ctx),
    body: (fx) => ({ intent: "bulk-set-status", ids: fx.clientId!, status: "suspended" }),
    ...page,
    observe: (ctx, fx) => clientField(ctx, fx.clientId!, "status"),
    expected: () => "suspended",
  },
  {
    name: "clients: bulk-assign",
    path: "/admin/clients",
    allowed: staffAndSales,
    setup: async (ctx) => ({ ...(await clientFixture(ctx)), ownerId: await anAdminId(ctx) }),
    body: (fx) => ({ intent: "bulk-assign", ids: fx.clientId!, ownerId: fx.ownerId! }),
    ...page,
    observe: (ctx, fx) => clientField(ctx, fx.clientId!, "owner_id"),
    expected: (fx) => fx.ownerId,
  },
  {
    name: "clients: bulk-delete",
    path: "/admin/clients",
    allowed: adminOnly,
    setup: (ctx) => clientFixture(ctx),
    body: (fx) => ({ intent: "bulk-delete", ids: fx.clientId!, expectedCount: "1" }),
    ...page,
    observe: async (ctx, fx) =>
      (await ctx.db.selectFrom("clients").select("id").where("id", "=", fx.clientId!).execute()).length,
    expected: () => 0,
  },
  {
    name: "clients: set-columns",
    path: "/admin/clients",
    allowed: staffAndSales,
    ownAccount: true,
    body: () => ({ intent: "set-columns", columns: "name" }),
    ...page,
    observe: async (ctx) => {
      if (!ctx.actorEmail) return null;
      const user = await ctx.db.selectFrom("user").select("id").where("email", "=", ctx.actorEmail).executeTakeFirst();
      const row = user
        ? await ctx.db
            .selectFrom("staff_preferences")
            .select("table_columns")
            .where("user_id", "=", user.id)
            .executeTakeFirst()
        : undefined;
      // A JSON text on SQLite, a jsonb value on PostgreSQL.
      const stored = row?.table_columns ?? null;
      return typeof stored === "string" ? JSON.parse(stored) : stored;
    },
    expected: () => expect.objectContaining({ clients: ["name"] }),
  },
);

// ---- Bookings: admins and sales; sales set only their own hours ----------------------------------

const availabilityFields = (userId: string) => ({
  userId,
  timeZone: "Asia/Kolkata",
  weekly: "mon-fri 10:00-18:00",
  overrides: "",
  callMinutes: "45",
  bufferBeforeMinutes: "0",
  bufferAfterMinutes: "0",
  minNoticeMinutes: "240",
  horizonDays: "30",
  maxPerDay: "",
  meetingKind: "phone",
  meetingDetail: "",
});

/** A call of the shared admin's, a day ahead (or a day ago, for marking how it went). */
async function bookingFixture(ctx: MatrixContext, offsetMs: number): Promise<Fixture> {
  const staff = await ctx.db
    .selectFrom("user")
    .innerJoin("user_roles", "user_roles.user_id", "user.id")
    .select("user.id")
    .where("user_roles.role", "=", "admin")
    .executeTakeFirstOrThrow();
  const id = newId();
  const start = Date.now() + offsetMs;
  const at = new Date().toISOString();
  await ctx.db
    .insertInto("bookings")
    .values({
      ...bookingRow(
        await insertLead(ctx.db, { name: `Visitor ${ctx.unique}`, email: `visitor-${ctx.unique}@example.com` }),
        {
          id,
          startsAt: new Date(start).toISOString(),
        },
      ),
      staff_id: staff.id,
      visitor_name: `Visitor ${ctx.unique}`,
      visitor_email: `visitor-${ctx.unique}@example.com`,
      meeting_kind: "phone",
      created_at: at,
      updated_at: at,
    })
    .execute();
  return { bookingId: id };
}

const bookingStatus = async (ctx: MatrixContext, id: string) =>
  (await ctx.db.selectFrom("bookings").select("status").where("id", "=", id).executeTakeFirst())?.status;

actionRows.push(
  ...screenIntents("bookings", "/admin/bookings", staffAndSales, {
    "set-outcome": {
      setup: (ctx) => bookingFixture(ctx, -2 * 60 * 60_000),
      fields: (fx) => ({ bookingId: fx.bookingId!, outcome: "completed" }),
      observe: (ctx, fx) => bookingStatus(ctx, fx.bookingId!),
      expected: () => "completed",
    },
    "cancel-booking": {
      setup: (ctx) => bookingFixture(ctx, 24 * 60 * 60_000),
      fields: (fx) => ({ bookingId: fx.bookingId! }),
      observe: (ctx, fx) => bookingStatus(ctx, fx.bookingId!),
      expected: () => "cancelled",
    },
  }),
);

/** The acting user's id, for rows about one's own hours and feed. */
async function actorFixture(ctx: MatrixContext): Promise<Fixture> {
  const user = await ctx.db
    .selectFrom("user")
    .select("id")
    .where("email", "=", ctx.actorEmail)
    .executeTakeFirstOrThrow();
  return { userId: user.id };
}

const callMinutesOf = async (ctx: MatrixContext, userId: string) =>
  (
    await ctx.db
      .selectFrom("staff_availability")
      .select("call_minutes")
      .where("user_id", "=", userId)
      .executeTakeFirst()
  )?.call_minutes ?? null;

const feedTokenOf = async (ctx: MatrixContext, userId: string) =>
  (await ctx.db.selectFrom("staff_availability").select("feed_token").where("user_id", "=", userId).executeTakeFirst())
    ?.feed_token ?? null;

actionRows.push(
  {
    // One's own hours: sales and admins may set them; editors have no Bookings screen.
    name: "bookings: save-availability (own hours)",
    path: "/admin/bookings",
    allowed: staffAndSales,
    ownAccount: true,
    setup: actorFixture,
    body: (fx) => ({ intent: "save-availability", ...availabilityFields(fx.userId!) }),
    status: 200,
    observe: (ctx, fx) => callMinutesOf(ctx, fx.userId!),
    expected: () => 45,
  },
  {
    name: "bookings: create-feed (own feed)",
    path: "/admin/bookings",
    allowed: staffAndSales,
    ownAccount: true,
    setup: actorFixture,
    body: () => ({ intent: "create-feed" }),
    status: 200,
    observe: (ctx, fx) => feedTokenOf(ctx, fx.userId!),
    expected: () => expect.stringMatching(/^[0-9a-f]{64}$/),
    // The address is on the page this once, with the token only the person has.
    response: async (response) => {
      const html = await response.text();
      expect(html).toContain("Your new feed address (shown only this once)");
      expect(html).toMatch(/value="http[^"]+\/calendar\/bookings\/[A-Za-z0-9_-]{43}\.ics"/);
    },
  },
  {
    name: "bookings: revoke-feed (own feed)",
    path: "/admin/bookings",
    allowed: staffAndSales,
    ownAccount: true,
    setup: async (ctx) => {
      const fx = await actorFixture(ctx);
      await createBookingFeed(ctx.db, fx.userId!, { id: fx.userId!, email: ctx.actorEmail });
      return fx;
    },
    body: () => ({ intent: "revoke-feed" }),
    status: 200,
    observe: (ctx, fx) => feedTokenOf(ctx, fx.userId!),
    expected: () => null,
  },
);

actionRows.push({
  // Someone else's hours: only an admin may set them (a sales person is refused, see bookings.server).
  name: "bookings: save-availability (another person's)",
  path: "/admin/bookings",
  allowed: adminOnly,
  setup: async (ctx) => {
    const other = await createStaffUser(
      ctx.db,
      { email: `hours-${ctx.unique}@example.com`, password: "hours-staff-pass-1", role: "sales" },
      { id: null, email: "test" },
    );
    return { userId: other.id };
  },
  body: (fx) => ({ intent: "save-availability", ...availabilityFields(fx.userId!) }),
  status: 200,
  observe: (ctx, fx) => callMinutesOf(ctx, fx.userId!),
  expected: () => 45,
});
