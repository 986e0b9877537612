// npm run compare:html -- <rev | folder> [--keep DIR]
// The server-rendered HTML of every public page and every admin screen (as anonymous, admin, sales and
// editor), and of the answers a form gets without JavaScript, from the production build of <rev> (built
// in a temporary worktree; or the pages kept in a folder by an earlier --keep) and of this checkout
// (built here), each on a fresh database holding the same records. What differs between any two runs
// (nonces, tokens, ids, times, hashed asset names) is normalised first. Exits non-zero when a page's markup
// differs; a page whose markup is the same but whose hydration data differs is listed as such.
import type { Role } from "~/lib/roles";
import { pageSchema } from "~/lib/schemas/content";
import { webhookEndpointSchema } from "~/lib/schemas/webhooks";
import { createPage } from "~/server/content/pages.server";
import type { Database } from "~/server/db/schema.server";
import { captureLead } from "~/server/leads/capture.server";
import { createWebhookEndpoint } from "~/server/webhooks/endpoints.server";
import { type AppServer, startAppServer } from "../tests/support/app-server";
import { publicRoutes } from "../tests/support/public-routes";
import { SCREENS_SERVER_ENV } from "../tests/support/screens";
import { addStaff, appDatabase, signIn } from "../tests/support/staff";
import { build, compareArguments, keepFiles, keptFiles, ofRevision, root } from "./compare-kit";

const { rev, keepAt } = compareArguments("npm run compare:html -- <rev | folder> [--keep DIR]");

type Visitor = "anonymous" | Role;
const roles: Role[] = ["admin", "sales", "editor"];

/** One request to render: a page, or a form's answer without JavaScript. */
type Visit = { name: string; path: string; as: Visitor; form?: Record<string, string> };

const adminScreens = [
  "/admin",
  "/admin/settings",
  "/admin/users",
  "/admin/pages",
  "/admin/pages/new",
  "/admin/pages/:page/edit",
  "/admin/pages/:page/preview",
  "/admin/blog",
  "/admin/blog/:post/preview",
  "/admin/pricing",
  "/admin/clients",
  "/admin/forms",
  "/admin/forms/:form/leads",
  "/admin/forms/:form/submissions",
  "/admin/leads",
  "/admin/leads/gdpr",
  "/admin/leads/:lead",
  "/admin/bookings",
  "/admin/audit",
  "/admin/webhooks",
  "/admin/webhooks/:webhook",
  "/admin/no-such-screen",
];

const extraPublicPages = ["/book", "/lead/sent/contact", "/no-such-page", "/admin/login", "/admin/unauthorized"];

/** Form answers rendered without JavaScript: each flow's refusal of an incomplete form. */
const formAnswers: Visit[] = [
  { name: "POST /lead contact, empty", path: "/lead", as: "anonymous", form: { flow: "contact" } },
  { name: "POST /lead guide, empty", path: "/lead", as: "anonymous", form: { flow: "guide" } },
  {
    name: "POST /lead newsletter, bad address",
    path: "/lead",
    as: "anonymous",
    form: { flow: "newsletter", email: "x" },
  },
  { name: "POST /cost-estimator, first step empty", path: "/cost-estimator", as: "anonymous", form: { step: "1" } },
  { name: "POST /admin/setup, wrong code", path: "/admin/setup", as: "anonymous", form: { code: "WRONG" } },
  {
    name: "POST /admin/login, wrong password",
    path: "/admin/login",
    as: "anonymous",
    form: { email: "admin@compare.example", password: "not-the-password" },
  },
];

/** The same records in every run: a lead, a webhook endpoint, a draft page, and the seeded content. */
async function addRecords(db: Database) {
  const actor = { id: null, email: "compare" };
  const { leadId } = await captureLead(db, {
    flow: "contact",
    input: { name: "Ana Example", email: "ana@compare.example", company: "Example Co", message: "Hello" } as never,
    attribution: { pageUrl: null, referrer: null, userAgent: null, browserInfo: null },
    mail: { baseUrl: "http://compare.example", notifyEmails: [] },
  });
  const page = await createPage(
    db,
    pageSchema.parse({
      title: "Compared page",
      slug: "compared-page",
      content: "# Compared\n\nWords.",
      status: "draft",
    }),
    actor,
  );
  const webhook = await createWebhookEndpoint(
    db,
    webhookEndpointSchema.parse({ url: "http://127.0.0.1:9/hook", events: "lead.created" }),
    actor,
    { allowPrivate: true },
  );
  const post = await db.selectFrom("blog_posts").select("id").orderBy("slug").executeTakeFirstOrThrow();
  const form = await db.selectFrom("forms").select("id").where("name", "=", "Contact Form").executeTakeFirstOrThrow();
  return { lead: leadId, page, webhook: webhook.id, post: post.id, form: form.id };
}

