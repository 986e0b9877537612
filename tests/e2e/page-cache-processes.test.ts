import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/server/db/database.server";
import type { Database } from "~/server/db/schema.server";
import { dialects } from "../support/databases";
import { agedFormToken, formTokenCookieHeader, withFormSecret } from "../support/form-token";
import { type SharedDeployment, startSharedDeployment } from "../support/shared-database";
import { addStaff, signIn } from "../support/staff";

describe.each(dialects)("two app processes on one %s database", (dialect) => {
  let deployment: SharedDeployment;
  let db: Database;
  const first = () => deployment.servers[0]!;
  const second = () => deployment.servers[1]!;
  beforeAll(async () => {
    deployment = await startSharedDeployment(dialect, 2, { TRUST_PROXY: "loopback", ...withFormSecret });
    db = openDatabase(deployment.database);
  });
  afterAll(async () => {
    await db?.destroy();
    await deployment?.stop();
  });

  const page = async (url: string, path: string) => {
    const response = await fetch(`${url}${path}`);
    return { cache: response.headers.get("x-cache"), html: await response.text() };
  };

  it("caches a visitor's page in both, and shows an admin's edit through one on the other's very next request", async () => {
    for (const server of [first(), second()]) {
      await page(server.url, "/");
      expect((await page(server.url, "/")).cache).toBe("HIT");
    }
    const admin = await addStaff(db, "owner@agency.example", "admin");
    const cookie = await signIn(first(), admin.email, admin.password);
    const saved = await fetch(`${first().url}/admin/settings`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie, origin: first().url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "save-site-info", site_title: "Shared Edit Agency" }),
    });
    expect(saved.status).toBe(200);
    const next = await page(second().url, "/");
    expect(next.cache).toBe("MISS");
    expect(next.html).toMatch(/<title>Shared Edit Agency \| /);
    expect((await page(second().url, "/")).cache).toBe("HIT");
  });

  it("shares sessions: signed in through one, the other knows the staff member", async () => {
    const editor = await addStaff(db, "editor@agency.example", "editor");
    const cookie = await signIn(second(), editor.email, editor.password);
    const screen = await fetch(`${first().url}/admin/pages`, { headers: { cookie }, redirect: "manual" });
    expect(screen.status).toBe(200);
    const signedOut = await fetch(`${first().url}/admin/pages`, { redirect: "manual" });
    expect(signedOut.status).toBe(302);
  });

  /** A newsletter sign-up without JavaScript, through one process, from an address through the proxy. */
  const subscribe = (server: { url: string }, email: string, address: string, token: string) =>
    fetch(`${server.url}/lead`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: server.url,
        "x-forwarded-for": address,
        cookie: formTokenCookieHeader(token),
      },
      body: new URLSearchParams({ flow: "newsletter", email }),
    });

  it("shares the visitor-form rate limits", async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 6; index++) {
      // Six visitors, each with the token their own visit got.
      const address = `198.51.${100 + index}.1`;
      const server = index % 2 ? second() : first();
      statuses.push(
        (await subscribe(server, "limited@example.com", address, agedFormToken({ clientIp: address }))).status,
      );
    }
    // Five an hour per address, counted across both processes.
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it("counts a form token's leads across both processes", async () => {
    const address = "203.0.113.90";
    const token = agedFormToken({ clientIp: address });
    for (let index = 0; index < 4; index++) {
      const server = index % 2 ? second() : first();
      expect((await subscribe(server, `token-use${index}@example.com`, address, token)).status).toBe(200);
    }
    const flags = await db
      .selectFrom("leads")
      .select(["email", "spam_reason"])
      .where("email", "like", "token-use%")
      .orderBy("email")
      .execute();
    expect(flags.map((lead) => lead.spam_reason)).toEqual([null, null, null, "form token already sent 3 leads"]);
  });

  it("loses no acknowledged lead when one process is killed in the middle of submissions", async () => {
    const victim = first();
    const acknowledged: string[] = [];
    let sent = 0;
    let killed = false;
    const submit = async (index: number) => {
      const email = `burst-${index}@example.com`;
      try {
        const response = await fetch(`${victim.url}/lead`, {
          method: "POST",
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            origin: victim.url,
            "x-forwarded-for": `10.${Math.floor(index / 250)}.${index % 250}.1`,
          },
          body: new URLSearchParams({ flow: "contact", name: "Burst", email }),
          redirect: "manual",
        });
        // Without JavaScript a saved enquiry is answered by the times for its own call.
        if (response.status === 303 && response.headers.get("location")?.startsWith("/book?lead="))
          acknowledged.push(email);
      } catch {
        // The process died under this request: it was never acknowledged.
      }
    };
    const senders = Array.from({ length: 8 }, async () => {
      while (!killed && sent < 2000) await submit(sent++);
    });
    // Kill once a good number of leads are in, while more are in flight.
    const deadline = Date.now() + 30_000;
    while (acknowledged.length < 40 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    victim.process.kill("SIGKILL");
    killed = true;
    await Promise.all(senders);
    expect(acknowledged.length).toBeGreaterThanOrEqual(40);

    const saved = await db.selectFrom("leads").select("email").where("email", "like", "burst-%").execute();
    const savedEmails = new Set(saved.map((lead) => lead.email));
    expect(acknowledged.filter((email) => !savedEmails.has(email))).toEqual([]);
    // The other process carries on serving and saving.
    expect((await page(second().url, "/contact")).html).toContain("contact-section");
  });
});
