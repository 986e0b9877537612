import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "~/server/db/schema.server";
import { captureLead } from "~/server/leads/capture.server";
import { type AppServer, startAppServer } from "../support/app-server";
import { childEnv } from "../support/child-env";
import { dialects } from "../support/databases";
import { agedFormToken, formTokenCookieHeader, withFormSecret } from "../support/form-token";
import { appDatabase } from "../support/staff";
import {
  addLoopbackEndpoint,
  type Reply,
  startWebhookReceiver,
  verifyStandardWebhook,
} from "../support/webhook-receiver";

const _actor = { id: null, email: "test" };
const _allowLoopback = { allowPrivate: true };

/** Fails instead of hanging when what is awaited does not happen in a generous time. */
function within<T>(promise: Promise<T>, what: string, ms = 20_000) {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`${what} did not happen within ${ms} ms`)), ms),
    ),
  ]);
}

describe.each(dialects)("webhooks from the running app on %s", (dialect) => {
  const cleanups: (() => Promise<unknown> | unknown)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function app(env: Record<string, string> = {}) {
    const started = await startAppServer({ WEBHOOK_ALLOW_PRIVATE: "true", ...withFormSecret, ...env }, { dialect });
    cleanups.push(() => started.stop());
    const db = appDatabase(started);
    cleanups.push(() => db.destroy());
    return { app: started, db };
  }

  async function receiver(reply?: (attempt: number) => Reply) {
    const started = await startWebhookReceiver(reply);
    cleanups.push(started.close);
    return started;
  }

  const submitContact = (app: AppServer, token: string, name: string, email: string) =>
    fetch(`${app.url}/lead`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: app.url,
        referer: `${app.url}/contact?utm_source=newsletter&utm_campaign=spring`,
        cookie: formTokenCookieHeader(token),
      },
      body: new URLSearchParams({ website_url: "", flow: "contact", name, email }),
    });

  const cli = (site: AppServer, args: string[], env: Record<string, string> = {}) =>
    promisify(execFile)("npm", ["run", "-s", "cli", "--", ...args], {
      env: childEnv({
        ...(site.database.dialect === "postgres"
          ? { DATABASE_URL: site.database.connectionString }
          : { DATA_DIR: site.dataDir }),
        ...env,
      }),
      encoding: "utf8",
    });

  it("delivers a lead sent through the site once to an endpoint an operator added, signed so that the receiver verifies it", async () => {
    const { app: site, db } = await app();
    const hooks = await receiver();
    // Without WEBHOOK_ALLOW_PRIVATE the CLI refuses a receiver on this machine, as the admin screen does.
    await expect(cli(site, ["webhooks:add", "--url", hooks.url, "--events", "lead.created"])).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining("https://"),
    });
    const added = await cli(site, ["webhooks:add", "--url", hooks.url, "--events", "lead.created"], {
      WEBHOOK_ALLOW_PRIVATE: "true",
    });
    const endpoint = {
      id: /^id: +(\S+)$/m.exec(added.stdout)![1]!,
      secret: /^secret: +(whsec_\S+)$/m.exec(added.stdout)![1]!,
    };
    expect((await cli(site, ["webhooks:list"])).stdout).toContain(`${endpoint.id}  active  standard  ${hooks.url}`);
    // A visitor whose page set its token a person's time ago.
    const response = await submitContact(site, agedFormToken(), "Rosa Diaz", "rosa@example.com");
    expect(response.status).toBe(200);
    await within(hooks.waitFor(1), "the webhook delivery");
    // A later lead delivered means the worker has passed over the queue since: still one request for the first.
    expect((await submitContact(site, agedFormToken(), "Later", "later@example.com")).status).toBe(200);
    await within(hooks.waitFor(2), "the later lead's delivery");
    expect(hooks.received.map((received) => JSON.parse(received.body).data.lead.email)).toEqual([
      "rosa@example.com",
      "later@example.com",
    ]);
    const [request] = hooks.received;
    expect(verifyStandardWebhook(endpoint.secret, request!.headers, request!.body)).toBe(true);
    const body = JSON.parse(request!.body);
    expect(body).toMatchObject({
      type: "lead.created",
      data: {
        lead: {
          name: "Rosa Diaz",
          email: "rosa@example.com",
          source: "Contact Form",
          attribution: { utm_source: "newsletter", utm_campaign: "spring" },
        },
      },
    });
    const lead = await db
      .selectFrom("leads")
      .select("id")
      .where("email", "=", "rosa@example.com")
      .executeTakeFirstOrThrow();
    expect(body.data.lead.id).toBe(lead.id);
  });

  it("answers visitors while a receiver hangs: the lead is saved and acknowledged without waiting for it", async () => {
    const { app: site, db } = await app();
    const hooks = await receiver(() => "hang");
    await addLoopbackEndpoint(db, hooks.url);
    const token = agedFormToken();
    expect((await submitContact(site, token, "First", "first@example.com")).status).toBe(200);
    await within(hooks.waitFor(1), "the first delivery reaching the hanging receiver");
    // The worker is now stuck on the receiver (for up to 10 s); a visitor's form still goes through at once.
    const second = await submitContact(site, token, "Second", "second@example.com");
    expect(second.status).toBe(200);
    const saved = await db.selectFrom("leads").select("email").where("email", "=", "second@example.com").execute();
    expect(saved).toHaveLength(1);
    const delivery = await db
      .selectFrom("webhook_deliveries")
      .select(["status"])
      .orderBy("id")
      .executeTakeFirstOrThrow();
    expect(delivery.status).toBe("sending");
  });

  it("shares the queue between two app processes: each event reaches the receiver exactly once", async () => {
    const { app: first, db } = await app();
    const sharedDatabase =
      first.database.dialect === "postgres"
        ? { DATABASE_URL: first.database.connectionString }
        : { DATA_DIR: first.dataDir };
    const second = await startAppServer({ WEBHOOK_ALLOW_PRIVATE: "true", ...sharedDatabase });
    cleanups.push(() => second.stop());
    const hooks = await receiver();
    await addLoopbackEndpoint(db, hooks.url, { events: ["lead.created", "form_submission.created"] });
    const capture = (index: number) =>
      captureLead(db as Database, {
        flow: "contact",
        input: { name: `Lead ${index}`, email: `lead${index}@example.com` } as never,
        attribution: { pageUrl: null, referrer: null, userAgent: null, browserInfo: null },
        mail: { baseUrl: first.url, notifyEmails: [] },
      });
    const leads = 40;
    for (let index = 0; index < leads; index++) await capture(index);
    await within(hooks.waitFor(2 * leads), "every delivery", 60_000);
    // One more lead, delivered: the workers have passed over the queue since, and sent nothing twice.
    await capture(leads);
    await within(hooks.waitFor(2 * leads + 2), "the last lead's deliveries", 60_000);
    const ids = hooks.received.map((request) => request.headers["webhook-id"]);
    expect(ids).toHaveLength(2 * leads + 2);
    expect(new Set(ids).size).toBe(2 * leads + 2);
    // Each delivery is marked once its receiver has answered: wait for the last marks.
    await expect
      .poll(
        async () =>
          (await db.selectFrom("webhook_deliveries").select("id").where("status", "!=", "delivered").execute()).length,
        { timeout: 20_000 },
      )
      .toBe(0);
    const deliveries = await db.selectFrom("webhook_deliveries").select(["status", "attempts"]).execute();
    expect(deliveries).toHaveLength(2 * leads + 2);
    expect(deliveries.every((delivery) => delivery.status === "delivered" && Number(delivery.attempts) === 1)).toBe(
      true,
    );
  }, 150_000);
});
