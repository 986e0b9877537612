import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { connect } from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/server/db/schema.server";
import { setStaffDisabled } from "~/server/users/staff-users.server";
import { storedSetting } from "../support/admin-fixtures";
import type { AppServer } from "../support/app-server";
import { childEnv } from "../support/child-env";
import { dialects } from "../support/databases";
import { MULTIPART_TYPE, makePdf, multipart } from "../support/files";
import { contactFormId } from "../support/load";
import { logCaughtUp } from "../support/log-marker";
import { runAppForBlock } from "../support/running-app";
import { addStaff, cookieHeader, setupCodeFrom, signIn, signInRequest } from "../support/staff";

/** A page of the same site on another port, or on a sibling subdomain: what SameSite=Lax lets through. */
const OTHER_PORT_ORIGIN = "http://127.0.0.1:1";

function cliEnv(app: AppServer) {
  return childEnv(
    app.database.dialect === "postgres" ? { DATABASE_URL: app.database.connectionString } : { DATA_DIR: app.dataDir },
  );
}

function cli(app: AppServer, args: string[], input?: string) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn("npm", ["run", "-s", "cli", "--", ...args], { env: cliEnv(app) });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input ?? "");
  });
}

/** One request written by hand, for request lines fetch() cannot send. Resolves with the status line. */
function rawRequest(app: AppServer, requestLine: string) {
  const { hostname, port } = new URL(app.url);
  return new Promise<string>((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(`${requestLine}\r\nHost: ${hostname}:${port}\r\nConnection: close\r\n\r\n`);
    });
    let received = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk) => {
      received += chunk;
    });
    socket.on("end", () => resolve(received));
    socket.on("error", reject);
  });
}

function auditActions(db: Database, action: string) {
  return db
    .selectFrom("audit_logs")
    .select(["actor_email", "entity_id", "summary"])
    .where("action", "=", action)
    .execute();
}

