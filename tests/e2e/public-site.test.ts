import { once } from "node:events";
import { connect } from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/server/db/schema.server";
import { fromJson } from "~/server/db/values.server";
import { TOKEN_MAX_AGE_MS } from "~/server/leads/spam.server";
import { leadByEmail, submissionsOf } from "../support/admin-fixtures";
import type { AppServer } from "../support/app-server";
import { dialects } from "../support/databases";
import { agedFormToken, fetchFormToken, formTokenCookieHeader, withFormSecret } from "../support/form-token";
import { contactFormId } from "../support/load";
import { publicRoutes } from "../support/public-routes";
import { runAppForBlock } from "../support/running-app";

const BASE_URL = "https://agency.example";

describe("the public site, server-rendered", () => {
  const running = runAppForBlock({ BASE_URL });

  const page = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${running.app.url}${path}`, { headers, redirect: "manual" });
    return { status: response.status, html: await response.text(), response };
  };

  it.each(publicRoutes)("%s has a title, description, keywords and a canonical URL", async (path) => {
    const { status, html } = await page(path);
    expect(status).toBe(200);
    expect(html).toMatch(/<title>[^<]{10,}<\/title>/);
    expect(html).toMatch(/<meta name="description" content="[^"]{30,}"/);
    expect(html).toMatch(/<meta name="keywords" content="[^"]+"/);
    expect(html).toContain(`<link rel="canonical" href="${BASE_URL}${path}"/>`);
    expect(html).toMatch(/<h1[^>]*>/);
  });

  it("gives the home page sharing tags, organisation data, the contact section and the hero", async () => {
    const { html } = await page("/");
    expect(html).toContain('property="og:title"');
    expect(html).toContain('name="twitter:card"');
    const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(jsonLd!.replaceAll("&quot;", '"'))).toMatchObject({ "@type": "Organization", name: "ScaleLeap" });
    expect(html).toContain('id="contact-section"');
    expect(html).toContain("Book Free Strategy Call");
    expect(html).toContain("Download Our PPC Portfolio");
    expect(html).toContain("No video has been uploaded yet");
    // The way to upload one is for staff, never shown to visitors.
    expect(html).not.toContain("admin dashboard");
    expect(html).toContain("Winter Special");
  });

  it("answers unknown pages, industries and posts with the 404 screen", async () => {
    for (const path of ["/industries/space", "/blog/no-such-post", "/nothing/here"]) {
      const { status, html } = await page(path);
      expect(status, path).toBe(404);
      expect(html).toContain("Oops! Page not found");
    }
  });

  it("shows prices from the database, in dollars or rupees", async () => {
    const usd = (await page("/pricing")).html;
    for (const price of ["$199", "$699", "$1,549", "$974", "$1,299", "$1,274", "$1,699"]) expect(usd).toContain(price);
    expect(usd).toContain("Most Popular");
    expect(usd).toContain("25% OFF Winter Special");
    const inr = (await page("/pricing", { cookie: "currency=INR" })).html;
    for (const price of ["₹14,999", "₹49,999", "₹1,14,999"]) expect(inr).toContain(price);
    expect((await page("/services/paid-ads")).html).toContain("Management plans starting from $199/month");

    await running.db.updateTable("pricing_plans").set({ price_usd: 749 }).where("title", "=", "Growth").execute();
    expect((await page("/pricing")).html).toContain("$749");
    await running.db.updateTable("pricing_plans").set({ is_active: false }).where("title", "=", "Scale").execute();
    expect((await page("/pricing")).html).not.toContain("$1,549");
  });

  it("remembers the visitor's currency choice", async () => {
    const response = await fetch(`${running.app.url}/currency`, {
      method: "POST",
      redirect: "manual",
      // The site's own page posts it, from BASE_URL's origin.
      headers: { "content-type": "application/x-www-form-urlencoded", origin: BASE_URL },
      body: new URLSearchParams({ currency: "INR", redirectTo: "/pricing" }),
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/pricing");
    expect(response.headers.get("set-cookie")).toMatch(/^currency=INR; Path=\/; Max-Age=\d+/);
    expect((await page("/pricing")).response.headers.get("vary")).toMatch(/Cookie/);
  });

  it("lists the published posts and renders one with Article data", async () => {
    const list = (await page("/blog")).html;
    expect(list.match(/>Read More</g)).toHaveLength(4);
    const post = (await page("/blog/conversion-tracking-checklist")).html;
    expect(post).toContain("The Conversion Tracking Checklist Every Advertiser Needs");
    expect(post).toContain('"@type":"Article"');
    await running.db
      .updateTable("blog_posts")
      .set({ status: "draft" })
      .where("slug", "=", "conversion-tracking-checklist")
      .execute();
    expect((await page("/blog/conversion-tracking-checklist")).status).toBe(404);
    expect((await page("/blog")).html.match(/>Read More</g)).toHaveLength(3);
  });

  it("publishes robots.txt and both sitemaps", async () => {
    const robots = await page("/robots.txt");
    expect(robots.html).toContain("Disallow: /admin");
    expect(robots.html).toContain(`Sitemap: ${BASE_URL}/sitemap.xml`);
    const xml = await page("/sitemap.xml");
    expect(xml.response.headers.get("content-type")).toContain("application/xml");
    for (const path of publicRoutes.filter((path) => !path.startsWith("/blog/"))) {
      expect(xml.html).toContain(`<loc>${BASE_URL}${path === "/" ? "/" : path}</loc>`);
    }
    expect(xml.html).toMatch(
      /<loc>https:\/\/agency\.example\/blog\/meta-ads-creative-testing<\/loc><lastmod>\d{4}-\d\d-\d\d<\/lastmod>/,
    );
    expect(xml.html).not.toContain("/admin");
    const html = (await page("/sitemap")).html;
    expect(html).toContain('href="/industries/real-estate"');
    expect(html).toContain('href="/blog/meta-ads-creative-testing"');
  });
});

/** The form submissions stored on the lead with this e-mail address. */
const submissionsByEmail = (db: Database, email: string) =>
  db
    .selectFrom("form_submissions")
    .innerJoin("leads", "leads.id", "form_submissions.lead_id")
    .select(["form_submissions.id", "form_submissions.data"])
    .where("leads.email", "=", email)
    .execute();

/** The lead form posted without JavaScript, as a browser sends it from the site, with any further headers. */
const postLeadForm = (app: AppServer, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(`${app.url}/lead`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url, ...headers },
    body: new URLSearchParams(fields),
  });

describe.each(dialects)("visitor forms without JavaScript (%s)", (dialect) => {
  const running = runAppForBlock({ NOTIFY_EMAILS: "sales@agency.example", ...withFormSecret }, { dialect });

  /** A form post as the browser sends it: the fields, and the form token as a cookie (`form_token` here names it). */
  const submit = (fields: Record<string, string>, withToken = true) => {
    // Each post is a visit of its own, with the token that visit's page set.
    const token = agedFormToken({ userAgent: "TestBrowser/1.0" });
    const { form_token: sentToken, ...body } = withToken ? { form_token: token, website_url: "", ...fields } : fields;
    return postLeadForm(running.app, body, {
      referer: `${running.app.url}/?utm_source=google&utm_medium=cpc&utm_campaign=winter`,
      "user-agent": "TestBrowser/1.0",
      ...(sentToken === undefined ? {} : { cookie: formTokenCookieHeader(sentToken) }),
    });
  };

  it("saves a contact request with its submission and answers with the success message", async () => {
    const response = await submit({
      flow: "contact",
      name: "Asha Rao",
      email: "asha@example.com",
      country: "india",
      budget: "",
    });
    // The enquiry goes straight on to the times for its call.
    expect(response.status).toBe(200);
    expect(new URL(response.url).pathname).toBe("/book");
    const html = await response.text();
    expect(html).toContain("Thank you, Asha Rao! Your strategy call request has been submitted.");
    const lead = await leadByEmail(running.db, "asha@example.com");
    expect(lead).toMatchObject({
      name: "Asha Rao",
      source: "Contact Form",
      status: "new",
      message: "Country: India\nIndustry: Not specified\nBudget: Not specified\nMessage: No message",
      utm_source: "google",
      utm_campaign: "winter",
      ip_address: null,
      spam_reason: null,
    });
    expect(await running.db.selectFrom("email_outbox").select("kind").where("lead_id", "=", lead.id).execute()).toEqual(
      [{ kind: "lead_notification" }],
    );
    const formId = await contactFormId(running.db);
    expect(lead.form_id).toBe(formId);
    const [submission] = await submissionsOf(running.db, lead.id);
    expect(submission).toMatchObject({
      form_id: formId,
      utm_medium: "cpc",
      user_agent: "TestBrowser/1.0",
      ip_address: null,
    });
  });

  it("refuses missing and overlong fields with a 4xx and saves nothing", async () => {
    const before = (await running.db.selectFrom("leads").select("id").execute()).length;
    const missing = await submit({ flow: "contact", name: "", email: "" });
    expect(missing.status).toBe(400);
    const html = await missing.text();
    expect(html).toContain("Missing Information");
    expect(html).toContain("Please fill in your name and email address.");
    expect((await submit({ flow: "contact", name: "x".repeat(201), email: "a@example.com" })).status).toBe(400);
    expect((await submit({ flow: "contact", name: "A", email: "not-an-email" })).status).toBe(400);
    expect(
      (await submit({ flow: "contact", name: "A", email: "a@example.com", message: "m".repeat(5001) })).status,
    ).toBe(400);
    expect((await submit({ flow: "newsletter", email: "" })).status).toBe(400);
    expect((await running.db.selectFrom("leads").select("id").execute()).length).toBe(before);
  });

  it("answers odd and hostile bodies with a 4xx, never a 500, and saves nothing of them", async () => {
    const before = (await running.db.selectFrom("leads").select("id").execute()).length;
    const post = (body: string, type: string, length?: number) =>
      fetch(`${running.app.url}/lead`, {
        method: "POST",
        headers: {
          "content-type": type,
          origin: running.app.url,
          ...(length ? { "content-length": String(length) } : {}),
        },
        body,
      });
    expect((await post('{"name":"A","email":"a@example.com"}', "application/json")).status).toBe(415);
    expect((await post("--x\r\nbroken", "multipart/form-data; boundary=x")).status).toBe(400);
    const huge = await post(`flow=contact&message=${"m".repeat(300 * 1024)}`, "application/x-www-form-urlencoded");
    expect(huge.status).toBe(413);
    expect(await huge.text()).toContain("too large");
    expect((await submit({ flow: "contact", name: "Nul\u0000Byte", email: "nul@example.com" })).status).toBe(400);
    const absent = await submit({ flow: "contact", email: "absent@example.com" });
    expect(absent.status).toBe(400);
    expect(await absent.text()).toContain("Please fill in your name and email address.");
    // Not a flow, though `in` would have said so: an unknown flow is the contact form.
    expect((await submit({ flow: "constructor", name: "", email: "" })).status).toBe(400);
    expect((await running.db.selectFrom("leads").select("id").execute()).length).toBe(before);
  });

  it("saves newsletter, guide and get-started leads with the source and message each flow stores", async () => {
    expect((await submit({ flow: "newsletter", email: "news@example.com" })).status).toBe(200);
    expect(
      (
        await submit({
          flow: "guide",
          name: "G",
          email: "guide@example.com",
          guideTitle: "Download 50 Winning PPC Strategies",
        })
      ).status,
    ).toBe(200);
    expect(
      (await submit({ flow: "get-started", name: "S", email: "start@example.com", sourceLabel: "Growth Plan" })).status,
    ).toBe(200);
    const leads = await running.db
      .selectFrom("leads")
      .select(["email", "name", "source", "phone", "company", "message"])
      .execute();
    const byEmail = Object.fromEntries(leads.map((lead) => [lead.email, lead]));
    expect(byEmail["news@example.com"]).toMatchObject({ name: "Newsletter Subscriber", source: "Newsletter Form" });
    expect(byEmail["guide@example.com"]).toMatchObject({
      source: "PDF Download - Download 50 Winning PPC Strategies",
      phone: null,
      company: null,
      message: null,
    });
    expect(byEmail["start@example.com"]).toMatchObject({ source: "Get Started - Growth Plan" });
  });
});

describe.each(dialects)("spam defence on the visitor forms (%s)", (dialect) => {
  // Each test is its own visitor, with an address of its own (through the trusted loopback proxy).
  const running = runAppForBlock({ TRUST_PROXY: "loopback", ...withFormSecret }, { dialect });

  /** `form_token` goes where the browser sends it: in the Cookie header. */
  const submit = ({ form_token: token, ...fields }: Record<string, string>, visitor = "203.0.113.10") =>
    postLeadForm(
      running.app,
      { flow: "contact", name: "Bot", ...fields },
      { "x-forwarded-for": visitor, ...(token === undefined ? {} : { cookie: formTokenCookieHeader(token) }) },
    );
  const flag = async (email: string) =>
    (
      await running.db
        .selectFrom("leads")
        .select(["is_spam", "spam_reason"])
        .where("email", "=", email)
        .executeTakeFirstOrThrow()
    ).spam_reason;

  /** The token the contact page's image sets for this visitor (their address through the proxy). */
  const tokenFor = (visitor: string) => fetchFormToken(running.app.url, "/contact", { "x-forwarded-for": visitor });

  it("keeps suspected spam, flagged, while answering with the normal success, and mails nobody", async () => {
    const token = await tokenFor("203.0.113.10");
    const tooFast = await submit({ email: "fast@example.com", form_token: token });
    expect(tooFast.status).toBe(200);
    // The same answer as a person's: on to the times for the enquiry.
    expect(await tooFast.text()).toContain("Thank you, Bot! Your strategy call request has been submitted.");
    expect(await flag("fast@example.com")).toMatch(/^sent [\d.]+ s after the page loaded$/);

    // The same visitor, a person's time later: the server's own signing, with the test's secret.
    const aged = agedFormToken({ clientIp: "203.0.113.10" });
    expect(
      (await submit({ email: "pot@example.com", form_token: aged, website_url: "http://spam.example" })).status,
    ).toBe(200);
    expect(await flag("pot@example.com")).toBe("honeypot field filled");
    expect((await submit({ email: "forged@example.com", form_token: "1700000000000.forged" })).status).toBe(200);
    expect(await flag("forged@example.com")).toBe("missing or forged form token");
    expect((await submit({ email: "someone@mailinator.com", form_token: aged })).status).toBe(200);
    expect(await flag("someone@mailinator.com")).toBe("disposable e-mail domain mailinator.com");
    expect((await submit({ email: "real@example.com", form_token: aged })).status).toBe(200);
    expect(await flag("real@example.com")).toBeNull();

    const spamLeads = running.db.selectFrom("leads").select("id").where("spam_reason", "is not", null);
    expect(
      await running.db.selectFrom("email_outbox").select("id").where("lead_id", "in", spamLeads).execute(),
    ).toEqual([]);
  });

  it("answers 429 with a clear message past the per-address and per-IP limits", async () => {
    const visitor = "203.0.113.20";
    const token = agedFormToken({ clientIp: visitor });
    const statuses: number[] = [];
    for (let index = 0; index < 6; index++) {
      statuses.push((await submit({ email: "again@example.com", form_token: token }, visitor)).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await submit({ email: "again@example.com", form_token: token }, visitor);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await refused.text()).toContain("Too many submissions. Please try again in a few minutes.");
    expect(await submissionsByEmail(running.db, "again@example.com")).toHaveLength(5);
    // Refused forms do not count: five more addresses make this visitor's ten forms in ten minutes...
    const more: number[] = [];
    for (let index = 0; index < 5; index++) {
      more.push((await submit({ email: `other${index}@example.com`, form_token: token }, visitor)).status);
    }
    expect(more).toEqual([200, 200, 200, 200, 200]);
    // ...and the next is refused whatever the address, while another visitor is still welcome.
    expect((await submit({ email: "fresh@example.com", form_token: token }, visitor)).status).toBe(429);
    expect((await submit({ email: "fresh@example.com", form_token: token }, "203.0.113.21")).status).toBe(200);
  });

  it("takes a person's lead with the token their visit got, however their address moves within its network", async () => {
    const visitor = "198.51.100.40";
    const token = await tokenFor(visitor);
    // The page's token, a person's time later (its signature is the server's, with the test's secret).
    expect(token).toMatch(/^\d+\.[\w-]+\.[\w-]+$/);
    expect(
      (await submit({ email: "person@example.com", form_token: agedFormToken({ clientIp: visitor }) }, visitor)).status,
    ).toBe(200);
    expect(await flag("person@example.com")).toBeNull();
    // A phone handed another address of its provider's network between page and post.
    const moved = agedFormToken({ clientIp: "198.51.100.41" });
    expect((await submit({ email: "moved@example.com", form_token: moved }, "198.51.100.199")).status).toBe(200);
    expect(await flag("moved@example.com")).toBeNull();
  });

  it("keeps a token to its visitor: another network or browser, a fourth lead, an expired token are flagged and kept", async () => {
    const visitor = "198.51.100.60";
    const token = agedFormToken({ clientIp: visitor });
    // One token, sent from other networks: none of those leads counts as a person's.
    const elsewhere = ["203.0.113.61", "192.0.2.62", "100.64.0.63"];
    for (const [index, address] of elsewhere.entries()) {
      expect((await submit({ email: `elsewhere${index}@example.com`, form_token: token }, address)).status).toBe(200);
      expect(await flag(`elsewhere${index}@example.com`)).toBe(
        "form token issued to another visitor (network or browser changed)",
      );
    }
    const otherBrowser = await postLeadForm(
      running.app,
      { flow: "contact", name: "Bot", email: "other-browser@example.com" },
      { "x-forwarded-for": visitor, "user-agent": "python-requests/2.32", cookie: formTokenCookieHeader(token) },
    );
    expect(otherBrowser.status).toBe(200);
    expect(await flag("other-browser@example.com")).toBe(
      "form token issued to another visitor (network or browser changed)",
    );
    // Its own visitor, with the token of another visit (the one above has served its leads, flagged or
    // not): three leads, then the fourth is flagged.
    const own = agedFormToken({ clientIp: visitor }, Date.now() - 1000);
    for (const index of [1, 2, 3]) {
      expect((await submit({ email: `own${index}@example.com`, form_token: own }, visitor)).status).toBe(200);
      expect(await flag(`own${index}@example.com`)).toBeNull();
    }
    const fourth = await submit({ email: "own4@example.com", form_token: own }, visitor);
    expect(fourth.status).toBe(200);
    expect(await fourth.text()).toContain("Thank you, Bot! Your strategy call request has been submitted.");
    expect(await flag("own4@example.com")).toBe("form token already sent 3 leads");
    // A token from hours ago: the server's signing, dated past the token's lifetime.
    const expired = agedFormToken({ clientIp: "198.51.100.70" }, Date.now() - TOKEN_MAX_AGE_MS);
    expect((await submit({ email: "late@example.com", form_token: expired }, "198.51.100.70")).status).toBe(200);
    expect(await flag("late@example.com")).toBe("form token expired");
    // Every one of them is kept, for staff to judge; none mailed anybody.
    const flagged = running.db.selectFrom("leads").select("id").where("spam_reason", "is not", null);
    expect(await running.db.selectFrom("email_outbox").select("id").where("lead_id", "in", flagged).execute()).toEqual(
      [],
    );
  });
});

describe.each(dialects)("the public form endpoint (%s)", (dialect) => {
  // Tests are separate senders, each from an address of its own (through the trusted loopback proxy).
  const running = runAppForBlock({ TRUST_PROXY: "loopback" }, { dialect });
  let formId: string;
  beforeAll(async () => {
    formId = (
      await running.db
        .selectFrom("forms")
        .select("id")
        .where("name", "=", "Newsletter Signup")
        .executeTakeFirstOrThrow()
    ).id;
  });

  let senders = 0;
  const post = (id: string, body: BodyInit, type?: string, sender = `198.51.100.${++senders}`) =>
    fetch(`${running.app.url}/api/forms/${id}/submissions`, {
      method: "POST",
      headers: {
        origin: "https://partner.example",
        "x-forwarded-for": sender,
        ...(type ? { "content-type": type } : {}),
      },
      body,
    });

  it("answers the CORS preflight of other sites", async () => {
    const response = await fetch(`${running.app.url}/api/forms/${formId}/submissions`, {
      method: "OPTIONS",
      headers: { origin: "https://partner.example", "access-control-request-method": "POST" },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("access-control-allow-methods")).toContain("POST");
  });

  it("accepts JSON, URL-encoded and multipart submissions as leads of that form", async () => {
    expect(
      (await post(formId, JSON.stringify({ name: "Jay", email: "json@example.com", plan: "pro" }), "application/json"))
        .status,
    ).toBe(201);
    expect((await post(formId, new URLSearchParams({ name: "Url", email: "url@example.com" }))).status).toBe(201);
    const multipart = new FormData();
    multipart.set("name", "Multi");
    multipart.set("email", "multi@example.com");
    const response = await post(formId, multipart);
    expect(response.status).toBe(201);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    const leads = await running.db
      .selectFrom("leads")
      .select(["email", "source", "form_id"])
      .where("form_id", "=", formId)
      .execute();
    expect(leads.map((lead) => lead.email).sort()).toEqual([
      "json@example.com",
      "multi@example.com",
      "url@example.com",
    ]);
    expect(leads.every((lead) => lead.source === "Newsletter Signup")).toBe(true);
    const [submission] = await submissionsByEmail(running.db, "json@example.com");
    expect(fromJson(submission?.data, {})).toMatchObject({ plan: "pro" });
  });

  it("names the missing fields and refuses NUL characters, whatever the form id", async () => {
    const absent = await post(formId, JSON.stringify({ email: "absent@example.com" }), "application/json");
    expect(absent.status).toBe(400);
    expect((await absent.json()).error).toBe("Please fill in your name and email address.");
    const nul = await post(formId, JSON.stringify({ name: "A\u0000", email: "nul@example.com" }), "application/json");
    expect(nul.status).toBe(400);
    expect(await nul.json()).toEqual({ error: "Fields may not contain NUL characters." });
    const oddId = await post("%00", "name: A", "text/plain");
    expect(oddId.status).toBe(404);
    expect(oddId.headers.get("access-control-allow-origin")).toBe("*");
    expect(
      await running.db
        .selectFrom("leads")
        .select("id")
        .where("email", "in", ["absent@example.com", "nul@example.com"])
        .execute(),
    ).toEqual([]);
  });

  it("says clearly what is wrong: unknown form, inactive form, bad input", async () => {
    const unknown = await post(
      "no-such-form",
      JSON.stringify({ name: "A", email: "a@example.com" }),
      "application/json",
    );
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: "No form with this id exists." });
    // A missing form is said first, whatever else is wrong with the submission.
    expect((await post("no-such-form", "{not json", "application/json")).status).toBe(404);
    await running.db.updateTable("forms").set({ status: "inactive" }).where("id", "=", formId).execute();
    const inactive = await post(formId, JSON.stringify({ name: "A", email: "a@example.com" }), "application/json");
    expect(inactive.status).toBe(409);
    await running.db.updateTable("forms").set({ status: "active" }).where("id", "=", formId).execute();
    expect((await post(formId, JSON.stringify({ name: "", email: "" }), "application/json")).status).toBe(400);
    // A body that does not parse is the sender's mistake to fix, not a type we do not take.
    const malformed = await post(formId, "{not json", "application/json");
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: "The body is not valid JSON." });
    const list = await post(formId, JSON.stringify([{ name: "A", email: "a@example.com" }]), "application/json");
    expect(list.status).toBe(400);
    expect((await list.json()).error).toContain("JSON object of fields");
    const noBoundary = await post(formId, "name=A", "multipart/form-data");
    expect(await noBoundary.json()).toEqual({ error: "The body is not valid multipart form data." });
    const plainText = await post(formId, "name: A", "text/plain");
    expect(plainText.status).toBe(415);
    expect(await plainText.json()).toEqual({ error: "Send the fields as JSON, URL-encoded or multipart form data." });
    expect(
      (await post(formId, JSON.stringify({ name: "Caps", email: "caps@example.com" }), "Application/JSON")).status,
    ).toBe(201);
    expect(
      (
        await post(
          formId,
          JSON.stringify({ name: "A", email: "a@example.com", note: "x".repeat(5001) }),
          "application/json",
        )
      ).status,
    ).toBe(413);
  });

  it("refuses other methods and bodies over the size cap with a clear answer, and sends no page headers", async () => {
    const get = await fetch(`${running.app.url}/api/forms/${formId}/submissions`);
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST, OPTIONS");
    expect(await get.json()).toEqual({ error: "Use POST to submit this form." });
    expect(get.headers.get("x-content-type-options")).toBe("nosniff");
    expect(get.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(get.headers.get("cache-control")).toBe("no-store");

    const huge = await post(
      formId,
      JSON.stringify({ name: "A", email: "huge@example.com", blob: "x".repeat(2 ** 21) }),
      "application/json",
    );
    expect(huge.status).toBe(413);
    expect((await huge.json()).error).toContain("At most 50 fields");
    expect(await running.db.selectFrom("leads").select("id").where("email", "=", "huge@example.com").execute()).toEqual(
      [],
    );
  });

  it("lets a sender on a slow line finish its oversized body and hear the refusal, not a reset", async () => {
    const { hostname, port } = new URL(running.app.url);
    const socket = connect(Number(port), hostname);
    await once(socket, "connect");
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk.toString("latin1");
    });
    const closed = once(socket, "close");
    const body = Buffer.alloc(2 * 1024 * 1024, "x");
    const write = (data: string | Buffer) =>
      new Promise<void>((resolve, reject) => socket.write(data, (error) => (error ? reject(error) : resolve())));
    await write(
      `POST /api/forms/${formId}/submissions HTTP/1.1\r\nHost: ${hostname}:${port}\r\nX-Forwarded-For: 198.51.100.250\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    // The server has the headers, and with them the size, long before the last byte arrives.
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (let at = 0; at < body.length; at += 64 * 1024) await write(body.subarray(at, at + 64 * 1024));
    socket.end();
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain("At most 50 fields");
  });

  it("limits one address to five submissions an hour, with Retry-After, and stores only those five", async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 6; index++) {
      const response = await post(
        formId,
        JSON.stringify({ name: "Rate", email: "Rate@Example.com" }),
        "application/json",
        "192.0.2.77",
      );
      statuses.push(response.status);
      if (response.status === 429) {
        expect(response.headers.get("retry-after")).toMatch(/^\d+$/);
        expect(await response.json()).toEqual({ error: "Too many submissions. Please try again in a few minutes." });
      }
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    expect(await submissionsByEmail(running.db, "Rate@Example.com")).toHaveLength(5);
  });
});

