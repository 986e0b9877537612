import type { ShouldRevalidateFunctionArgs } from "react-router";

const inAdmin = (url: URL) => /^\/admin(\/|$)/i.test(url.pathname);

/**
 * A plain move from one admin screen to another (no form sent). The root and the admin layout keep
 * their data on such moves, so that a screen the role may not open fails alone and its Access Denied
 * shows inside the layout. After an action they reload as usual.
 */
export function isMoveWithinAdmin({ formMethod, currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  return !formMethod && inAdmin(currentUrl) && inAdmin(nextUrl);
}
