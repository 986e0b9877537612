import { readFileSync } from "node:fs";
import { chromium } from "playwright-core";

const axeSource = readFileSync("node_modules/axe-core/axe.min.js", "utf8");
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const screens = {
  admin: [
    "/admin",
    "/admin/leads",
    "/admin/leads?view=spam",
    "/admin/clients",
    "/admin/pages",
    "/admin/pages/new",
    "/admin/blog",
    "/admin/forms",
    "/admin/pricing",
    "/admin/users",
    "/admin/settings",
    "/admin/leads/gdpr",
    "/admin/nothing",
  ],
  sales: ["/admin", "/admin/leads", "/admin/clients", "/admin/settings", "/admin/nothing"],
  editor: ["/admin", "/admin/pages", "/admin/blog", "/admin/forms", "/admin/settings"],
};
for (const [role, paths] of Object.entries(screens)) {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await page.goto("http://localhost:3719/admin/login");
  await page.waitForFunction(() => Object.keys(document.body).some((k) => k.startsWith("__react")));
  await page.getByLabel("Email").fill(`${role === "editor" ? "ed" : role}@x.example`);
  await page.getByLabel("Password").fill("password-123");
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL("http://localhost:3719/admin");
  const leadLink = await page.goto("http://localhost:3719/admin/leads").then(() =>
    page
      .locator("a[data-row-link]")
      .first()
      .getAttribute("href")
      .catch(() => null),
  );
  if (leadLink && role !== "editor") paths.push(leadLink);
  for (const p of paths) {
    await page.goto("http://localhost:3719" + p);
    await page.evaluate(axeSource);
    const v = await page.evaluate(async () =>
      (await window.axe.run(document, { resultTypes: ["violations"] })).violations.map((x) => ({
        id: x.id,
        impact: x.impact,
        nodes: x.nodes.slice(0, 3).map((n) => n.target.join(" ") + " :: " + n.failureSummary?.slice(0, 120)),
      })),
    );
    const bad = v.filter((x) => x.impact === "serious" || x.impact === "critical");
    console.log(role, p, bad.length ? JSON.stringify(bad) : "ok");
  }
}
await browser.close();