describe.each(dialects)("campaign attribution (%s)", (dialect) => {
  const running = runAppForBlock(withFormSecret, { dialect });

  it("credits the lead to the campaign the visit began with, the submission to the last one", async () => {
    const landing = await fetch(`${running.app.url}/?utm_source=google&utm_medium=cpc&utm_campaign=winter`);
    const cookie = landing.headers.getSetCookie().find((value) => value.startsWith("utm_first="))!;
    expect(cookie).toContain("HttpOnly");
    const token = agedFormToken();
    const response = await postLeadForm(
      running.app,
      {
        flow: "contact",
        name: "Tracked",
        email: "tracked@example.com",
        pageUrl: `${running.app.url}/pricing?utm_source=newsletter&utm_campaign=december`,
      },
      { cookie: formTokenCookieHeader(token, cookie.split(";")[0]!) },
    );
    expect(response.status).toBe(200);
    const lead = await leadByEmail(running.db, "tracked@example.com");
    expect(lead).toMatchObject({ utm_source: "google", utm_medium: "cpc", utm_campaign: "winter" });
    const [submission] = await submissionsOf(running.db, lead.id);
    expect(submission).toMatchObject({ utm_source: "newsletter", utm_medium: null, utm_campaign: "december" });
  });
});

describe.each(dialects)("the analytics beacon (%s)", (dialect) => {
  const running = runAppForBlock({ TRUST_PROXY: "loopback" }, { dialect });

  const send = (body: string, visitor = "203.0.113.30") =>
    fetch(`${running.app.url}/api/events`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": visitor },
      body,
    });

  it("records events first-party with their campaign, and refuses malformed ones with a 4xx", async () => {
    const ok = await send(
      JSON.stringify({
        event_type: "page_view",
        page_url: "https://agency.example/pricing?utm_source=fb",
        properties: { a: 1 },
      }),
    );
    expect(ok.status).toBe(204);
    expect(
      await running.db
        .selectFrom("analytics_events")
        .select(["event_type", "utm_source"])
        .where("page_url", "=", "https://agency.example/pricing?utm_source=fb")
        .execute(),
    ).toEqual([{ event_type: "page_view", utm_source: "fb" }]);
    expect((await send("not json")).status).toBe(400);
    expect((await send(JSON.stringify({ event_type: "<script>" }))).status).toBe(400);
    expect((await send(JSON.stringify({ event_type: "big", properties: { x: "y".repeat(5000) } }))).status).toBe(413);
    // Refused from its length alone, before the server reads any of it.
    expect((await send(JSON.stringify({ event_type: "huge", properties: { x: "y".repeat(64 * 1024) } }))).status).toBe(
      413,
    );
    expect((await fetch(`${running.app.url}/api/events`)).status).toBe(405);
  });

  it("takes 120 events a minute from one visitor, then answers 429 and records no more; others go on", async () => {
    const event = (index: number) =>
      JSON.stringify({ event_type: "page_view", page_url: `https://agency.example/busy?n=${index}` });
    const statuses: number[] = [];
    for (let index = 0; index < 121; index++) statuses.push((await send(event(index), "203.0.113.40")).status);
    expect(statuses.slice(0, 120)).toEqual(Array(120).fill(204));
    expect(statuses[120]).toBe(429);
    const refused = await send(event(999), "203.0.113.40");
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: "Too many events." });
    expect((await send(event(1000), "203.0.113.41")).status).toBe(204);
    const recorded = await running.db
      .selectFrom("analytics_events")
      .select("page_url")
      .where("page_url", "like", "https://agency.example/busy?n=%")
      .execute();
    expect(recorded).toHaveLength(121);
    expect(recorded.map((row) => row.page_url)).not.toContain("https://agency.example/busy?n=999");
  });
});