describe.each(dialects)("requests from another origin (%s)", (dialect) => {
  const running = runAppForBlock({}, { dialect });
  let admin: string;
  beforeAll(async () => {
    await addStaff(running.db, "boss@example.com", "admin");
    admin = await signIn(running.app, "boss@example.com", "staff-pass-2468");
  });

  const guideSetting = async () => (await storedSetting(running.db, "ppc_strategies_pdf")) ?? "null";

  const upload = (headers: Record<string, string>) =>
    fetch(`${running.app.url}/admin/uploads?bucket=pdfs&prefix=ppc_strategies_pdf`, {
      method: "POST",
      headers: { cookie: admin, "content-type": MULTIPART_TYPE, ...headers },
      body: multipart([
        { name: "file", filename: "guide.pdf", type: "application/pdf", data: makePdf("Forged guide") },
      ]),
    });

  it("refuses an upload of the guide file from another port or a sibling subdomain, and keeps the guide", async () => {
    const before = await guideSetting();
    const fromOtherPort = await upload({ origin: OTHER_PORT_ORIGIN });
    expect(fromOtherPort.status).toBe(403);
    expect(await fromOtherPort.text()).toContain("came from another site");
    // A browser that leaves Origin out still says where the request came from.
    expect((await upload({ "sec-fetch-site": "same-site" })).status).toBe(403);
    expect((await upload({ "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect(await guideSetting()).toBe(before);

    const fromTheSite = await upload({ origin: running.app.url, "sec-fetch-site": "same-origin" });
    expect(fromTheSite.status).toBe(200);
    expect(JSON.parse(await guideSetting())).toBe(((await fromTheSite.json()) as { url: string }).url);
  });

  it("refuses every unsafe request from another origin to routes without a page", async () => {
    const send = (path: string, init: RequestInit & { headers?: Record<string, string> }) =>
      fetch(`${running.app.url}${path}`, {
        method: "POST",
        redirect: "manual",
        ...init,
        headers: { origin: OTHER_PORT_ORIGIN, ...init.headers },
      });
    const form = { "content-type": "application/x-www-form-urlencoded" };

    const exported = await send("/admin/leads/gdpr/export", {
      headers: { cookie: admin, ...form },
      body: new URLSearchParams({ email: "someone@example.com" }),
    });
    expect(exported.status).toBe(403);
    expect(await auditActions(running.db, "gdpr.export")).toEqual([]);

    const logout = await send("/admin/logout", { headers: { cookie: admin } });
    expect(logout.status).toBe(403);
    expect((await fetch(`${running.app.url}/admin`, { headers: { cookie: admin }, redirect: "manual" })).status).toBe(
      200,
    );

    const currency = await send("/currency", { headers: form, body: new URLSearchParams({ currency: "INR" }) });
    expect(currency.status).toBe(403);
    expect(currency.headers.getSetCookie()).toEqual([]);

    const eventsBefore = await running.db.selectFrom("analytics_events").select("id").execute();
    const beacon = await send("/api/events", {
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ event_type: "page_view", page_url: "/" }),
    });
    expect(beacon.status).toBe(403);
    expect(await running.db.selectFrom("analytics_events").select("id").execute()).toHaveLength(eventsBefore.length);

    const signOut = await send("/api/auth/sign-out", {
      headers: { cookie: admin, "content-type": "application/json" },
      body: "{}",
    });
    expect(signOut.status).toBe(403);

    // Pages' actions go through the same rule.
    const usersBefore = await running.db.selectFrom("user").select("id").execute();
    const createUser = await send("/admin/users", {
      headers: { cookie: admin, ...form },
      body: new URLSearchParams({
        intent: "create",
        email: "forged@example.com",
        password: "staff-pass-2468",
        role: "admin",
      }),
    });
    expect(createUser.status).toBe(403);
    expect(await running.db.selectFrom("user").select("id").execute()).toHaveLength(usersBefore.length);
    expect((await fetch(`${running.app.url}/admin`, { headers: { cookie: admin }, redirect: "manual" })).status).toBe(
      200,
    );
  });

  it("lets the site itself and non-browser clients through, and keeps the public form endpoint open", async () => {
    const sameSite = await fetch(`${running.app.url}/api/events`, {
      method: "POST",
      headers: { origin: running.app.url, "content-type": "application/json" },
      body: JSON.stringify({ event_type: "page_view", page_url: "/" }),
    });
    expect(sameSite.status).toBe(204);
    // Neither Origin nor Sec-Fetch-Site: a script or a monitoring probe, not a tricked browser.
    const program = await fetch(`${running.app.url}/currency`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ currency: "INR", redirectTo: "/pricing" }),
    });
    expect(program.status).toBe(302);

    const formId = await contactFormId(running.db);
    const partner = await fetch(`${running.app.url}/api/forms/${formId}/submissions`, {
      method: "POST",
      headers: { origin: "https://partner.example", "content-type": "application/json" },
      body: JSON.stringify({ name: "Partner Lead", email: "partner-lead@example.com" }),
    });
    expect(partner.status).toBe(201);
  });
});

