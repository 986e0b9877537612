import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { adminIntentAccess } from "~/lib/roles";
import { adPlatformIntents } from "~/routes/admin/ad-platforms.server";
import { blogIntents } from "~/routes/admin/blog.server";
import { bookingIntents } from "~/routes/admin/bookings.server";
import { clientIntents } from "~/routes/admin/clients.server";
import { formIntents } from "~/routes/admin/forms.server";
import { leadIntents, leadListIntents } from "~/routes/admin/leads.server";
import { gdprIntents } from "~/routes/admin/leads-gdpr.server";
import { pageListIntents } from "~/routes/admin/pages.server";
import { pricingIntents } from "~/routes/admin/pricing.server";
import { settingsIntents } from "~/routes/admin/settings.server";
import { userIntents } from "~/routes/admin/users.server";
import { webhookIntents } from "~/routes/admin/webhooks.server";
import { childEnv } from "../support/child-env";
import { dialects } from "../support/databases";
import { runAppForBlock } from "../support/running-app";
import { addStaff, cookieHeader, setupCodeFrom, signIn, signInRequest } from "../support/staff";
import {
  actionRows,
  intentRoutes,
  type MatrixContext,
  pathOf,
  screenRows,
  unknownIntents,
  type Visitor,
  visitors,
} from "./staff-access-matrix";

/** Each route's intents as the matrix posts them, with `:name` for the path's parameters. */
function intentsInMatrix() {
  const placeholders = new Proxy({}, { get: (_target, key) => `:${String(key)}` }) as Record<string, string>;
  const covered = new Map<string, Set<string>>();
  for (const row of actionRows) {
    const body = row.body(placeholders, { unique: "x", actorEmail: "" } as MatrixContext);
    const intent = body instanceof FormData || body instanceof URLSearchParams ? body.get("intent") : body.intent;
    if (typeof intent !== "string") continue;
    const path = pathOf(row.path, placeholders);
    covered.set(path, (covered.get(path) ?? new Set()).add(intent));
  }
  return covered;
}

describe("the role matrix", () => {
  it("covers every intent the admin's intent tables know", () => {
    const covered = intentsInMatrix();
    const missing = (path: string | string[], intents: Iterable<string>) => {
      const paths = Array.isArray(path) ? path : [path];
      return [...intents]
        .filter((intent) => !paths.some((each) => covered.get(each)?.has(intent)))
        .map((intent) => `${paths.join(" or ")}: ${intent}`);
    };
    expect([
      ...missing("/admin/leads", Object.keys(leadListIntents)),
      ...missing("/admin/leads/:leadId", Object.keys(leadIntents)),
      ...missing("/admin/clients", Object.keys(clientIntents)),
      // Both webhook screens post to the same action; each intent is tried where its button is.
      ...missing(["/admin/webhooks", "/admin/webhooks/:endpointId"], Object.keys(webhookIntents)),
      ...missing("/admin/settings", Object.keys(settingsIntents)),
      ...missing("/admin/users", Object.keys(userIntents)),
      ...missing("/admin/pages", Object.keys(pageListIntents)),
      ...missing("/admin/blog", Object.keys(blogIntents)),
      ...missing("/admin/pricing", Object.keys(pricingIntents)),
      ...missing("/admin/forms", Object.keys(formIntents)),
      ...missing("/admin/leads/gdpr", Object.keys(gdprIntents)),
      ...missing("/admin/bookings", Object.keys(bookingIntents)),
      ...missing("/admin/ad-platforms", Object.keys(adPlatformIntents)),
      ...Object.entries(adminIntentAccess).flatMap(([path, intents]) => missing(path, Object.keys(intents))),
    ]).toEqual([]);
    // The check itself reads what it should: the tables are not empty.
    expect(Object.keys(leadListIntents).length * Object.keys(webhookIntents).length).toBeGreaterThan(0);
  });
});

/** A Cookie header with the cookies of `update` replacing those of the same name. */
function mergeCookies(current: string, update: string) {
  const jar = new Map<string, string>();
  for (const pair of [...current.split("; "), ...update.split("; ")]) {
    const name = pair.split("=")[0];
    if (name) jar.set(name, pair);
  }
  return [...jar.values()].join("; ");
}