describe.each(dialects)("when the database refuses a write (%s)", (dialect) => {
  const running = runAppForBlock({ LOG_LEVEL: "fatal", ...withFormSecret }, { dialect });

  it("tells the visitor and the sending site to retry, and leaves nothing half-written", async () => {
    const formId = await contactFormId(running.db);
    // The lead's transaction queues mail; without the outbox table that step fails, after the lead insert.
    await running.db
      .insertInto("site_settings")
      .values({ key: "notification_emails", value: '["sales@agency.example"]', updated_at: new Date().toISOString() })
      .execute();
    await running.db.schema.dropTable("email_outbox").execute();
    const token = agedFormToken();
    const page = await postLeadForm(
      running.app,
      { flow: "contact", name: "A", email: "a@example.com" },
      { cookie: formTokenCookieHeader(token) },
    );
    expect(page.status).toBe(503);
    expect(await page.text()).toContain("There was an issue submitting your request. Please try again.");
    const api = await fetch(`${running.app.url}/api/forms/${formId}/submissions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "B", email: "b@example.com" }),
    });
    expect(api.status).toBe(503);
    expect(await api.json()).toEqual({ error: "The submission could not be saved. Please try again." });
    expect(await running.db.selectFrom("leads").select("id").execute()).toEqual([]);
    expect(await running.db.selectFrom("form_submissions").select("id").execute()).toEqual([]);
  });
});