describe.each(dialects)("sign-in lockout (%s)", (dialect) => {
  const running = runAppForBlock({ TRUST_PROXY: "loopback" }, { dialect });
  beforeAll(async () => {
    await addStaff(running.db, "boss@example.com", "admin", "the-real-password");
    await addStaff(running.db, "six@example.com", "sales", "six-password");
  });

  /** better-auth's per-IP limit (10 attempts a minute) counts in the same table: let its minute pass. */
  const forgetPerIpMinute = () => running.db.deleteFrom("rate_limits").where("key", "like", "auth:%").execute();

  const attempt = (email: string, password: string, from: string) =>
    signInRequest(running.app, email, password, { "x-forwarded-for": from });

  it("locks out the address that guessed, never the real person at theirs", async () => {
    const statuses: number[] = [];
    for (let guess = 0; guess < 10; guess++) {
      statuses.push((await attempt("boss@example.com", `guess-${guess}`, "203.0.113.7")).status);
    }
    expect(statuses).toEqual(Array(10).fill(401));
    // Locked means locked, also for the right password, from that address, also once the per-IP
    // minute of better-auth's own limit has passed.
    await forgetPerIpMinute();
    expect((await attempt("boss@example.com", "the-real-password", "203.0.113.7")).status).toBe(429);

    const owner = await attempt("BOSS@example.com", "the-real-password", "198.51.100.20");
    expect(owner.status).toBe(200);
    expect(cookieHeader(owner)).toContain("session_token");

    const locks = await auditActions(running.db, "auth.sign_in_locked");
    expect(locks).toHaveLength(1);
    // The account it names, and no typed address: a keyed hash stands for it.
    const boss = await running.db
      .selectFrom("user")
      .select("id")
      .where("email", "=", "boss@example.com")
      .executeTakeFirst();
    expect(locks[0]?.actor_email).toBeNull();
    expect(locks[0]?.entity_id).toBe(boss?.id);
    const stored = locks[0]?.summary;
    const summary = typeof stored === "string" ? stored : JSON.stringify(stored);
    expect(summary).toContain("203.0.113.7");
    expect(summary).toMatch(/"emailKey":\s?"[0-9a-f]{40}"/);
    expect(summary).not.toContain("boss");
  });

  it("counts failures only, keeps no address in its counters, and a sign-in clears its address's count", async () => {
    const keys = async () => (await running.db.selectFrom("rate_limits").select("key").execute()).map((row) => row.key);
    expect((await attempt("boss@example.com", "wrong", "198.51.100.30")).status).toBe(401);
    expect((await keys()).some((key) => key.endsWith(":198.51.100.30"))).toBe(true);
    expect((await attempt("boss@example.com", "the-real-password", "198.51.100.30")).status).toBe(200);
    expect((await keys()).some((key) => key.endsWith(":198.51.100.30"))).toBe(false);
    expect((await keys()).join("\n")).not.toContain("boss@");
  });

  it("counts an IPv6 client by its /64", async () => {
    const statuses: number[] = [];
    for (let guess = 0; guess < 10; guess++) {
      statuses.push((await attempt("six@example.com", `guess-${guess}`, `2001:db8:7:7::${guess + 1}`)).status);
    }
    expect(statuses).toEqual(Array(10).fill(401));
    await forgetPerIpMinute();
    expect((await attempt("six@example.com", "six-password", "2001:db8:7:7:ffff::1")).status).toBe(429);
    expect((await attempt("six@example.com", "six-password", "2001:db8:7:8::1")).status).toBe(200);
  });

  it("lifts a lock with users:unlock, audited", async () => {
    await forgetPerIpMinute();
    expect((await attempt("boss@example.com", "the-real-password", "203.0.113.7")).status).toBe(429);
    // The sign-in screen goes through the same lock, and says what to do.
    const screen = await fetch(`${running.app.url}/admin/login`, {
      method: "POST",
      redirect: "manual",
      headers: {
        origin: running.app.url,
        "content-type": "application/x-www-form-urlencoded",
        "x-forwarded-for": "203.0.113.7",
      },
      body: new URLSearchParams({ step: "password", email: "boss@example.com", password: "the-real-password" }),
    });
    expect(screen.status).toBe(429);
    expect(await screen.text()).toContain("ask an admin to unlock your account");
    const unlocked = await cli(running.app, ["users:unlock", "--email", "boss@example.com"]);
    expect(unlocked.stderr).toMatch(/^Database: (SQLite|PostgreSQL) [^\n]+\n$/);
    expect(unlocked.stdout).toContain("Sign-in of boss@example.com unlocked");
    expect(unlocked.code).toBe(0);
    expect((await attempt("boss@example.com", "the-real-password", "203.0.113.7")).status).toBe(200);
    expect(await auditActions(running.db, "auth.sign_in_unlocked")).toHaveLength(1);
  });
});

