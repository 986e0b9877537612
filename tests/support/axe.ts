import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";

const axeSource = readFileSync(path.resolve(import.meta.dirname, "../../node_modules/axe-core/axe.min.js"), "utf8");

type AxeViolation = { id: string; impact: string | null; nodes: { target: string[] }[] };
/** What axe audits: the whole page, or the parts named by selectors. */
export type AxeScope = { include?: string[][]; exclude?: string[][] };

/**
 * The serious and critical accessibility violations axe finds on the page as it is now, one line each
 * ("label: rule (impact) at selectors"). The page's context must bypass CSP (`bypassCSP: true`): axe
 * is injected from here, and the app's own policy stays as it is.
 */
export async function seriousViolations(page: Page, label: string, scope?: AxeScope): Promise<string[]> {
  // A toast sliding in or fading out is half transparent for a moment, and axe would judge its contrast
  // in passing: finite transitions and animations are let finish first (looping ones never do).
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity,
          ),
      undefined,
      { timeout: 3_000 },
    )
    .catch(() => undefined);
  await page.evaluate(axeSource);
  const violations = (await page.evaluate(async (given) => {
    const axe = (
      window as unknown as { axe: { run: (context: object, options: object) => Promise<{ violations: unknown[] }> } }
    ).axe;
    return (await axe.run(given ?? document, { resultTypes: ["violations"] })).violations;
  }, scope)) as AxeViolation[];
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${label}: ${violation.id} (${violation.impact}) at ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    );
}
