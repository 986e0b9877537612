import http from "node:http";
import http2 from "node:http2";
import https from "node:https";
import { afterEach, describe, expect, it } from "vitest";
import { type AppServer, startAppServer } from "../support/app-server";
import { dialects } from "../support/databases";
import { freePort } from "../support/free-port";
import { contactFormId, withDatabase } from "../support/load";
import { type Nginx, startNginx } from "../support/nginx";

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** One request through nginx from a chosen loopback address (a visitor of its own). */
function request(
  url: string,
  {
    method = "GET",
    headers = {},
    body,
    from = "127.0.0.1",
  }: { method?: string; headers?: Record<string, string>; body?: string | Buffer; from?: string } = {},
) {
  const target = new URL(url);
  const client = target.protocol === "https:" ? https : http;
  return new Promise<Answer>((resolve, reject) => {
    const req = client.request(
      target,
      { method, headers, localAddress: from, rejectUnauthorized: false, agent: false },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
          text += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

describe.each(dialects)("behind deploy/nginx.conf on %s", (dialect) => {
  let app: AppServer | undefined;
  let nginx: Nginx | undefined;
  afterEach(async () => {
    await nginx?.stop();
    await app?.stop();
    nginx = app = undefined;
  });

  it("terminates TLS with HTTP/2, passes each visitor's address and https to the app, and refuses oversized bodies", async () => {
    const appPort = await freePort();
    nginx = await startNginx(`http://127.0.0.1:${appPort}`);
    // The app's public address is nginx's https one: secure cookies follow from it.
    app = await startAppServer(
      { TRUST_PROXY: "loopback", PORT: String(appPort), BASE_URL: nginx.httpsUrl },
      { dialect },
    );
    const { httpsUrl, httpUrl } = nginx;

    // Plain http is sent to https.
    const plain = await request(`${httpUrl}/pricing`);
    expect(plain.status).toBe(301);
    expect(plain.headers.location).toBe("https://127.0.0.1/pricing");

    // https: the app knows the request was secure (HSTS), and its cookies are Secure.
    const home = await request(`${httpsUrl}/?utm_source=newsletter`);
    expect(home.status).toBe(200);
    expect(home.headers["strict-transport-security"]).toContain("max-age=31536000");
    const cookies = home.headers["set-cookie"] ?? [];
    expect(cookies.some((cookie) => cookie.startsWith("utm_first="))).toBe(true);
    expect(cookies.every((cookie) => /;\s*Secure/i.test(cookie))).toBe(true);

    // HTTP/2 is offered and answers.
    const session = http2.connect(httpsUrl, { rejectUnauthorized: false });
    const status = await new Promise<number>((resolve, reject) => {
      const stream = session.request({ ":path": "/pricing" });
      stream.on("response", (headers) => resolve(Number(headers[":status"])));
      stream.on("error", reject);
      stream.resume();
    });
    session.close();
    expect(status).toBe(200);

    // Hashed assets are cached for a year.
    const asset = /\/assets\/[^"]+\.js/.exec(home.body)?.[0];
    expect(asset).toBeDefined();
    const script = await request(`${httpsUrl}${asset}`);
    expect(script.status).toBe(200);
    expect(script.headers["cache-control"]).toBe("public, max-age=31536000, immutable");

    // Each visitor has their own rate limit: ten forms from 127.0.0.2 use up its limit, and a
    // made-up X-Forwarded-For does not get around it; 127.0.0.3 is a visitor of its own.
    const formId = await withDatabase(app.database, contactFormId);
    const submit = (from: string, n: number, headers: Record<string, string> = {}) =>
      request(`${httpsUrl}/api/forms/${formId}/submissions`, {
        method: "POST",
        from,
        headers: { "Content-Type": "application/json", ...headers },
        body: JSON.stringify({ name: `Visitor ${n}`, email: `visitor${n}@example.com` }),
      });
    for (let n = 0; n < 10; n++) expect((await submit("127.0.0.2", n)).status).toBe(201);
    expect((await submit("127.0.0.2", 10)).status).toBe(429);
    expect((await submit("127.0.0.2", 11, { "X-Forwarded-For": "203.0.113.9" })).status).toBe(429);
    expect((await submit("127.0.0.3", 12)).status).toBe(201);

    // A body over the app's limit is refused by nginx before the app reads it.
    const huge = await request(`${httpsUrl}/lead`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: Buffer.alloc(512 * 1024, "a"),
      from: "127.0.0.4",
    });
    expect(huge.status).toBe(413);
    expect(huge.body).toContain("nginx");
    // The metrics are never served to the public side.
    expect((await request(`${httpsUrl}/metrics`)).status).toBe(404);
  }, 120_000);
});
