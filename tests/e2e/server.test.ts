import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { hero, homeSeo } from "~/content/home";
import { type AppServer, startAppServer } from "../support/app-server";
import { childEnv } from "../support/child-env";
import { createEmptyDatabase, type TestDatabase } from "../support/databases";
import { runAppForBlock } from "../support/running-app";

describe("the production server on SQLite", () => {
  const running = runAppForBlock();

  it("answers /healthz and /readyz", async () => {
    const health = await fetch(`${running.app.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    const ready = await fetch(`${running.app.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ok", database: "reachable" });
  });

  it("renders / on the server with its title and a nonce-based CSP", async () => {
    const response = await fetch(`${running.app.url}/`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<title>${homeSeo.title.replaceAll("&", "&amp;")}</title>`);
    expect(html).toContain(hero.headline);
    expect(html).toContain('id="contact-section"');

    const csp = response.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'none'");
    // Every script the browser runs carries the nonce (JSON-LD is data, never run).
    const scripts = [...html.matchAll(/<script([^>]*)>/g)]
      .map((match) => match[1]!)
      .filter((attributes) => !attributes.includes("application/ld+json"));
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce}"`);

    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers.get("strict-transport-security")).toBeNull();
  });

  it("gives every rendered page a fresh nonce and echoes a sane incoming request id", async () => {
    const [a, b] = await Promise.all([
      fetch(`${running.app.url}/lead?flow=contact`, { headers: { "X-Request-Id": "trace-123" } }),
      fetch(`${running.app.url}/lead?flow=contact`, { headers: { "X-Request-Id": "bad id with spaces" } }),
    ]);
    expect(a.headers.get("x-request-id")).toBe("trace-123");
    expect(b.headers.get("x-request-id")).not.toBe("bad id with spaces");
    // An address the page cache does not keep (it has a query) is rendered, with its nonce, per request.
    expect(a.headers.get("content-security-policy")).not.toBe(b.headers.get("content-security-policy"));
    // A cached page answers with its own ids too.
    const cached = await fetch(`${running.app.url}/`, { headers: { "X-Request-Id": "trace-456" } });
    expect(cached.headers.get("x-cache")).toBe("HIT");
    expect(cached.headers.get("x-request-id")).toBe("trace-456");
  });

  it("compresses pages for clients that accept gzip", async () => {
    const response = await fetch(`${running.app.url}/`, { headers: { "Accept-Encoding": "gzip" } });
    expect(response.headers.get("content-encoding")).toBe("gzip");
  });

  it("shows the not-found screen with status 404", async () => {
    const response = await fetch(`${running.app.url}/no/such/page`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toMatch(/>404<\/h1>/);
    expect(html).toContain("Oops! Page not found");
    expect(html).toMatch(/<a[^>]*href="\/"[^>]*>Return to Home<\/a>/);
  });

  it("serves hashed assets with immutable caching", async () => {
    // The estimator is hydrated, so its document links its built stylesheet (content pages inline theirs).
    const html = await (await fetch(`${running.app.url}/cost-estimator`)).text();
    const asset = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    const response = await fetch(`${running.app.url}${asset}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("has admin pages fetch React DOM with their other modules, and the estimator only once it is used", async () => {
    const preloads = (html: string) =>
      [...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((match) => match[1]!);
    // React DOM is the build's client-*.js chunk, which the app's entry imports when a page hydrates.
    const reactDom = (href: string) => /^\/assets\/client-[\w-]+\.js$/.test(href);
    const admin = await (await fetch(`${running.app.url}/admin/login`)).text();
    expect(preloads(admin).filter(reactDom), preloads(admin).join("\n")).toHaveLength(1);
    const estimator = await (await fetch(`${running.app.url}/cost-estimator`)).text();
    // The estimator preloads nothing: its modules are fetched at the visitor's first use.
    expect(preloads(estimator)).toEqual([]);
  });

  it("marks /admin responses noindex, nofollow", async () => {
    const response = await fetch(`${running.app.url}/admin/anything`);
    expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow");
  });

  it("sends HSTS only for requests that came over https through a trusted proxy", async () => {
    const proxied = await startAppServer({ TRUST_PROXY: "loopback" });
    try {
      const https = await fetch(`${proxied.url}/`, { headers: { "X-Forwarded-Proto": "https" } });
      expect(https.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
      const plain = await fetch(`${proxied.url}/`);
      expect(plain.headers.get("strict-transport-security")).toBeNull();
    } finally {
      await proxied.stop();
    }
    // Without a trusted proxy the header is only a claim, and is ignored.
    const spoofed = await fetch(`${running.app.url}/`, { headers: { "X-Forwarded-Proto": "https" } });
    expect(spoofed.headers.get("strict-transport-security")).toBeNull();
  });

  /** A request sent with its path exactly as given: fetch would resolve "..", as browsers do. */
  function rawRequest(method: string, path: string, headers: Record<string, string> = {}, body = "") {
    return new Promise<{ status: number; headers: Record<string, unknown> }>((resolve, reject) => {
      const url = new URL(running.app.url);
      const request = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          method,
          path,
          headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
        },
        (response) => {
          response.resume();
          resolve({ status: response.statusCode ?? 0, headers: response.headers });
        },
      );
      request.on("error", reject);
      request.end(body);
    });
  }

  it("judges each path as the router will open it: dot segments cannot slip a body or a page past the rules", async () => {
    const form = { "content-type": "application/x-www-form-urlencoded" };
    const big = `flow=contact&message=${"m".repeat(300 * 1024)}`;
    // Opened as /lead, so held to the visitor forms' cap, not the staff screens' larger one.
    for (const path of ["/lead", "/admin/%2e%2e/lead", "/admin/../lead", "/api/forms/../../lead"]) {
      expect((await rawRequest("POST", path, form, big)).status, path).toBe(413);
    }
    // Sign-in is open to anyone, so it gets the visitors' cap too.
    expect((await rawRequest("POST", "/admin/login", form, big)).status).toBe(413);
    // Opened as an admin page: marked noindex, whatever the path looked like.
    const admin = await rawRequest("GET", "/x/../admin/leads");
    expect(admin.headers["x-robots-tag"]).toBe("noindex, nofollow");
  });

  it("answers bodies that are not form data with 415 and broken form data with 400, never a 500", async () => {
    const post = (path: string, type: string, body: BodyInit, init: RequestInit = {}) =>
      fetch(`${running.app.url}${path}`, {
        method: "POST",
        headers: { "content-type": type, origin: running.app.url },
        body,
        ...init,
      });
    const json = await post("/currency", "application/json", '{"currency":"INR"}');
    expect(json.status).toBe(415);
    const broken = await post("/currency", "multipart/form-data; boundary=x", "--x\r\nbroken");
    expect(broken.status).toBe(400);
    const login = await post("/admin/login", "text/plain", "email=a@b.c");
    expect(login.status).toBe(415);
    // The currency switch returns only to this site's own pages.
    const away = await post(
      "/currency",
      "application/x-www-form-urlencoded",
      new URLSearchParams({ currency: "INR", redirectTo: "/\\evil.example" }),
      { redirect: "manual" },
    );
    expect(away.headers.get("location")).toBe("/");
  });

  it("tells the operator, once, when requests come through a proxy that TRUST_PROXY does not name", async () => {
    const warning = "a request carried X-Forwarded-For that TRUST_PROXY does not trust";
    expect(running.app.output()).not.toContain(warning);
    const refusals = () => running.app.output().split("refused a request from another origin").length;
    const refusalsBefore = refusals();
    for (const visitor of ["198.51.100.1", "198.51.100.2"]) {
      await fetch(`${running.app.url}/healthz`, { headers: { "X-Forwarded-For": visitor } });
    }
    // The server's log reaches this process through a pipe, after the responses may have: a later
    // line of the same log (a refused foreign-origin post) shows everything before it has arrived.
    const refused = await fetch(`${running.app.url}/contact`, {
      method: "POST",
      headers: { Origin: "https://elsewhere.example" },
    });
    expect(refused.status).toBe(403);
    await expect.poll(refusals).toBe(refusalsBefore + 1);
    expect(running.app.output().split(warning)).toHaveLength(2);
  });
});

describe("process lifecycle", () => {
  it("exits non-zero with one line naming PORT when PORT is bad", () => {
    const result = spawnSync(process.execPath, ["server.ts"], {
      env: childEnv({ PORT: "not-a-port", DATA_DIR: "/tmp/agency-never-used" }),
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.status).not.toBe(0);
    expect(result.status).not.toBeNull();
    expect(result.stderr.trim()).toBe('Invalid PORT="not-a-port": must be a number');
  });

  it("stops on SIGTERM: closes idle keep-alive connections, exits 0, refuses new connections", async () => {
    const app = await startAppServer({ LOG_LEVEL: "info" });
    const agentResponse = await fetch(`${app.url}/`, { headers: { Connection: "keep-alive" } });
    await agentResponse.text();
    const code = await app.stop("SIGTERM");
    expect(code).toBe(0);
    expect(app.output()).toContain('"msg":"shutting down"');
    expect(app.output()).toContain('"msg":"stopped"');
    await expect(fetch(`${app.url}/healthz`)).rejects.toThrow();
  });

  it("reports not ready, without crashing, when PostgreSQL goes away", async () => {
    const database = await createEmptyDatabase("postgres");
    const app = await startAppServer({
      DATABASE_URL: database.config.dialect === "postgres" ? database.config.connectionString : "",
    });
    try {
      expect((await fetch(`${app.url}/readyz`)).status).toBe(200);
      await database.drop();
      const ready = await fetch(`${app.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: "unavailable", database: "unreachable" });
      expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
    } finally {
      await app.stop();
    }
  });
});

describe("the same build on PostgreSQL", () => {
  let database: TestDatabase;
  let app: AppServer;
  beforeAll(async () => {
    database = await createEmptyDatabase("postgres");
    if (database.config.dialect !== "postgres") throw new Error("expected PostgreSQL");
    app = await startAppServer({ DATABASE_URL: database.config.connectionString });
  });
  afterAll(async () => {
    await app?.stop();
    await database?.drop();
  });

  it("migrates, seeds and serves", async () => {
    expect(inject("postgresUrl")).toMatch(/^postgres:/);
    expect((await fetch(`${app.url}/readyz`)).status).toBe(200);
    expect((await fetch(`${app.url}/`)).status).toBe(200);
    const forms = await database.db.selectFrom("forms").select("name").execute();
    expect(forms).toHaveLength(4);
    expect(await database.db.selectFrom("blog_posts").select("slug").execute()).toHaveLength(4);
  });
});

describe("the development server", () => {
  it("serves pages through Vite with `npm run dev`", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "agency-dev-"));
    // Port 0: the server takes a free port and names it in its "listening" log line.
    const child = spawn("npm", ["run", "-s", "dev"], {
      env: childEnv({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "info" }),
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    let output = "";
    child.stdout?.on("data", (chunk) => (output += chunk));
    child.stderr?.on("data", (chunk) => (output += chunk));
    try {
      const origin = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`the dev server did not listen in 60 s:\n${output}`)), 60_000);
        const look = () => {
          const url = /"url":"(http:\/\/127\.0\.0\.1:\d+)"[^\n]*"msg":"listening"/.exec(output)?.[1];
          if (url) {
            clearTimeout(timer);
            resolve(url);
          }
        };
        child.stdout?.on("data", look);
        child.on("exit", (code) => reject(new Error(`the dev server exited with ${code}:\n${output}`)));
      });
      expect((await fetch(`${origin}/pricing`)).status, output).toBe(200);
      expect(await (await fetch(`${origin}/admin/login`)).text()).toContain("Admin Sign In");
    } finally {
      if (child.pid) process.kill(-child.pid, "SIGTERM");
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
