import type { Page } from "playwright-core";

/**
 * The focused element as a keyboard user meets it: its tag, what a screen reader calls it (`name`), its
 * own text and label, the form field it is (`field`) and the list item it sits in (`row`), for telling
 * rows apart.
 */
export type Focused = {
  tag: string;
  name: string;
  text: string;
  label: string | null;
  field: string | null;
  type: string | null;
  row: string;
};

/** Presses Tab until the focused element is the one wanted (keyboard only: nothing is clicked). */
export async function tabTo(page: Page, wanted: (focused: Focused) => boolean, what: string, limit = 150) {
  for (let presses = 0; presses < limit; presses++) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => {
      const element = document.activeElement;
      return {
        tag: element?.tagName ?? "",
        name: (element?.getAttribute("aria-label") ?? element?.textContent ?? "").trim(),
        text: element?.textContent?.trim() ?? "",
        label: element?.getAttribute("aria-label") ?? null,
        field: element?.getAttribute("name") ?? null,
        type: element?.getAttribute("type") ?? null,
        row: element?.closest("li")?.textContent ?? "",
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
