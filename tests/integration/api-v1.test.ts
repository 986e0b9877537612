import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import express from "express";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { apiRouter } from "~/http/api/api-router.server";
import { apiRoutes } from "~/http/api/api-routes.server";
import type { Role } from "~/lib/roles";
import { apiKeyCreateSchema } from "~/lib/schemas/api-keys";
import { availabilitySchema } from "~/lib/schemas/availability";
import { leadNoteSchema } from "~/lib/schemas/lead-admin";
import { contactLeadSchema } from "~/lib/schemas/leads";
import { createApiKey, revokeApiKey } from "~/server/api-keys/api-keys.server";
import { listAuditEntries } from "~/server/audit/audit.server";
import { setAvailability } from "~/server/bookings/availability.server";
import { type DatabaseConfig, parseConfig } from "~/server/config.server";
import type { Database } from "~/server/db/schema.server";
import { createMailWorker } from "~/server/mail/worker.server";
import { setStaffDisabled, setStaffRole } from "~/server/users/staff-users.server";
import { bookingRow, insertLead } from "../support/admin-fixtures";
import { childEnv } from "../support/child-env";
import { databasePerTest, dialects } from "../support/databases";
import { addStaff } from "../support/staff";

const logger = pino({ level: "silent" });
const cli = { id: null, email: "test" };

/** Each of `routes` with the roles that may call it. */
const forRoles = (roles: readonly Role[], routes: string[]) =>
  Object.fromEntries(routes.map((route) => [route, roles]));

/**
 * Who may call each route, as the role table says for the screen it stands for: the leads, clients
 * and bookings work is sales' and admins', content is editors' and admins' (pricing admins' only),
 * the dashboard's funnel everyone's, and deleting a lead admins' only. Every route of the API must
 * be here, so a new route cannot be left out of the matrix.
 */
const expectedRoles: Record<string, readonly Role[]> = {
  ...forRoles(
    ["admin", "sales"],
    [
      "get /leads",
      "get /leads/:leadId",
      "post /leads",
      "post /leads/:leadId/merge",
      "post /leads/:leadId/unmerge",
      "put /leads/:leadId/status",
      "put /leads/:leadId/owner",
      "put /leads/:leadId/follow-up",
      "post /leads/:leadId/notes",
      "get /bookings/open-slots",
      "get /bookings",
      "post /bookings",
      "post /bookings/:bookingId/reschedule",
      "put /bookings/:bookingId/outcome",
      "post /bookings/:bookingId/cancel",
      "get /clients",
      "get /clients/:clientId",
      "post /clients",
    ],
  ),
  ...forRoles(["admin", "editor"], ["get /forms", "get /forms/:formId/submissions", "get /pages", "get /posts"]),
  ...forRoles(["admin", "sales", "editor"], ["get /funnel"]),
  ...forRoles(["admin"], ["delete /leads/:leadId", "get /pricing"]),
};

/** A call time the matrix asks for: a weekday at 10:00 UTC a week on, which nobody's hours offer here. */
const someStart = new Date(Math.ceil(Date.now() / 86_400_000 + 7) * 86_400_000 + 10 * 3_600_000).toISOString();

/** A valid body for each route that takes one (the lead's id where the body names a lead). */
const sampleBodies = (leadId: string): Record<string, unknown> => ({
  "post /leads": { name: "Pat Doe", email: "pat@visitor.example" },
  "post /leads/:leadId/merge": { mergedIds: ["missing"] },
  "post /leads/:leadId/unmerge": { mergeId: "missing" },
  "post /bookings": { leadId, start: someStart, timeZone: "Europe/Berlin" },
  "post /bookings/:bookingId/reschedule": { start: someStart },
  "put /leads/:leadId/status": { status: "contacted" },
  "put /leads/:leadId/owner": { ownerId: "" },
  "put /leads/:leadId/follow-up": { followUpAt: "2030-01-02T10:00", followUpNote: "Call back" },
  "post /leads/:leadId/notes": { body: "Spoke on the phone" },
  "put /bookings/:bookingId/outcome": { outcome: "completed" },
  "post /clients": { name: "Acme Ltd", status: "active" },
});

