import type { Page } from "playwright-core";

/** The focused element as a keyboard user meets it: its tag and what a screen reader calls it. */
export type Focused = { tag: string; name: string; type: string | null };

/** Presses Tab until the focused element is the one wanted (keyboard only: nothing is clicked). */
export async function tabTo(page: Page, wanted: (focused: Focused) => boolean, what: string, limit = 150) {
  for (let presses = 0; presses < limit; presses++) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => {
      const element = document.activeElement;
      return {
        tag: element?.tagName ?? "",
        name: (element?.getAttribute("aria-label") ?? element?.textContent ?? "").trim(),
        type: element?.getAttribute("type") ?? null,
      };
    });
    if (wanted(focused)) return focused;
  }
  throw new Error(`Tab never reached ${what}`);
}

/** Tabs to the button or link named exactly `name`. */
export function tabToNamed(page: Page, name: string) {
  return tabTo(page, (focused) => focused.name === name && focused.tag !== "INPUT", `"${name}"`);
}
