import { describe, expect, it } from "vitest";
import { jsBudgetKb, PAGE_BUDGET_KB, pageWeight } from "../support/page-weight";
import { publicRoutes } from "../support/public-routes";
import { runAppForBlock } from "../support/running-app";

describe("what a first visit to each public page loads, on the production build", () => {
  const running = runAppForBlock();

  it.each(publicRoutes)("%s stays within its JavaScript and CSS budget", async (route) => {
    const response = await fetch(`${running.app.url}${route}`);
    expect(response.status).toBe(200);
    const weight = pageWeight(await response.text());
    // A page that loads no script at all would pass any budget while being broken.
    expect(weight.scripts.length).toBeGreaterThan(0);
    expect(weight.js).toBeGreaterThan(50);
    expect(weight.js, `${route}: ${weight.js.toFixed(2)} kB of JavaScript`).toBeLessThanOrEqual(jsBudgetKb(route));
    expect(weight.css, `${route}: ${weight.css.toFixed(2)} kB of CSS`).toBeLessThanOrEqual(PAGE_BUDGET_KB.css);
  });
});