async function render(server: AppServer, visit: Visit, cookie: string | undefined) {
  const headers: Record<string, string> = { [SCREENS_SERVER_ENV.COUNTRY_HEADER]: "US", accept: "text/html" };
  if (cookie) headers.cookie = cookie;
  const init: RequestInit = { headers, redirect: "manual" };
  if (visit.form) {
    init.method = "POST";
    init.body = new URLSearchParams(visit.form);
    headers.origin = server.url;
  }
  const response = await fetch(`${server.url}${visit.path}`, init);
  const location = response.headers.get("location");
  return normalise(
    `${response.status}${location ? ` -> ${location.replace(server.url, "")}` : ""}\n${await response.text()}`,
    server.url,
  );
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/** Replaces what differs between two runs of the same build on the same records. */
function normalise(html: string, origin: string) {
  // Ids are random: each becomes its order of appearance, in full and as the short form screens show.
  const ids = new Map<string, string>();
  for (const [id] of html.matchAll(UUID)) if (!ids.has(id)) ids.set(id, `ID${ids.size + 1}`);
  let page = html.replace(UUID, (id) => ids.get(id) as string);
  for (const [id, label] of ids) page = page.replace(new RegExp(`\\b${id.slice(0, 8)}\\b`, "g"), `${label}-short`);
  return (
    page
      .replaceAll(origin, "http://app")
      .replace(/http:\/\/(localhost|127\.0\.0\.1):\d+/g, "http://app")
      .replace(/(nonce=\\?")[^"\\]+/g, "$1NONCE")
      .replace(/\/assets\/([\w.-]+?)-[\w-]{8}\.(js|css|woff2?)/g, "/assets/$1.$2")
      .replace(/\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?/g, "TIMESTAMP")
      .replace(/\b1[7-9]\d{11}\b/g, "EPOCH_MS")
      // A short id whose full id is not on the page (a submission's number, say).
      .replace(/\b(?=[0-9a-f]{0,7}\d)(?=[0-9a-f]{0,7}[a-f])[0-9a-f]{8}\b/g, "SHORT_ID")
      .replace(/("version": ?\\?")[0-9a-f]{8}/g, "$1BUILD")
      .replace(/\b\d{1,2}:\d{2}(:\d{2})?(\s?[AP]M)?/g, "HH:MM")
      .replace(/\b\d+ (seconds?|minutes?|hours?) ago/g, "N ago")
      .replace(/[A-Za-z0-9_-]{40,}(\.[A-Za-z0-9_-]{20,})*/g, "TOKEN")
  );
}

async function pagesOf(cwd: string): Promise<Map<string, string>> {
  const server = await startAppServer(SCREENS_SERVER_ENV, { cwd });
  const db = appDatabase(server);
  const pages = new Map<string, string>();
  try {
    // Before anyone exists: the first-admin setup screen.
    pages.set(
      "GET /admin/setup as anonymous",
      await render(server, { name: "", path: "/admin/setup", as: "anonymous" }, undefined),
    );
    const ids = await addRecords(db);
    const cookies: Partial<Record<Visitor, string>> = {};
    for (const role of roles) {
      const staff = await addStaff(db, `${role}@compare.example`, role);
      cookies[role] = await signIn(server, staff.email, staff.password, {
        "x-forwarded-for": `192.0.2.${roles.indexOf(role) + 1}`,
      });
    }
    const visits: Visit[] = [
      ...[...publicRoutes, ...extraPublicPages].map((page) => ({
        name: `GET ${page}`,
        path: page,
        as: "anonymous" as const,
      })),
      ...adminScreens.flatMap((screen) => {
        const page = screen.replace(/:(\w+)/g, (_, key: keyof typeof ids) => ids[key]);
        return (["anonymous", ...roles] as Visitor[]).map((as) => ({ name: `GET ${screen}`, path: page, as }));
      }),
      ...formAnswers,
    ];
    for (const visit of visits)
      pages.set(`${visit.name} as ${visit.as}`, await render(server, visit, cookies[visit.as]));
    return pages;
  } finally {
    await db.destroy();
    await server.stop();
  }
}

const fileName = (name: string) => `${name.replace(/[^\w-]+/g, "_")}.html`;

function keep(pages: Map<string, string>, folder: string) {
  keepFiles(
    keepAt,
    folder,
    [...pages].map(([name, html]) => [fileName(name), html]),
  );
}

/** Pages by file name: those an earlier run kept in a folder, or those of a revision. */
async function pagesBefore(): Promise<Map<string, string>> {
  const kept = keptFiles(rev, ".html");
  if (kept) return new Map([...kept].map(([file, html]) => [file, html.toString("utf8")]));
  const pages = await ofRevision(rev, pagesOf);
  keep(pages, "before");
  return new Map([...pages].map(([name, html]) => [fileName(name), html]));
}

/** The first line where two pages part, with a little of each around it. */
function firstDifference(before: string, after: string) {
  let at = 0;
  while (at < before.length && before[at] === after[at]) at++;
  const around = (text: string) => JSON.stringify(text.slice(Math.max(0, at - 60), at + 80));
  return `\n      before: ${around(before)}\n      after:  ${around(after)}`;
}

const before = await pagesBefore();
build(root);
const after = await pagesOf(root);
keep(after, "after");

/** The page without the route data React Router streams in for hydration: what the visitor sees. */
const markup = (html: string) => html.replace(/<script[^>]*>window\.__reactRouterContext[\s\S]*?<\/script>/g, "");

let differing = 0;
let dataOnly = 0;
for (const [name, html] of after) {
  const old = before.get(fileName(name));
  if (old === undefined) {
    console.log(`${name.padEnd(70)} not rendered by ${rev}`);
    differing++;
  } else if (markup(old) !== markup(html)) {
    console.log(`${name.padEnd(70)} differs${firstDifference(markup(old), markup(html))}`);
    differing++;
  } else if (old !== html) {
    // The same page; the route data under it changed shape (an action's answer, say).
    console.log(`${name.padEnd(70)} same markup, route data differs${firstDifference(old, html)}`);
    dataOnly++;
  } else console.log(`${name.padEnd(70)} same (${html.slice(0, 3)})`);
}
console.log(
  `\n${after.size - differing} of ${after.size} pages render the same markup as ${rev}` +
    ` (${dataOnly} of them with different route data).`,
);
process.exitCode = differing === 0 ? 0 : 1;
