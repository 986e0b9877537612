import { describe, expect, it } from "vitest";
import { dialects } from "../support/databases";
import { freePort } from "../support/free-port";
import { contactFormId, withDatabase } from "../support/load";
import { appPerTest } from "../support/running-app";

const TOKEN = "metrics-token-for-the-test-0123";

describe.each(dialects)("metrics on %s", (dialect) => {
  const startApp = appPerTest();

  it("counts requests by route pattern, leads and the outbox, for the token or on the loopback port only", async () => {
    const metricsPort = await freePort();
    const app = await startApp(
      { METRICS_TOKEN: TOKEN, METRICS_PORT: String(metricsPort), NOTIFY_EMAILS: "sales@agency.example" },
      { dialect },
    );
    const formId = await withDatabase(app.database, contactFormId);
    const lead = await fetch(`${app.url}/api/forms/${formId}/submissions`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Ana", email: "ana@example.com" }),
    });
    expect(lead.status).toBe(201);
    const invalid = await fetch(`${app.url}/api/forms/${formId}/submissions`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "No e-mail" }),
    });
    expect(invalid.status).toBe(400);
    expect((await fetch(`${app.url}/blog/a-post-that-is-not-there`)).status).toBe(404);
    expect((await fetch(`${app.url}/`)).status).toBe(200);

    expect((await fetch(`${app.url}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${app.url}/metrics`, { headers: { Authorization: "Bearer not-the-token-at-all" } });
    expect(wrong.status).toBe(401);
    const scraped = await fetch(`${app.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(scraped.status).toBe(200);
    expect(scraped.headers.get("content-type")).toContain("text/plain");
    const text = await scraped.text();
    expect(text).toMatch(
      /^http_requests_total\{method="POST",route="\/api\/forms\/:formId\/submissions",status="201"\} 1$/m,
    );
    // The visitor's path never becomes a label: the route's pattern does.
    expect(text).toMatch(/^http_requests_total\{method="GET",route="\/blog\/:slug",status="404"\} 1$/m);
    expect(text).not.toContain("a-post-that-is-not-there");
    expect(text).toMatch(/^http_request_duration_seconds_bucket\{le="0\.5",method="POST",route=/m);
    expect(text).toMatch(/^agency_leads_captured_total\{via="api"\} 1$/m);
    expect(text).toMatch(/^agency_leads_refused_total\{via="api",reason="invalid"\} 1$/m);
    // No SMTP server: the lead's notification waits in the outbox.
    expect(text).toMatch(/^agency_outbox_mails\{status="queued"\} 1$/m);
    expect(text).toMatch(/^agency_outbox_oldest_waiting_seconds \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds /m);
    // The home page is kept (the error page is not), with its bytes.
    expect(text).toMatch(/^agency_page_cache_entries 1$/m);
    expect(text).toMatch(/^agency_page_cache_bytes [1-9]\d*$/m);
    if (dialect === "postgres") expect(text).toMatch(/^agency_db_pool_connections\{pool="app",state="total"\} \d+$/m);

    // The separate port answers without a token, on loopback.
    const local = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(local.status).toBe(200);
    expect(await local.text()).toContain("agency_leads_captured_total");
  });

  it("has no metrics when neither METRICS_TOKEN nor METRICS_PORT is set", async () => {
    const app = await startApp({}, { dialect });
    const answer = await fetch(`${app.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(answer.status).toBe(404);
    expect(await answer.text()).not.toContain("http_requests_total");
  });
});
