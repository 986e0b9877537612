import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storedSetting } from "../support/admin-fixtures";
import { makePdf } from "../support/files";
import { runAppForBlock } from "../support/running-app";
import { addStaff } from "../support/staff";

/**
 * A page on another port of the same host: the same site as far as SameSite cookies go, so a signed-in
 * admin's browser sends the session cookie with its requests. It tries what an outside review did:
 * replace the guide every lead downloads, and start a GDPR export in the admin's name.
 */
function attackerPage(target: string) {
  const pdf = makePdf("Forged guide").toString("base64");
  return `<!doctype html><html><head><title>waiting</title></head><body>
<form id="export" method="post" action="${target}/admin/leads/gdpr/export" target="sink">
  <input name="email" value="victim@example.com">
</form>
<iframe name="sink"></iframe>
<script>
  const bytes = Uint8Array.from(atob(${JSON.stringify(pdf)}), (c) => c.charCodeAt(0));
  const body = new FormData();
  body.append("file", new Blob([bytes], { type: "application/pdf" }), "guide.pdf");
  document.getElementById("export").submit();
  fetch(${JSON.stringify(`${target}/admin/uploads?bucket=pdfs&prefix=ppc_strategies_pdf`)}, {
    method: "POST", mode: "no-cors", credentials: "include", body,
  }).then(() => { document.title = "sent"; }, (error) => { document.title = "failed: " + error; });
</script></body></html>`;
}

describe("a page on another loopback port, in Chromium", () => {
  const running = runAppForBlock({}, { browser: true });
  let attacker: Server;
  let attackerUrl: string;
  beforeAll(async () => {
    await addStaff(running.db, "boss@example.com", "admin", "boss-password");
    const html = attackerPage(running.app.url);
    attacker = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(html);
    });
    attacker.listen(0, "127.0.0.1");
    await once(attacker, "listening");
    attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    attacker?.close();
  });

  const guideSetting = () => storedSetting(running.db, "ppc_strategies_pdf");

  it("cannot replace the guide file or start a GDPR export with a signed-in admin's cookie", async () => {
    const context = await running.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${running.app.url}/admin/login`);
    await page.getByLabel("Email").fill("boss@example.com");
    await page.getByLabel("Password").fill("boss-password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(`${running.app.url}/admin`);
    const guideBefore = await guideSetting();
    const auditBefore = await running.db.selectFrom("audit_logs").select("id").execute();

    const visit = await context.newPage();
    await visit.goto(attackerUrl);
    // The fetch settles either way: its answer is opaque to the page, whatever the server did.
    await visit.waitForFunction(() => document.title !== "waiting");
    const refusals = () => running.app.output().split("refused a request from another origin").length - 1;
    for (let tries = 0; tries < 100 && refusals() < 2; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    expect(await guideSetting()).toBe(guideBefore);
    expect(await running.db.selectFrom("audit_logs").select("id").execute()).toHaveLength(auditBefore.length);
    expect(
      await running.db.selectFrom("audit_logs").select("id").where("action", "=", "gdpr.export").execute(),
    ).toEqual([]);
    // Both requests did reach the server, with the cookie, and were refused there.
    expect(refusals()).toBe(2);

    // The admin is still signed in and works as before.
    await page.goto(`${running.app.url}/admin/leads/gdpr`);
    await page.getByRole("heading", { name: /GDPR/ }).first().waitFor();
    await context.close();
  });
});
