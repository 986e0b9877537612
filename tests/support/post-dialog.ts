import type { Locator } from "playwright-core";
import { expect } from "vitest";

/**
 * In a blog post's dialog (new or edit): typing `title` fills the slug (`slug`) and the meta title
 * after it; once the person writes their own slug (`ownSlug`), a new title (`nextTitle`) leaves it
 * as they wrote it, while the meta title still follows.
 */
export async function expectSlugFollowsTitle(
  dialog: Locator,
  { title, slug, ownSlug, nextTitle }: { title: string; slug: string; ownSlug: string; nextTitle: string },
) {
  await dialog.getByLabel("Title*").fill(title);
  await expect(dialog.getByLabel("Slug*").inputValue()).resolves.toBe(slug);
  await expect(dialog.getByLabel("Meta Title").inputValue()).resolves.toBe(title);
  await dialog.getByLabel("Slug*").fill(ownSlug);
  await dialog.getByLabel("Title*").fill(nextTitle);
  await expect(dialog.getByLabel("Slug*").inputValue()).resolves.toBe(ownSlug);
  await expect(dialog.getByLabel("Meta Title").inputValue()).resolves.toBe(nextTitle);
}