/** A route's path with a real lead, records that do not exist for the rest, and a query where one is needed. */
function concrete(path: string, leadId: string) {
  const filled = path.replace(/[:{]leadId\}?/, leadId).replace(/[:{](clientId|bookingId)\}?/, "missing");
  return filled.endsWith("/open-slots") ? `${filled}?leadId=${leadId}` : filled;
}

/** Allowed, but naming a record that does not exist: answered 404 by the route itself. */
const namesMissing = (path: string) => /clientId|bookingId|formId|merge/.test(path);

/** Allowed, and refused by the domain as a person at the screens would be: nobody has open hours here. */
const refusedByDomain: Record<string, number> = { "post /bookings": 409 };

type Started = { url: string; router: express.Router; close(): Promise<void> };
const servers: Pick<Started, "close">[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function startApi(db: Database, env: Record<string, string> = {}) {
  const config = parseConfig({ DATA_DIR: "/tmp/unused", ...env });
  const formSecret = randomBytes(32).toString("hex");
  const mailWorker = createMailWorker({ db, logger, smtpUrl: undefined, from: "site@agency.example" });
  const app = express();
  const router = apiRouter({ db, config, mailWorker, formSecret });
  app.use("/api/v1", router);
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const started = {
    router,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  servers.push(started);
  return started;
}

/** The API served by another process (tests/support/api-server-child.ts) on the same database. */
async function startChildApi(database: DatabaseConfig, env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/support/api-server-child.ts"], {
    cwd: path.resolve(import.meta.dirname, "../.."),
    env: childEnv({ API_CHILD_DATABASE: JSON.stringify(database), ...env }),
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = once(child, "exit");
  servers.push({
    close: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  });
  let output = "";
  for await (const chunk of child.stdout) {
    output += String(chunk);
    const port = /listening (\d+)/.exec(output)?.[1];
    if (port) return { url: `http://127.0.0.1:${port}/api/v1` };
  }
  throw new Error(`the API child process ended before it listened: ${output}`);
}

function keyInput(name: string, extra: Record<string, string> = {}) {
  return apiKeyCreateSchema.parse({ name, ...extra });
}

function call(base: string, key: string, method: string, path: string, body?: unknown, headers = {}) {
  return fetch(`${base}${path}`, {
    method: method.toUpperCase(),
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

for (const dialect of dialects) {
  describe(`the API on ${dialect}`, () => {
    const freshDatabase = databasePerTest(dialect);

    it("lets each role's key call exactly the routes its role may, and no route is left out", async () => {
      const { db } = await freshDatabase();
      const api = await startApi(db);
      expect(Object.keys(expectedRoles).sort()).toEqual(apiRoutes.map((r) => `${r.method} ${r.path}`).sort());
      for (const role of ["admin", "sales", "editor"] as const) {
        const staff = await addStaff(db, `${role}@agency.example`, role);
        const { key } = await createApiKey(db, staff.id, keyInput("everyday"), cli);
        for (const route of apiRoutes) {
          const name = `${route.method} ${route.path}`;
          const leadId = await insertLead(db, { email: `${role}-${route.method}@visitor.example` });
          const path = concrete(route.path, leadId);
          const response = await call(api.url, key, route.method, path, sampleBodies(leadId)[name]);
          const allowed = expectedRoles[name]!.includes(role);
          if (!allowed) expect(response.status, `${role} ${name}`).toBe(403);
          // The client asked for does not exist: allowed, and answered as such.
          else if (namesMissing(route.path)) expect(response.status, `${role} ${name}`).toBe(404);
          else if (refusedByDomain[name]) expect(response.status, `${role} ${name}`).toBe(refusedByDomain[name]);
          else expect(response.status, `${role} ${name}: ${await response.clone().text()}`).toBeLessThan(300);
          const body = await response.json();
          if (!response.ok) expect(body.error.code).toEqual(expect.any(String));
        }
      }
    });

    it("publishes an OpenAPI 3.1 document that validates, in which every route answers and which has every route", async () => {
      const { db } = await freshDatabase();
      const api = await startApi(db);
      const response = await fetch(`${api.url}/openapi.json`);
      expect(response.status).toBe(200);
      const document = await response.json();
      const validation = await new Validator().validate(document);
      expect(validation.errors).toBeUndefined();
      expect(validation.valid).toBe(true);
      expect(document.openapi).toBe("3.1.0");

      const admin = await addStaff(db, "admin@agency.example", "admin");
      const { key } = await createApiKey(db, admin.id, keyInput("docs"), cli);
      const documented: string[] = [];
      for (const [path, operations] of Object.entries(document.paths as Record<string, object>)) {
        for (const method of Object.keys(operations)) {
          documented.push(`${method} ${path}`);
          const leadId = await insertLead(db, { email: `${method}${path.length}@visitor.example` });
          const filled = concrete(path, leadId);
          const answer = await call(
            api.url,
            key,
            method,
            filled,
            sampleBodies(leadId)[`${method} ${path.replace(/\{(\w+)\}/g, ":$1")}`],
          );
          const body = await answer.json();
          // Answered by the route itself: not the router's "no such route".
          expect(body?.error?.message ?? "", `${method} ${path}`).not.toMatch(/No such API route/);
          expect(answer.status, `${method} ${path}`).toBeLessThan(500);
        }
      }
      // Every route the router serves is in the document (read from the router, not from the route list).
      const served = api.router.stack.flatMap((layer) =>
        layer.route
          ? Object.keys((layer.route as unknown as { methods: Record<string, boolean> }).methods).map(
              (method) => `${method} ${String(layer.route!.path).replace(/:(\w+)/g, "{$1}")}`,
            )
          : [],
      );
      expect(served.filter((route) => route !== "get /openapi.json").sort()).toEqual(documented.sort());
      // The lead note's rule, as the form checks it, is what the document says.
      const noteBody = document.paths["/leads/{leadId}/notes"].post.requestBody.content["application/json"].schema;
      expect(noteBody.properties.body).toMatchObject({ type: "string", minLength: 1, maxLength: 5000 });
    });

    it("refuses every change with a read-only key and every other area with a narrowed key", async () => {
      const { db } = await freshDatabase();
      const api = await startApi(db);
      const admin = await addStaff(db, "admin@agency.example", "admin");
      const readOnly = await createApiKey(db, admin.id, keyInput("report sheet", { readOnly: "on" }), cli);
      const contentOnly = await createApiKey(db, admin.id, keyInput("site sync", { areas: "content" }), cli);
      for (const route of apiRoutes) {
        const leadId = await insertLead(db, { email: `${route.method}-${route.path.length}@visitor.example` });
        const path = concrete(route.path, leadId);
        const body = sampleBodies(leadId)[`${route.method} ${route.path}`];
        const byReader = await call(api.url, readOnly.key, route.method, path, body);
        if (route.operation.write) {
          expect(byReader.status).toBe(403);
          expect((await byReader.json()).error.message).toBe("This key may only read.");
        } else expect(byReader.status, route.path).not.toBe(403);
        const byContent = await call(api.url, contentOnly.key, route.method, path, body);
        if (route.operation.area === "content") expect(byContent.status, route.path).not.toBe(403);
        else expect(byContent.status, route.path).toBe(403);
      }
    });

    it("acts with the owner's role as it is now: a role change narrows the key, a disabled owner, a revoked or expired key get 401", async () => {
      const { db } = await freshDatabase();
      const api = await startApi(db);
      const sales = await addStaff(db, "sales@agency.example", "sales");
      const { key, id } = await createApiKey(db, sales.id, keyInput("zapier"), cli);
      expect((await call(api.url, key, "get", "/leads")).status).toBe(200);
      await setStaffRole(db, sales.id, "editor", cli);
      expect((await call(api.url, key, "get", "/leads")).status).toBe(403);
      expect((await call(api.url, key, "get", "/pages")).status).toBe(200);
      await setStaffRole(db, sales.id, "sales", cli);
      expect((await call(api.url, key, "get", "/leads")).status).toBe(200);

      await setStaffDisabled(db, sales.id, true, cli);
      const disabled = await call(api.url, key, "get", "/leads");
      expect(disabled.status).toBe(401);
      expect((await disabled.json()).error.code).toBe("UNAUTHENTICATED");
      await setStaffDisabled(db, sales.id, false, cli);
      expect((await call(api.url, key, "get", "/leads")).status).toBe(200);

      await revokeApiKey(db, id, cli);
      expect((await call(api.url, key, "get", "/leads")).status).toBe(401);

      const twoDaysAgo = Date.now() - 2 * 24 * 60 * 60 * 1000;
      const expired = await createApiKey(db, sales.id, keyInput("old", { expiresDays: "1" }), cli, twoDaysAgo);
      expect((await call(api.url, expired.key, "get", "/leads")).status).toBe(401);
      expect((await call(api.url, `${key}x`, "get", "/leads")).status).toBe(401);
      expect((await fetch(`${api.url}/leads`)).status).toBe(401);
    });

    it("checks input with the screens' own rules, audits each change with the key's name, and pages leads by cursor", async () => {
      const { db } = await freshDatabase();
      const api = await startApi(db);
      const sales = await addStaff(db, "sales@agency.example", "sales");
      const { key } = await createApiKey(db, sales.id, keyInput("assistant"), cli);
      const leadId = await insertLead(db, { email: "pat@visitor.example", name: "Pat Doe" });
      for (const email of ["a@visitor.example", "b@visitor.example"]) await insertLead(db, { email });

      // The form's limit, to the character: 5,000 is a note, 5,001 is refused with the form's message.
      expect((await call(api.url, key, "post", `/leads/${leadId}/notes`, { body: "x".repeat(5000) })).status).toBe(201);
      const tooLong = await call(api.url, key, "post", `/leads/${leadId}/notes`, { body: "x".repeat(5001) });
      expect(tooLong.status).toBe(400);
      const formMessage = leadNoteSchema.safeParse({ leadId, body: "x".repeat(5001) }).error?.issues[0]?.message;
      expect(await tooLong.json()).toEqual({
        error: { code: "INVALID_INPUT", message: "The request is not valid.", fields: { body: formMessage } },
      });
      const badStatus = await call(api.url, key, "put", `/leads/${leadId}/status`, { status: "won" });
      expect((await badStatus.json()).error.fields.status).toBe("Choose one of the five statuses.");
      const missing = await call(api.url, key, "put", "/leads/nope/status", { status: "closed" });
      expect(missing.status).toBe(404);
      expect((await missing.json()).error.code).toBe("NOT_FOUND");
      const badJson = await fetch(`${api.url}/leads/${leadId}/notes`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: "{not json",
      });
      expect(badJson.status).toBe(400);
      expect((await badJson.json()).error.code).toBe("INVALID_JSON");

      const changed = await call(api.url, key, "put", `/leads/${leadId}/status`, { status: "qualified" });
      expect((await changed.json()).lead.status).toBe("qualified");
      const entries = await listAuditEntries(db, { entityType: "lead" });
      expect(entries.map((entry) => entry.summary?.apiKey)).toEqual(["assistant", "assistant"]);
      expect(entries.every((entry) => entry.actorEmail === "sales@agency.example")).toBe(true);

      // Calls: a past one marked held, a coming one cancelled, each through the screen's own rule.
      const past = new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString();
      const coming = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000).toISOString();
      await db
        .insertInto("bookings")
        .values(bookingRow(leadId, { id: "held-call", startsAt: past }))
        .execute();
      await db
        .insertInto("bookings")
        .values(bookingRow(leadId, { id: "later-call", startsAt: coming }))
        .execute();
      const early = await call(api.url, key, "put", "/bookings/later-call/outcome", { outcome: "no_show" });
      expect(early.status).toBe(409);
      expect((await early.json()).error.message).toBe("The call has not started yet.");
      expect((await call(api.url, key, "put", "/bookings/held-call/outcome", { outcome: "completed" })).status).toBe(
        200,
      );
      expect((await call(api.url, key, "post", "/bookings/later-call/cancel", {})).status).toBe(200);
      const statuses = await db.selectFrom("bookings").select(["id", "status"]).orderBy("id").execute();
      expect(statuses).toEqual([
        { id: "held-call", status: "completed" },
        { id: "later-call", status: "cancelled" },
      ]);
      const bookingEntries = await listAuditEntries(db, { entityType: "booking" });
      expect(bookingEntries.map((entry) => entry.summary?.apiKey)).toEqual(["assistant", "assistant"]);
      const converted = await call(api.url, key, "post", "/clients", { name: "Pat Doe", status: "active", leadId });
      expect(converted.status).toBe(201);
      expect((await converted.json()).leadId).toBe(leadId);
      const twice = await call(api.url, key, "post", "/clients", { name: "Pat Doe", status: "active", leadId });
      expect(twice.status).toBe(409);
      expect((await twice.json()).error.message).toBe("This lead was already converted to the client Pat Doe.");
      const slots = await call(api.url, key, "get", "/bookings/open-slots");
      expect(slots.status).toBe(400);
      expect((await slots.json()).error.fields.leadId).toBe("Name either a lead (leadId) or a staff member (staffId).");

      const found = await (await call(api.url, key, "get", "/leads?q=pat")).json();
      expect(found.data.map((lead: { name: string }) => lead.name)).toEqual(["Pat Doe"]);
      const first = await (await call(api.url, key, "get", "/leads?limit=2&sort=oldest")).json();
      expect(first.data).toHaveLength(2);
      expect(first.nextCursor).toEqual(expect.any(String));
      const second = await (
        await call(api.url, key, "get", `/leads?limit=2&sort=oldest&cursor=${first.nextCursor}`)
      ).json();
      expect(second.data).toHaveLength(1);
      expect(second.nextCursor).toBeNull();
      const seen = [...first.data, ...second.data].map((lead: { id: string }) => lead.id);
      expect(new Set(seen).size).toBe(3);
      expect((await call(api.url, key, "get", "/leads?cursor=garbage")).status).toBe(400);
    });

    it("limits each key's requests a minute with RateLimit headers, and does a POST once per Idempotency-Key", async () => {
      const { db } = await freshDatabase();
      const api = await startApi(db, { API_RATE_LIMIT_PER_MINUTE: "3" });
      const sales = await addStaff(db, "sales@agency.example", "sales");
      const one = await createApiKey(db, sales.id, keyInput("one"), cli);
      const other = await createApiKey(db, sales.id, keyInput("other"), cli);
      const leadId = await insertLead(db, { email: "pat@visitor.example" });
      const headers = { "idempotency-key": "note-1" };
      const first = await call(api.url, one.key, "post", `/leads/${leadId}/notes`, { body: "Once" }, headers);
      expect(first.status).toBe(201);
      expect(first.headers.get("ratelimit-limit")).toBe("3");
      expect(first.headers.get("ratelimit-remaining")).toBe("2");
      const again = await call(api.url, one.key, "post", `/leads/${leadId}/notes`, { body: "Once" }, headers);
      expect(again.status).toBe(201);
      expect(await again.json()).toEqual(await first.json());
      const notes = await db.selectFrom("lead_notes").select("body").where("lead_id", "=", leadId).execute();
      expect(notes).toEqual([{ body: "Once" }]);
      const elsewhere = await call(api.url, one.key, "post", "/leads/other/notes", { body: "Once" }, headers);
      expect(elsewhere.status).toBe(422);

      const limited = await call(api.url, one.key, "get", "/leads");
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(limited.headers.get("ratelimit-remaining")).toBe("0");
      expect((await limited.json()).error.code).toBe("RATE_LIMITED");
      // Another key of the same person has a limit of its own.
      expect((await call(api.url, other.key, "get", "/leads")).status).toBe(200);
    });
    it("holds each key's limit across two processes sharing the database: together they answer no more than it", async () => {
      const database = await freshDatabase();
      // Each process takes blocks of 4 from the shared count; each is sent more than the limit, so
      // each uses up whatever it took and together they answer exactly the limit.
      const limit = 40;
      const env = { API_RATE_LIMIT_PER_MINUTE: String(limit) };
      // This process's server and another process's, as two workers or two machines would be.
      const one = await startApi(database.db, env);
      const two = await startChildApi(database.config, env);
      const sales = await addStaff(database.db, "sales@agency.example", "sales");
      const { key } = await createApiKey(database.db, sales.id, keyInput("zapier"), cli);
      const statuses = await Promise.all(
        Array.from({ length: 3 * limit }, async (_, i) => {
          const response = await call((i % 2 === 0 ? one : two).url, key, "get", "/leads");
          await response.arrayBuffer();
          return response.status;
        }),
      );
      expect(statuses.filter((status) => status === 200)).toHaveLength(limit);
      expect(statuses.filter((status) => status === 429)).toHaveLength(2 * limit);
      // Either server refuses the next one: the count is shared, not each process's own.
      for (const worker of [one, two]) expect((await call(worker.url, key, "get", "/leads")).status).toBe(429);
    });

    it("books, moves, cancels and marks calls by the lead's and the call's rules, each audited with the key's name", async () => {
      const { db } = await freshDatabase();
      const api = await startApi(db);
      const pat = await addStaff(db, "pat@agency.example", "sales");
      const sam = await addStaff(db, "sam@agency.example", "sales");
      await setAvailability(
        db,
        availabilitySchema.parse({
          userId: pat.id,
          timeZone: "Europe/Berlin",
          weekly: "mon-sun 00:00-24:00",
          overrides: "",
          callMinutes: "30",
          bufferBeforeMinutes: "0",
          bufferAfterMinutes: "0",
          minNoticeMinutes: "240",
          horizonDays: "30",
          maxPerDay: "",
          meetingKind: "video",
          meetingDetail: "https://meet.example/{booking}",
        }),
        cli,
      );
      const patsKey = await createApiKey(db, pat.id, keyInput("pat's assistant"), cli);
      const patsReader = await createApiKey(db, pat.id, keyInput("pat's sheet", { readOnly: "on" }), cli);
      const samsKey = await createApiKey(db, sam.id, keyInput("sam's assistant"), cli);
      const leadId = await insertLead(db, { email: "lee@visitor.example", name: "Lee Lead" });
      await db.updateTable("leads").set({ owner_id: pat.id }).where("id", "=", leadId).execute();

      const slots = await call(api.url, patsKey.key, "get", `/bookings/open-slots?leadId=${leadId}`);
      const { starts } = (await slots.json()) as { starts: string[] };
      expect(starts.length).toBeGreaterThan(2);
      const [first, , third] = starts as [string, string, string];
      const booking = { leadId, start: first, timeZone: "Europe/London" };

      const byReader = await call(api.url, patsReader.key, "post", "/bookings", booking);
      expect(byReader.status).toBe(403);
      expect((await byReader.json()).error.message).toBe("This key may only read.");
      const bySam = await call(api.url, samsKey.key, "post", "/bookings", booking);
      expect(bySam.status).toBe(403);
      expect((await bySam.json()).error.message).toBe(
        "This lead is another person's: only they or an admin can book its call.",
      );
      expect(await db.selectFrom("bookings").select("id").execute()).toEqual([]);

      const booked = await call(api.url, patsKey.key, "post", "/bookings", booking);
      expect(booked.status).toBe(201);
      const call1 = await booked.json();
      expect(call1).toMatchObject({ leadId, staffId: pat.id, startsAt: first, status: "booked" });
      const again = await call(api.url, patsKey.key, "post", "/bookings", { ...booking, start: third });
      expect(again.status).toBe(409);
      expect((await again.json()).error.message).toBe("This lead has an upcoming call already: move that one instead.");

      const day = (iso: string) => new Date(Date.parse(iso) - 86_400_000).toISOString().slice(0, 10);
      const window = `from=${day(first)}&to=${new Date(Date.parse(third) + 86_400_000).toISOString().slice(0, 10)}`;
      const agenda = await (await call(api.url, samsKey.key, "get", `/bookings?${window}`)).json();
      expect(agenda.data.map((row: { id: string }) => row.id)).toEqual([call1.id]);
      const badWindow = await call(api.url, patsKey.key, "get", "/bookings?from=2030-01-10&to=2030-01-01");
      expect(badWindow.status).toBe(400);
      expect((await badWindow.json()).error.fields.to).toBe("The window's end (to) comes before its start (from).");
      const tooLong = await call(api.url, patsKey.key, "get", "/bookings?from=2030-01-01&to=2030-02-01");
      expect((await tooLong.json()).error.fields.to).toBe("A window can be at most 31 days.");
      const past = await call(api.url, patsKey.key, "get", "/bookings?to=2020-01-01");
      expect(past.status).toBe(400);
      expect((await past.json()).error.fields.to).toBe(
        "The window runs from today (from) to a later day (to), at most 31 days.",
      );

      const movedBySam = await call(api.url, samsKey.key, "post", `/bookings/${call1.id}/reschedule`, { start: third });
      expect(movedBySam.status).toBe(403);
      const moved = await call(api.url, patsKey.key, "post", `/bookings/${call1.id}/reschedule`, { start: third });
      expect(moved.status).toBe(200);
      expect(await moved.json()).toMatchObject({ id: call1.id, startsAt: third, status: "rescheduled" });
      const cancelledBySam = await call(api.url, samsKey.key, "post", `/bookings/${call1.id}/cancel`, {});
      expect(cancelledBySam.status).toBe(403);
      const cancelled = await call(api.url, patsKey.key, "post", `/bookings/${call1.id}/cancel`, { reason: "Ill" });
      expect((await cancelled.json()).status).toBe("cancelled");
      const outcome = await call(api.url, patsKey.key, "put", `/bookings/${call1.id}/outcome`, {
        outcome: "completed",
      });
      expect(outcome.status).toBe(409);

      const entries = await listAuditEntries(db, { entityType: "booking" });
      expect(entries.map((entry) => [entry.action, entry.summary?.apiKey]).sort()).toEqual([
        ["booking.cancel", "pat's assistant"],
        ["booking.create", "pat's assistant"],
        ["booking.reschedule", "pat's assistant"],
      ]);
    });

    it("creates leads with the contact form's rules and merges them by the merge screen's rule, audited with the key's name", async () => {
      const { db } = await freshDatabase();
      const api = await startApi(db);
      const pat = await addStaff(db, "pat@agency.example", "sales");
      const sam = await addStaff(db, "sam@agency.example", "sales");
      const { key } = await createApiKey(db, pat.id, keyInput("intake"), cli);

      const badEmail = await call(api.url, key, "post", "/leads", { name: "Lee", email: "not-an-address" });
      expect(badEmail.status).toBe(400);
      const formMessage = contactLeadSchema.safeParse({ name: "Lee", email: "not-an-address" }).error?.issues[0]
        ?.message;
      expect((await badEmail.json()).error.fields.email).toBe(formMessage);
      const headers = { "idempotency-key": "lee-1" };
      const created = await call(
        api.url,
        key,
        "post",
        "/leads",
        { name: "Lee", email: "lee@visitor.example" },
        headers,
      );
      expect(created.status).toBe(201);
      const { lead } = await created.json();
      expect(lead).toMatchObject({ name: "Lee", email: "lee@visitor.example", status: "new" });
      await call(api.url, key, "post", "/leads", { name: "Lee", email: "lee@visitor.example" }, headers);
      expect(await db.selectFrom("leads").select("id").execute()).toEqual([{ id: lead.id }]);

      const other = await insertLead(db, { email: "lee.work@visitor.example", name: "Lee W" });
      const samsLead = await insertLead(db, { email: "lee.home@visitor.example", name: "Lee H" });
      await db.updateTable("leads").set({ owner_id: sam.id }).where("id", "=", samsLead).execute();
      const refused = await call(api.url, key, "post", `/leads/${lead.id}/merge`, { mergedIds: [samsLead] });
      expect(refused.status).toBe(403);
      expect((await refused.json()).error.message).toBe("You may merge only leads you own or that have no owner.");
      const merged = await call(api.url, key, "post", `/leads/${lead.id}/merge`, {
        mergedIds: [other],
        choice_phone: other,
      });
      expect(merged.status).toBe(200);
      const { mergeIds } = await merged.json();
      expect(await db.selectFrom("leads").select("id").where("id", "=", other).execute()).toEqual([]);
      const undone = await call(api.url, key, "post", `/leads/${lead.id}/unmerge`, { mergeId: mergeIds[0] });
      expect(undone.status).toBe(200);
      expect(await db.selectFrom("leads").select("id").where("id", "=", other).execute()).toEqual([{ id: other }]);

      const entries = await listAuditEntries(db, { entityType: "lead" });
      expect(entries.map((entry) => [entry.action, entry.summary?.apiKey]).sort()).toEqual([
        ["lead.create", "intake"],
        ["lead.merge", "intake"],
        ["lead.unmerge", "intake"],
      ]);
    });
  });
}