describe.each(dialects)("better-auth's own endpoints (%s)", (dialect) => {
  const running = runAppForBlock({}, { dialect });
  let cookie: string;
  beforeAll(async () => {
    await addStaff(running.db, "boss@example.com", "admin");
    await addStaff(running.db, "long-lived@example.com", "sales");
    cookie = await signIn(running.app, "boss@example.com", "staff-pass-2468");
  });

  const call = (path: string, body?: unknown) =>
    fetch(`${running.app.url}/api/auth${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { cookie, origin: running.app.url, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it("answers 404 for every endpoint the screens do not use, so account changes go through audited actions", async () => {
    const refused = [
      await call("/change-password", { currentPassword: "staff-pass-2468", newPassword: "changed-outside-1" }),
      await call("/two-factor/enable", { password: "staff-pass-2468" }),
      await call("/two-factor/disable", { password: "staff-pass-2468" }),
      await call("/update-user", { name: "Renamed Outside" }),
      await call("/list-sessions"),
      await call("/revoke-sessions", {}),
      await call("/sign-in/%2e%2e/change-password", { currentPassword: "staff-pass-2468", newPassword: "changed-2" }),
    ];
    expect(refused.map((response) => response.status)).toEqual(Array(refused.length).fill(404));
    const user = await running.db
      .selectFrom("user")
      .select(["name"])
      .where("email", "=", "boss@example.com")
      .executeTakeFirst();
    expect(user?.name).not.toBe("Renamed Outside");
    // The password is unchanged and the session still works.
    expect(await signIn(running.app, "boss@example.com", "staff-pass-2468")).toContain("session_token");
    const session = await call("/get-session");
    expect(session.status).toBe(200);
    expect(((await session.json()) as { user?: { email?: string } }).user?.email).toBe("boss@example.com");
  });

  it("ends a session past its absolute lifetime wherever it is read, better-auth's session endpoint included", async () => {
    const old = await signIn(running.app, "long-lived@example.com", "staff-pass-2468");
    const token = decodeURIComponent(old.split("=")[1] ?? "").split(".")[0]!;
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 60 * 60 * 1000).toISOString();
    await running.db.updateTable("session").set({ created_at: eightDaysAgo }).where("token", "=", token).execute();
    const response = await fetch(`${running.app.url}/api/auth/get-session`, { headers: { cookie: old } });
    const body = response.status === 200 ? await response.json() : null;
    expect(body).toBeNull();
    expect(await running.db.selectFrom("session").select("id").where("token", "=", token).execute()).toEqual([]);
  });
});

/** CPU time the server process (all its threads) has used so far, in clock ticks. */
function cpuTicks(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return Number(fields[11]) + Number(fields[12]);
}

describe.each(dialects)("refusals that tell nothing (%s)", (dialect) => {
  const running = runAppForBlock({ TRUST_PROXY: "loopback" }, { dialect });
  beforeAll(async () => {
    await addStaff(running.db, "active@example.com", "sales");
    const leaver = await addStaff(running.db, "leaver@example.com", "sales");
    await setStaffDisabled(running.db, leaver.id, true, { id: null, email: "test" });
  });

  // The work a refusal costs is what its timing shows from outside; measuring the server's CPU time
  // instead of the clock keeps the comparison steady on a busy machine.
  async function workOf(email: string, password: string, from: number) {
    const before = cpuTicks(running.app.process.pid!);
    for (let index = 0; index < 4; index++) {
      const response = await signInRequest(running.app, email, password, {
        "x-forwarded-for": `192.0.2.${from + index}`,
      });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ code: "INVALID_EMAIL_OR_PASSWORD" });
    }
    return cpuTicks(running.app.process.pid!) - before;
  }

  it("refuses a disabled account with the same answer and the same password hashing as a wrong password", async () => {
    const wrongPassword = await workOf("active@example.com", "not-the-password", 10);
    const unknown = await workOf("nobody@example.com", "staff-pass-2468", 20);
    const disabled = await workOf("leaver@example.com", "staff-pass-2468", 30);
    expect(wrongPassword).toBeGreaterThan(0);
    expect(disabled).toBeGreaterThanOrEqual(wrongPassword * 0.5);
    expect(unknown).toBeGreaterThanOrEqual(wrongPassword * 0.5);
  });
});

describe.each(dialects)("personal data in logs and counters (%s)", (dialect) => {
  const running = runAppForBlock({ LOG_LEVEL: "info" }, { dialect });
  let admin: string;
  beforeAll(async () => {
    await addStaff(running.db, "boss@example.com", "admin");
    admin = await signIn(running.app, "boss@example.com", "staff-pass-2468");
  });

  it("keeps the query strings of staff screens out of the access log", async () => {
    for (const path of ["/admin/leads?q=gina.searched%40example.com", "/admin/clients?q=Gina%20Searched"]) {
      expect((await fetch(`${running.app.url}${path}`, { headers: { cookie: admin } })).status).toBe(200);
    }
    const anonymous = await fetch(`${running.app.url}/admin/leads?q=gina.searched%40example.com`, {
      redirect: "manual",
    });
    expect(anonymous.status).toBe(302);
    // Other spellings the router opens as the same screen, sent as written (fetch would resolve the dots).
    for (const path of ["/./admin/leads?q=gina.searched%40example.com", "/%2e/admin/clients?q=Gina%20Searched"]) {
      expect(await rawRequest(running.app, `GET ${path} HTTP/1.1`), path).toMatch(/^HTTP\/1\.1 302 /);
    }
    const log = await logCaughtUp(running.app);
    expect(log).toContain('"url":"/admin/leads?[redacted]"');
    expect(log).toContain('"url":"/./admin/leads?[redacted]"');
    expect(log).toContain('"url":"/%2e/admin/clients?[redacted]"');
    expect(log.toLowerCase()).not.toContain("gina");
    expect(log).not.toContain("searched");
  });

  it("keys rate limits by a keyed hash, and GDPR erase reaches counters, mails, events and submissions", async () => {
    const formId = await contactFormId(running.db);
    const submitted = await fetch(`${running.app.url}/api/forms/${formId}/submissions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Gina Erased", email: "Gina.Erased@example.com" }),
    });
    expect(submitted.status).toBe(201);
    const beacon = await fetch(`${running.app.url}/api/events`, {
      method: "POST",
      headers: { origin: running.app.url, "content-type": "application/json" },
      body: JSON.stringify({
        event_type: "pdf_download_success",
        properties: { lead_email: "gina.erased@example.com" },
      }),
    });
    expect(beacon.status).toBe(204);
    // A welcome mail already sent to the address, and one still queued.
    const mail = (id: string, status: string) => ({
      id,
      lead_id: null,
      kind: "guide_welcome",
      to_address: "gina.erased@example.com",
      subject: "Your guide",
      text_body: "Hello Gina",
      html_body: null,
      status,
      attempts: status === "sent" ? 1 : 0,
      last_error: null,
      next_attempt_at: new Date().toISOString(),
      locked_until: null,
      sent_at: status === "sent" ? new Date().toISOString() : null,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    });
    await running.db
      .insertInto("email_outbox")
      .values([mail(crypto.randomUUID(), "sent"), mail(crypto.randomUUID(), "failed")] as never)
      .execute();

    // Someone typed the address into the sign-in form: refused, audited without it.
    const typed = await signInRequest(running.app, "Gina.Erased@example.com", "not-her-password-at-all");
    expect(typed.status).toBe(401);
    const refusedSignIns = async () =>
      JSON.stringify(
        await running.db.selectFrom("audit_logs").selectAll().where("action", "=", "auth.sign_in_failed").execute(),
      );
    expect((await refusedSignIns()).toLowerCase()).not.toContain("gina");
    expect(await refusedSignIns()).toContain("emailKey");

    const counters = async () =>
      (await running.db.selectFrom("rate_limits").select("key").execute()).map((row) => row.key);
    const emailCounters = (await counters()).filter((key) => key.startsWith("lead-email:"));
    expect(emailCounters).toHaveLength(1);
    expect(emailCounters[0]).toMatch(/^lead-email:[0-9a-f]{40}$/);
    expect((await counters()).join("\n").toLowerCase()).not.toContain("gina");

    const erase = await fetch(`${running.app.url}/admin/leads/gdpr`, {
      method: "POST",
      headers: { cookie: admin, origin: running.app.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "erase", email: "gina.erased@example.com" }),
    });
    expect(erase.status).toBe(200);
    const page = await erase.text();
    // The lead's counter, and the refused sign-in's two (for the account, and from that address).
    expect(page).toMatch(/3(<!-- -->)? rate-limit counter\(s\)/);
    expect(page).toMatch(/1(<!-- -->)? refused sign-in\(s\) in the audit log/);
    expect(await refusedSignIns()).not.toContain("emailKey");

    expect((await counters()).filter((key) => key.startsWith("lead-email:"))).toEqual([]);
    const left = await Promise.all([
      running.db.selectFrom("leads").select("id").where("email", "=", "Gina.Erased@example.com").execute(),
      running.db.selectFrom("email_outbox").select("id").where("to_address", "=", "gina.erased@example.com").execute(),
      running.db.selectFrom("form_submissions").select("data").execute(),
      running.db.selectFrom("analytics_events").select("properties").execute(),
    ]);
    expect(left[0]).toEqual([]);
    expect(left[1]).toEqual([]);
    expect(JSON.stringify(left[2]).toLowerCase()).not.toContain("gina");
    expect(JSON.stringify(left[3]).toLowerCase()).not.toContain("gina");
  });
});