/**
 * Other spellings of an admin path that the router opens as the same screen: its first word after
 * `/admin/` capitalised, a trailing slash, and its data request (`.data`, with `?index` kept).
 */
function otherSpellings(path: string) {
  const [pathname, query] = path.split("?") as [string, string | undefined];
  const search = query === undefined ? "" : `?${query}`;
  const capitalised = pathname.replace(
    /^\/admin\/([a-z])/,
    (_match, letter: string) => `/admin/${letter.toUpperCase()}`,
  );
  return [`${capitalised}${search}`, `${pathname}/${search}`, `${pathname}.data${search}`];
}

let clients = 0;
/** A client address of its own for each person the test plays. */
const clientAddress = () => {
  clients++;
  return `10.${Math.floor(clients / 250) % 250}.${clients % 250}.1`;
};

describe.each(dialects)("staff access on the running server (%s)", (dialect) => {
  // Webhook rows point endpoints at this machine (nothing listens there): private addresses are allowed.
  const running = runAppForBlock(
    {
      TRUST_PROXY: "loopback",
      WEBHOOK_ALLOW_PRIVATE: "true",
      ADS_CREDENTIALS_KEY: "a-key-for-the-access-matrix-0123456789",
    },
    { dialect },
  );
  const cookies: Record<Visitor, string> = { anonymous: "", editor: "", sales: "", admin: "" };
  let serial = 0;

  // Each sign-in comes from an address of its own (through the trusted loopback proxy), as separate
  // people would: the sign-in limits stay on and never meet.
  const signInFresh = (email: string, password: string, address = clientAddress()) =>
    signIn(running.app, email, password, { "x-forwarded-for": address });

  beforeAll(async () => {
    for (const role of ["admin", "sales", "editor"] as const) {
      const user = await addStaff(running.db, `${role}@example.com`, role);
      cookies[role] = await signInFresh(user.email, user.password);
    }
  });

  const get = (path: string, visitor: Visitor, cookie = cookies[visitor]) =>
    fetch(`${running.app.url}${path}`, { redirect: "manual", headers: { cookie } });
  const post = (
    path: string,
    visitor: Visitor,
    body: Record<string, string> | URLSearchParams | FormData,
    origin = running.app.url,
    cookie = cookies[visitor],
    address = "127.0.0.1",
  ) =>
    fetch(`${running.app.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        cookie,
        origin,
        "x-forwarded-for": address,
        ...(body instanceof FormData ? {} : { "content-type": "application/x-www-form-urlencoded" }),
      },
      body: body instanceof FormData ? body : new URLSearchParams(body),
    });

  function context(actor = { email: "", cookie: "", address: "127.0.0.1" }): MatrixContext {
    serial++;
    return {
      db: running.db,
      unique: `${dialect}${serial}`,
      adminPost: (path, fields) => post(path, "admin", fields),
      async actorPost(path, fields) {
        const response = await post(path, "anonymous", fields, running.app.url, actor.cookie, actor.address);
        // Some steps (confirming two-factor) rotate the session: keep the newest cookies.
        actor.cookie = mergeCookies(actor.cookie, cookieHeader(response));
        return response;
      },
      signIn: signInFresh,
      actorEmail: actor.email,
    };
  }

  const loginRedirect = (path: string) => `/admin/login?redirectTo=${encodeURIComponent(path)}`;

  const screenCases = screenRows.flatMap((row) =>
    visitors.map((visitor) => ({
      row,
      visitor,
      name:
        typeof row.path === "string"
          ? row.path
          : row.path({ id: ":id", leadId: ":leadId", formId: ":formId", endpointId: ":endpointId", email: ":email" }),
    })),
  );

  it.each(screenCases)("$visitor opens $name: page and data request", async ({ row, visitor }) => {
    const ctx = context();
    const fx = (await row.setup?.(ctx)) ?? {};
    const path = pathOf(row.path, fx);
    const page = await get(path, visitor);
    const data = row.resource ? null : await get(`${path}.data`, visitor);
    if (visitor === "anonymous") {
      expect(page.status).toBe(302);
      expect(page.headers.get("location")).toBe(loginRedirect(path));
      if (data) {
        expect(data.status).toBe(202); // React Router's encoded redirect for data requests
        expect(await data.text()).toContain("/admin/login?redirectTo=");
      }
    } else if (!row.allowed.includes(visitor)) {
      expect(page.status).toBe(302);
      expect(page.headers.get("location")).toBe("/admin/unauthorized");
      if (data) {
        expect(data.status).toBe(403);
        expect(await data.text()).toContain("You don't have permission to access this resource.");
      }
    } else {
      const expected = row.status ?? 200;
      expect(page.status).toBe(expected);
      expect(await page.text()).toContain(typeof row.marker === "string" ? row.marker : row.marker(fx));
      if (data) expect(data.status).toBe(expected);
    }
  });

  const actionCases = actionRows.flatMap((row) => visitors.map((visitor) => ({ row, visitor, name: row.name })));

  it.each(actionCases)("$visitor: $name", async ({ row, visitor }) => {
    const actor = { email: "", cookie: "", address: "127.0.0.1" };
    if (row.ownAccount) {
      // A fresh account of the visitor's role (sales for the anonymous case, whose state must not move),
      // acting from its own address.
      const role = visitor === "anonymous" ? "sales" : visitor;
      actor.email = `own-${dialect}-${++serial}@example.com`;
      actor.address = clientAddress();
      await addStaff(running.db, actor.email, role, "own-password-1");
      actor.cookie = await signInFresh(actor.email, "own-password-1", actor.address);
    }
    const ctx = context(actor);
    const fx = (await row.setup?.(ctx)) ?? {};
    const cookie = row.ownAccount && visitor !== "anonymous" ? actor.cookie : cookies[visitor];
    const path = pathOf(row.path, fx);
    const before = await row.observe(ctx, fx);
    const response = await post(path, visitor, row.body(fx, ctx), running.app.url, cookie, actor.address);
    const after = await row.observe(ctx, fx);
    if (visitor === "anonymous") {
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toMatch(/^\/admin\/login/);
      expect(after).toEqual(before);
    } else if (!row.allowed.includes(visitor)) {
      expect(response.status).toBe(403);
      expect(after).toEqual(before);
      // The router opens the same screen under other spellings; each is refused the same way.
      for (const spelling of otherSpellings(path)) {
        const again = await post(spelling, visitor, row.body(fx, ctx), running.app.url, cookie, actor.address);
        expect(again.status, spelling).toBe(403);
        expect(await row.observe(ctx, fx), spelling).toEqual(before);
      }
    } else {
      expect(response.status, await response.clone().text()).toBe(row.status);
      if (row.location) expect(response.headers.get("location")).toBe(row.location);
      await row.response?.(response, fx);
      await row.after?.(ctx, fx);
      expect(after).not.toEqual(before);
      expect(after).toEqual(row.expected(fx, ctx, before));
    }
  });

  const intentCases = intentRoutes.flatMap((route) =>
    unknownIntents.map((intent) => ({
      route,
      intent,
      name: typeof route.path === "string" ? route.path : route.path({ leadId: ":leadId", endpointId: ":endpointId" }),
    })),
  );

  it.each(intentCases)(
    "$name answers the unknown intent '$intent' with 400 and changes nothing",
    async ({ route, intent }) => {
      const ctx = context();
      const path = pathOf(route.path, (await route.setup?.(ctx)) ?? {});
      const audited = await running.db.selectFrom("audit_logs").select("id").execute();
      const response = await post(path, route.allowedRole, { intent, leadId: "x", id: "x", email: "a@example.com" });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain("Unknown action.");
      expect(await running.db.selectFrom("audit_logs").select("id").execute()).toHaveLength(audited.length);
    },
  );

  it("answers a post to a screen without actions with 405 for those who may open it, 403 for others", async () => {
    for (const path of ["/admin", "/admin/dashboard", "/admin/no-such-screen"]) {
      expect((await post(path, "admin", {})).status, path).toBe(405);
    }
    // An address with nothing behind it has no action, whoever asks; a real admin-only screen refuses.
    expect((await post("/admin/pricing/anything", "sales", {})).status).toBe(405);
    expect((await post("/admin/pricing", "sales", {})).status).toBe(403);
    expect((await post("/admin", "editor", {})).status).toBe(405);
    expect((await get("/admin/uploads", "editor")).status).toBe(405);
  });

  it("judges the path the router opens: other letter cases and encodings of an admin-only screen stay admin-only", async () => {
    // The router matches these regardless of case and after decoding: an admin gets the screens.
    const spellings = ["/admin/leads/GDPR", "/admin/leads/%67dpr", "/ADMIN/Users"];
    for (const path of spellings) {
      const status = (await get(path, "admin")).status;
      expect(status, path).toBe(200);
      const refused = await get(path, "sales");
      expect(refused.status, path).toBe(302);
      expect(refused.headers.get("location"), path).toBe("/admin/unauthorized");
    }
    expect((await get("/admin/leads/GDPR.data", "sales")).status).toBe(403);
    expect((await post("/admin/leads/%47DPR", "sales", { intent: "erase", email: "ana@example.com" })).status).toBe(
      403,
    );
    expect((await post("/admin/leads/Gdpr/Export", "sales", { email: "ana@example.com" })).status).toBe(403);
    const exported = await post("/admin/leads/Gdpr/Export", "admin", { email: "ana@example.com" });
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-type")).toContain("application/json");
    // Allowed screens stay allowed however they are spelled.
    expect((await get("/Admin/Leads", "sales")).status).toBe(200);
  });

  it("shows each role exactly its menu", async () => {
    const menu = async (visitor: Visitor) => {
      const html = await (await get("/admin", visitor)).text();
      const nav = /<nav aria-label="Admin"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? "";
      return [...nav.matchAll(/href="([^"]+)"/g)].map((match) => match[1]);
    };
    expect(await menu("admin")).toEqual([
      "/admin",
      "/admin/leads",
      "/admin/clients",
      "/admin/bookings",
      "/admin/pages",
      "/admin/blog",
      "/admin/forms",
      "/admin/pricing",
      "/admin/users",
      "/admin/audit",
      "/admin/ad-platforms",
      "/admin/settings",
    ]);
    expect(await menu("sales")).toEqual(["/admin", "/admin/leads", "/admin/clients", "/admin/bookings"]);
    expect(await menu("editor")).toEqual(["/admin", "/admin/pages", "/admin/blog", "/admin/forms"]);
  });

  it("marks admin pages noindex, nofollow in the markup and the headers", async () => {
    for (const [path, visitor] of [
      ["/admin/login", "anonymous"],
      ["/admin/setup", "anonymous"],
      ["/admin", "admin"],
    ] as const) {
      const response = await get(path, visitor);
      expect(response.status).toBe(200);
      expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow");
      expect(await response.text()).toContain('<meta name="robots" content="noindex, nofollow"/>');
    }
  });

  it("refuses a cross-origin form post even with a valid session", async () => {
    const before = await running.db.selectFrom("user").select("id").execute();
    const response = await post(
      "/admin/users",
      "admin",
      { intent: "create", email: "csrf@example.com", password: "staff-pass-2468", role: "admin" },
      "https://evil.example",
    );
    expect(response.status).toBe(403);
    expect(await running.db.selectFrom("user").select("id").execute()).toHaveLength(before.length);

    const signOut = await fetch(`${running.app.url}/api/auth/sign-out`, {
      method: "POST",
      headers: { cookie: cookies.admin, origin: "https://evil.example", "content-type": "application/json" },
      body: "{}",
    });
    expect(signOut.status).toBe(403);
    expect((await get("/admin", "admin")).status).toBe(200);
  });
});

describe.each(dialects)("sessions (%s)", (dialect) => {
  const running = runAppForBlock({}, { dialect });
  beforeAll(async () => {
    await addStaff(running.db, "boss@example.com", "admin");
  });

  const dashboard = (cookie: string) => fetch(`${running.app.url}/admin`, { redirect: "manual", headers: { cookie } });

  it("ends a session at sign-out", async () => {
    const cookie = await signIn(running.app, "boss@example.com", "staff-pass-2468");
    expect((await dashboard(cookie)).status).toBe(200);
    const out = await fetch(`${running.app.url}/admin/logout`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie, origin: running.app.url },
    });
    expect(out.headers.get("location")).toBe("/admin/login");
    expect((await dashboard(cookie)).status).toBe(302);
  });

  it("ends a disabled user's sessions at once, and refuses their sign-in", async () => {
    const user = await addStaff(running.db, "leaver@example.com", "sales");
    const cookie = await signIn(running.app, user.email, user.password);
    expect((await dashboard(cookie)).status).toBe(200);
    const admin = await signIn(running.app, "boss@example.com", "staff-pass-2468");
    const disable = await fetch(`${running.app.url}/admin/users`, {
      method: "POST",
      headers: { cookie: admin, origin: running.app.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "disable", userId: user.id }),
    });
    expect(disable.status).toBe(200);
    expect((await dashboard(cookie)).status).toBe(302);
    await expect(signIn(running.app, user.email, user.password)).rejects.toThrow("401");
  });

  it("ends a session after its absolute lifetime, however active", async () => {
    const cookie = await signIn(running.app, "boss@example.com", "staff-pass-2468");
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 60 * 60 * 1000).toISOString();
    const token = decodeURIComponent(cookie.split("=")[1] ?? "").split(".")[0]!;
    await running.db.updateTable("session").set({ created_at: eightDaysAgo }).where("token", "=", token).execute();
    const response = await dashboard(cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/admin\/login/);
    expect(await running.db.selectFrom("session").select("id").where("token", "=", token).execute()).toEqual([]);
  });
});

describe.each(dialects)("sign-in rate limits (%s)", (dialect) => {
  const running = runAppForBlock({}, { dialect });
  beforeAll(async () => {
    await addStaff(running.db, "boss@example.com", "admin");
  });

  it("answers 429 after repeated failures, also when the client rotates X-Forwarded-For", async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt++) {
      const response = await signInRequest(running.app, "boss@example.com", `wrong-${attempt}`, {
        "x-forwarded-for": `203.0.113.${attempt + 1}`,
        "x-agency-client-ip": `198.51.100.${attempt + 1}`,
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual([429, 429]);
    const failures = await running.db
      .selectFrom("audit_logs")
      .select("id")
      .where("action", "=", "auth.sign_in_failed")
      .execute();
    expect(failures.length).toBeGreaterThanOrEqual(5);
  });
});

describe.each(dialects)("first-admin setup and the operator CLI (%s)", (dialect) => {
  const running = runAppForBlock({}, { dialect });

  const setup = (email: string, password = "staff-pass-2468") =>
    fetch(`${running.app.url}/admin/setup`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: running.app.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email, password, setupCode: setupCodeFrom(running.app) }),
    });

  it("says what is missing", async () => {
    const response = await setup("   ");
    expect(response.status).toBe(400);
    expect(await running.db.selectFrom("user").select("id").execute()).toEqual([]);
  });

  it("creates one admin from many concurrent requests, then says setup is complete", async () => {
    const responses = await Promise.all(Array.from({ length: 8 }, (_, index) => setup(`first${index}@example.com`)));
    expect(responses.filter((response) => response.status === 302)).toHaveLength(1);
    expect(responses.filter((response) => response.status === 409)).toHaveLength(7);
    const admins = await running.db.selectFrom("user_roles").select("user_id").where("role", "=", "admin").execute();
    expect(admins).toHaveLength(1);

    const later = await fetch(`${running.app.url}/admin/setup`);
    expect(await later.text()).toContain("Setup is complete");
    expect((await setup("another@example.com")).status).toBe(409);
  });

  it("creates a user from the command line who can then sign in", async () => {
    const run = (args: string[]) =>
      promisify(execFile)("npm", ["run", "-s", "cli", "--", ...args], {
        env: childEnv(
          running.app.database.dialect === "postgres"
            ? { DATABASE_URL: running.app.database.connectionString }
            : { DATA_DIR: running.app.dataDir },
        ),
        encoding: "utf8",
      });
    const { stdout } = await run([
      "users:create",
      "--email",
      "ops@example.com",
      "--password",
      "cli-password",
      "--role",
      "editor",
    ]);
    expect(stdout).toContain("Created ops@example.com (editor)");
    const cookie = await signIn(running.app, "ops@example.com", "cli-password");
    const response = await fetch(`${running.app.url}/admin`, { headers: { cookie }, redirect: "manual" });
    expect(response.status).toBe(200);

    await expect(run(["users:create", "--email", "bad", "--password", "x", "--role", "editor"])).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('"bad" is not an e-mail address'),
    });
    const listed = await run(["users:list"]);
    expect(listed.stdout).toMatch(/ops@example\.com\s+editor/);
  });
});
