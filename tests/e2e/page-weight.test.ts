import { describe, expect, it } from "vitest";
import { jsBudgetKb, measurePageWeight, PAGE_BUDGET_KB } from "../support/page-weight";
import { publicRoutes } from "../support/public-routes";
import { runAppForBlock } from "../support/running-app";

describe("what a first visit to each public page loads, on the production build, as bytes on the wire", () => {
  const running = runAppForBlock({}, { browser: true });

  it.each(publicRoutes)("%s stays within its JavaScript and CSS budget", async (route) => {
    const weight = await measurePageWeight(running.browser, `${running.app.url}${route}`);
    const scripts = weight.scripts.map((script) => `${script.url} ${script.bytes} B ${script.encoding}`).join("\n");
    // A page that loads no script at all would pass any budget while its islands are broken.
    expect(weight.scripts.length).toBeGreaterThan(0);
    // Measured as sent: every script came compressed from the build's own copies.
    for (const script of weight.scripts) expect(script.encoding, script.url).toBe("br");
    expect(weight.js, `${route}: ${weight.js.toFixed(2)} kB of JavaScript:\n${scripts}`).toBeLessThanOrEqual(
      jsBudgetKb(route),
    );
    // The CSS is inline: no stylesheet request holds up the first paint.
    expect(weight.stylesheets).toEqual([]);
    expect(weight.css, `${route}: ${weight.css.toFixed(2)} kB of CSS`).toBeLessThanOrEqual(PAGE_BUDGET_KB.css);
  });

  it("content pages load no React; the estimator, which asks for it, does", async () => {
    const home = await measurePageWeight(running.browser, `${running.app.url}/`);
    const estimator = await measurePageWeight(running.browser, `${running.app.url}/cost-estimator`);
    expect(home.hydrated).toBe(false);
    expect(home.scripts.map((script) => script.url).join("\n")).not.toMatch(/entry\.client/);
    expect(home.scripts.map((script) => script.url).join("\n")).toMatch(/island-page-view/);
    expect(estimator.hydrated).toBe(true);
    expect(estimator.scripts.map((script) => script.url).join("\n")).toMatch(/entry\.client/);
  });
});