describe("malformed requests", () => {
  const running = runAppForBlock();

  it("answers 4xx, or a redirect with a percent-encoded Location, and logs a warning without a stack", async () => {
    expect((await fetch(`${running.app.url}/uploads/%c0%ae%c0%ae/app.db`)).status).toBe(400);
    expect(await rawRequest(running.app, "GET http://attacker.example/admin/users HTTP/1.1")).toMatch(
      /^HTTP\/1\.1 400 /,
    );
    expect(await rawRequest(running.app, "GET * HTTP/1.1")).toMatch(/^HTTP\/1\.1 400 /);
    expect(await rawRequest(running.app, "OPTIONS * HTTP/1.1")).toMatch(/^HTTP\/1\.1 400 /);

    const switchCurrency = (redirectTo: string) =>
      fetch(`${running.app.url}/currency`, {
        method: "POST",
        redirect: "manual",
        headers: { origin: running.app.url, "content-type": "application/x-www-form-urlencoded" },
        body: `currency=INR&redirectTo=${redirectTo}`,
      });
    const chinese = await switchCurrency("/%E4%BD%A0");
    expect(chinese.status).toBe(302);
    expect(chinese.headers.get("location")).toBe("/%E4%BD%A0");
    // The raw header bytes: no byte outside ASCII may reach the client.
    const raw = await rawRequestWithBody(running.app, "/currency", "currency=USD&redirectTo=/pricing%C2%BF'");
    expect(raw).toMatch(/^HTTP\/1\.1 302 /);
    expect(raw).toContain("\r\nlocation: /pricing%C2%BF'\r\n");
    expect([...raw].every((character) => character.charCodeAt(0) < 0x80)).toBe(true);

    // Dot segments that leave `//host` behind go home instead of to another site.
    for (const elsewhere of ["/..//evil.test", "/pricing/../..//evil.test/x", "/%2e%2e//evil.test"]) {
      const back = await switchCurrency(encodeURIComponent(elsewhere));
      expect(back.status, elsewhere).toBe(302);
      expect(back.headers.get("location"), elsewhere).toBe("/");
    }

    // The sign-in page, with a target it will percent-encode when it sends the person there.
    const signInBack = await fetch(`${running.app.url}/admin/login?redirectTo=/admin/%E4%BD%A0`, {
      redirect: "manual",
    });
    expect(signInBack.status).toBe(200);

    // Methods no route takes, and a post to a page without an action: refused, as the client's mistake.
    for (const method of ["TRACE", "PROPFIND", "MKCOL"]) {
      const response = await rawRequest(running.app, `${method} / HTTP/1.1`);
      expect(response, method).toMatch(/^HTTP\/1\.1 405 /);
      expect(response, method).not.toMatch(/\bat .+:\d+:\d+\)/);
    }
    const postToPage = await fetch(`${running.app.url}/pricing`, {
      method: "POST",
      headers: { origin: running.app.url, "content-type": "application/x-www-form-urlencoded" },
      body: "a=1",
    });
    expect(postToPage.status).toBe(405);
    expect(await postToPage.text()).not.toMatch(/\bat .+:\d+:\d+\)/);

    const log = await logCaughtUp(running.app);
    // Each refusal is in the log, as a warning (pino's level 40).
    for (const method of ["TRACE", "PROPFIND", "MKCOL"]) {
      expect(log).toMatch(new RegExp(`"level":40[^\n]*"method":"${method}"`));
    }
    expect(log).toMatch(/"level":40[^\n]*"method":"POST","url":"\/pricing"/);
    expect(log).not.toContain('"level":50');
    expect(log).not.toContain("URIError");
    expect(log).not.toMatch(/\bat .+:\d+:\d+\)/);
  });
});

