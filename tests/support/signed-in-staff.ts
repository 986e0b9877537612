import type { BrowserContextOptions } from "playwright-core";
import { beforeAll } from "vitest";
import type { Role } from "~/lib/roles";
import { contextWithCookies } from "./browser";
import type { RunningApp } from "./running-app";
import { addStaff, signIn } from "./staff";

/**
 * For a describe block after its `runAppForBlock`: one staff member per role (`<role>@example.com`),
 * each signed in once before the block's tests. Gives their session cookies by role, and a browser
 * context signed in as one of them.
 */
export function signedInStaff<R extends Role>(running: RunningApp, roles: readonly R[]) {
  const cookies = {} as Record<R, string>;
  beforeAll(async () => {
    for (const role of roles) {
      const user = await addStaff(running.db, `${role}@example.com`, role);
      cookies[role] = await signIn(running.app, user.email, user.password);
    }
  });
  const contextAs = (role: R, options?: BrowserContextOptions) =>
    contextWithCookies(running.browser, running.app.url, cookies[role], options);
  return { cookies, contextAs };
}
