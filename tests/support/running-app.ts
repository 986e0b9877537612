import type { Browser } from "playwright-core";
import { afterAll, afterEach, beforeAll } from "vitest";
import type { Dialect } from "~/server/db/database.server";
import type { Database } from "~/server/db/schema.server";
import { type AppServer, startAppServer } from "./app-server";
import { launchBrowser } from "./browser";
import { throwFirstFailure } from "./settled";
import { appDatabase } from "./staff";

export type RunningApp = {
  app: AppServer;
  /** The app's own database, opened from the test process. */
  db: Database;
  /** Chromium, when the block asked for it. */
  browser: Browser;
};

/**
 * For a describe block: a server of its own and its database opened from the test process, with
 * Chromium beside it when `browser` is set; started before the block's tests, closed after them.
 * The fields are there once this `beforeAll` ran, so the block's own later `beforeAll`s can use them.
 */
export function runAppForBlock(
  env: Record<string, string | undefined> = {},
  { dialect, browser = false }: { dialect?: Dialect; browser?: boolean } = {},
): RunningApp {
  let app: AppServer | undefined;
  let db: Database | undefined;
  let launched: Browser | undefined;
  beforeAll(async () => {
    const [server, chromium] = await Promise.allSettled([
      startAppServer(env, { dialect }),
      browser ? launchBrowser() : undefined,
    ]);
    // Whatever started is kept even when the other failed, so that afterAll closes it.
    if (server.status === "fulfilled") app = server.value;
    if (chromium.status === "fulfilled") launched = chromium.value;
    throwFirstFailure([server, chromium]);
  });
  afterAll(async () => {
    // The connection closes before the server goes: stopping it drops its PostgreSQL database.
    const closed = await Promise.allSettled([db?.destroy(), launched?.close()]);
    const stopped = await Promise.allSettled([app?.stop()]);
    throwFirstFailure([...closed, ...stopped]);
  });
  return {
    get app() {
      if (!app) throw new Error("the app is not running yet: use it in a test or a later beforeAll");
      return app;
    },
    // Opened on first use: a block that never reads the database keeps the server its only user.
    get db() {
      db ??= appDatabase(this.app);
      return db;
    },
    get browser() {
      if (!launched) throw new Error("this block runs no browser: pass { browser: true }");
      return launched;
    },
  };
}

/**
 * For a describe block whose tests each start their own server (with settings of their own): the
 * returned function starts one, and every server a test started is stopped after that test.
 */
export function appPerTest() {
  const started: AppServer[] = [];
  afterEach(async () => {
    throwFirstFailure(await Promise.allSettled(started.splice(0).map((app) => app.stop())));
  });
  return async function startApp(...args: Parameters<typeof startAppServer>) {
    const app = await startAppServer(...args);
    started.push(app);
    return app;
  };
}

/** Throws the reason of the first rejected result, once every result is in. */