function rawRequestWithBody(app: AppServer, path: string, body: string) {
  const { hostname, port } = new URL(app.url);
  return new Promise<string>((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nOrigin: ${app.url}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    });
    let received = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk) => {
      received += chunk;
    });
    socket.on("end", () => resolve(received.split("\r\n\r\n")[0] ?? ""));
    socket.on("error", reject);
  });
}

describe.each(dialects)("first-admin setup code (%s)", (dialect) => {
  const running = runAppForBlock({}, { dialect });

  const setup = (fields: Record<string, string>) =>
    fetch(`${running.app.url}/admin/setup`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: running.app.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });

  it("gives the first admin account only to whoever has the code from the server's log", async () => {
    const code = setupCodeFrom(running.app);
    expect(code).toMatch(/^[A-Z2-9]{5}(-[A-Z2-9]{5}){3}$/);
    const page = await (await fetch(`${running.app.url}/admin/setup`)).text();
    expect(page).toContain("Setup code");

    const withoutCode = await setup({ email: "first@example.com", password: "staff-pass-2468" });
    expect(withoutCode.status).toBe(400);
    expect(await withoutCode.text()).toContain("Enter the setup code from the server");
    const wrongCode = await setup({
      email: "first@example.com",
      password: "staff-pass-2468",
      setupCode: "AAAAA-BBBBB",
    });
    expect(wrongCode.status).toBe(400);
    expect(await wrongCode.text()).toContain("That setup code is not right");
    expect(await running.db.selectFrom("user").select("id").execute()).toEqual([]);

    const printed = await cli(running.app, ["setup-code"]);
    expect(printed.code).toBe(0);
    expect(printed.stdout.trim()).toBe(code);

    // Typed by hand: case, spaces and dashes do not matter.
    const typed = code.toLowerCase().replaceAll("-", " ");
    const created = await setup({ email: "first@example.com", password: "staff-pass-2468", setupCode: typed });
    expect(created.status).toBe(302);
    expect(created.headers.get("location")).toBe("/admin/login");
    expect(await signIn(running.app, "first@example.com", "staff-pass-2468")).toContain("session_token");

    expect((await setup({ email: "second@example.com", password: "staff-pass-2468", setupCode: code })).status).toBe(
      409,
    );
    const after = await cli(running.app, ["setup-code"]);
    expect(after.code).toBe(1);
    expect(after.stderr).toContain("Setup is complete");
  });
});

