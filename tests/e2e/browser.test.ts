import { describe, expect, it } from "vitest";
import { hero, homeSeo } from "~/content/home";
import { islandsLoaded } from "../support/browser";
import { runAppForBlock } from "../support/running-app";

describe("in Chromium", () => {
  const running = runAppForBlock({}, { browser: true });

  async function openPage(path: string) {
    const page = await running.browser.newPage();
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    const response = await page.goto(`${running.app.url}${path}`);
    await islandsLoaded(page);
    return { page, response, problems };
  }

  it("loads the home page and its islands under the CSP without errors, and no React", async () => {
    const { page, response, problems } = await openPage("/");
    expect(response?.status()).toBe(200);
    expect(await page.title()).toBe(homeSeo.title);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(hero.headline);
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("shows the not-found screen and takes the visitor home", async () => {
    const { page, response, problems } = await openPage("/does-not-exist");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Oops! Page not found").isVisible()).resolves.toBe(true);
    await page.getByRole("link", { name: "Return to Home" }).click();
    await page.waitForURL(`${running.app.url}/`);
    await expect(page.getByRole("heading", { level: 1 }).isVisible()).resolves.toBe(true);
    expect(problems.filter((problem) => !problem.includes("404"))).toEqual([]);
    await page.close();
  });
});