describe("passwords for the CLI", () => {
  const running = runAppForBlock();

  it("reads the password from standard input with --password-stdin", async () => {
    const created = await cli(
      running.app,
      ["users:create", "--email", "piped@example.com", "--role", "editor", "--password-stdin"],
      "piped password 1\n",
    );
    // The database it opened, and no warning about the password.
    expect(created.stderr).toMatch(/^Database: (SQLite|PostgreSQL) [^\n]+\n$/);
    expect(created.stdout).toContain("Created piped@example.com (editor)");
    expect(await signIn(running.app, "piped@example.com", "piped password 1")).toContain("session_token");

    const reset = await cli(
      running.app,
      ["users:reset-password", "--email", "piped@example.com", "--password-stdin"],
      "piped password 2",
    );
    expect(reset.code).toBe(0);
    expect(await signIn(running.app, "piped@example.com", "piped password 2")).toContain("session_token");
  });

  it("refuses a short or common password from standard input and creates no account", async () => {
    for (const [password, message] of [
      ["tenletters", "Passwords must be at least 12 characters."],
      ["1qaz2wsx3edc", "That password is on a list of common and breached passwords."],
    ]) {
      const refused = await cli(
        running.app,
        ["users:create", "--email", "weak@example.com", "--role", "editor", "--password-stdin"],
        `${password}\n`,
      );
      expect(refused.code, password).toBe(1);
      expect(refused.stderr, password).toContain(message);
    }
    const users = await running.db.selectFrom("user").select("email").execute();
    expect(users.map((user) => user.email)).not.toContain("weak@example.com");
  });

  it("still takes --password, with a warning, and refuses to guess without a terminal", async () => {
    const flagged = await cli(running.app, [
      "users:create",
      "--email",
      "flagged@example.com",
      "--role",
      "sales",
      "--password",
      "flag-password",
    ]);
    expect(flagged.code).toBe(0);
    expect(flagged.stderr).toContain("Warning: --password leaves the password in your shell history");
    expect(await signIn(running.app, "flagged@example.com", "flag-password")).toContain("session_token");

    const none = await cli(running.app, ["users:create", "--email", "none@example.com", "--role", "sales"]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain("pipe the password in with --password-stdin");
  });

  it("asks on a terminal without echoing what is typed", async () => {
    // script(1) gives the command a pseudo-terminal, as an operator's shell would.
    const command = "npm run -s cli -- users:create --email typed@example.com --role editor";
    const child = spawn("script", ["-qfec", command, "/dev/null"], { env: cliEnv(running.app) });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    const waitFor = async (text: string, from: number) => {
      for (let tries = 0; tries < 600 && !output.slice(from).includes(text); tries++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(output.slice(from)).toContain(text);
      return output.length;
    };
    const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
    let seen = await waitFor("Password: ", 0);
    child.stdin.write("typed-secret-9\r");
    seen = await waitFor("Password (again): ", seen);
    child.stdin.write("typed-secret-9\r");
    await waitFor("Created typed@example.com (editor)", seen);
    child.stdin.end();
    expect(await exited).toBe(0);
    expect(output).not.toContain("typed-secret-9");
    expect(await signIn(running.app, "typed@example.com", "typed-secret-9")).toContain("session_token");
  });
});
