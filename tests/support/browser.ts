import {
  accessSync,
  constants,
  existsSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Locator,
  type Page,
} from "playwright-core";

export type ChromiumInstall = {
  executablePath: string;
  /** Where it came from, for messages: `CHROME_PATH`, the machine, or npm. */
  source: "CHROME_PATH" | "system" | "npm";
  /** Variables the browser process needs on top of ours (the npm build's own libraries and fonts). */
  env: Record<string, string>;
};

const SYSTEM_BROWSERS = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
  "/usr/bin/google-chrome-stable",
  "/snap/bin/chromium",
  "/Applications/Chromium.app/Contents/MacOS/Chromium",
  "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
];

let found: Promise<ChromiumInstall> | undefined;

/**
 * The browser the tests and benchmarks drive, in this order: `CHROME_PATH`; a Chromium or Chrome
 * installed on the machine; on Linux x64, the headless Chromium that `@sparticuz/chromium` carries
 * inside its npm package (unpacked once into the temp folder, with the libraries and fonts it needs),
 * so that `npm install && npm test` needs nothing from the machine. Nothing is downloaded.
 */
export function findChromium(): Promise<ChromiumInstall> {
  found ??= locateChromium();
  return found;
}

async function locateChromium(): Promise<ChromiumInstall> {
  const given = process.env.CHROME_PATH;
  if (given) {
    if (!isExecutable(given)) throw new Error(`CHROME_PATH=${given} is not an executable file.`);
    return { executablePath: given, source: "CHROME_PATH", env: {} };
  }
  const installed = SYSTEM_BROWSERS.find(isExecutable);
  if (installed) return { executablePath: installed, source: "system", env: {} };
  if (process.platform === "linux" && process.arch === "x64") return unpackNpmChromium();
  throw new Error(
    `No Chromium or Chrome found (looked for ${SYSTEM_BROWSERS.join(", ")}), and the browser that comes ` +
      `from npm is built for Linux x64 only (this is ${process.platform} ${process.arch}). Install Chromium ` +
      "or Google Chrome, or set CHROME_PATH to its executable.",
  );
}

async function unpackNpmChromium(): Promise<ChromiumInstall> {
  const { default: sparticuz, inflate } = await import("@sparticuz/chromium");
  // The package exports only its entry (build/index.js); the packed files sit in bin/ beside build/.
  const packageDir = path.join(path.dirname(createRequire(import.meta.url).resolve("@sparticuz/chromium")), "..");
  const { version } = JSON.parse(readFileSync(path.join(packageDir, "package.json"), "utf8")) as { version: string };
  const target = path.join(os.tmpdir(), `agency-chromium-${version}`);
  if (!existsSync(path.join(target, "chromium"))) {
    // The package unpacks into the temp folder it reads from TMPDIR at each call, and takes whatever
    // it finds there as done: unpack into a private folder and move it in whole, so a run stopped
    // half-way or a parallel one never leaves a broken browser behind.
    const staging = mkdtempSync(`${target}-`);
    const savedTmpdir = process.env.TMPDIR;
    process.env.TMPDIR = staging;
    try {
      await sparticuz.executablePath(path.join(packageDir, "bin"));
      // The build also carries the NSS libraries that a machine without any browser lacks; the
      // package itself unpacks them only on Amazon Linux.
      await inflate(path.join(packageDir, "bin", "al2023.tar.br"));
    } finally {
      if (savedTmpdir === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = savedTmpdir;
    }
    // Its fontconfig file names /tmp/fonts; without fonts where it looks, the browser aborts.
    writeFileSync(
      path.join(staging, "fonts", "fonts.conf"),
      `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n  <dir>${target}/fonts</dir>\n  <dir>/usr/share/fonts</dir>\n  <cachedir>${target}/fonts-cache</cachedir>\n</fontconfig>\n`,
    );
    try {
      renameSync(staging, target);
    } catch (error) {
      rmSync(staging, { recursive: true, force: true });
      if (!existsSync(path.join(target, "chromium"))) throw error;
    }
  }
  return {
    executablePath: path.join(target, "chromium"),
    source: "npm",
    env: {
      LD_LIBRARY_PATH: [path.join(target, "al2023", "lib"), process.env.LD_LIBRARY_PATH].filter(Boolean).join(":"),
      FONTCONFIG_PATH: path.join(target, "fonts"),
    },
  };
}

function isExecutable(file: string) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The flags every headless run needs here: no sandbox as root, and no calls to Google's services. */
export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

export async function launchBrowser(): Promise<Browser> {
  const install = await findChromium();
  return chromium.launch({
    executablePath: install.executablePath,
    args: CHROMIUM_FLAGS,
    env: { ...process.env, ...install.env } as Record<string, string>,
  });
}

/** Resolves once React has hydrated the page: it marks the body with its own keys when it does. */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith("__react")));
}

/**
 * Hydrates a page that waits for its visitor's first use (`data-hydrate="after-paint"`, the
 * estimator) as a visitor would: a key press (Shift, which changes nothing on the page). The press
 * is repeated until React has hydrated, since the page's bootstrap module script, which listens for
 * it, may not have run yet when the page reports loaded.
 */
export async function hydratedOnUse(page: Page) {
  const isHydrated = () => Object.keys(document.body).some((key) => key.startsWith("__react"));
  for (let attempt = 0; attempt < 20; attempt++) {
    await page.keyboard.press("Shift");
    const done = await page
      .waitForFunction(isHydrated, undefined, { timeout: 1_000 })
      .then(() => true)
      .catch(() => false);
    if (done) return;
  }
  await page.waitForFunction(isHydrated);
}

/**
 * Resolves once the island modules a public page names have loaded (the page's inline loader keeps
 * their promise in `window.islands`); at once on a page without islands.
 */
export async function islandsLoaded(page: Page) {
  await page.waitForFunction(() => document.readyState !== "loading");
  await page.evaluate(() => (window as { islands?: Promise<unknown> }).islands);
}

/** A new page at `url` of a public page, once its islands have loaded. */
export async function openWithIslands(opener: Browser | BrowserContext, url: string) {
  const page = await opener.newPage();
  await page.goto(url);
  await islandsLoaded(page);
  return page;
}

/** A browser context carrying the cookies of a Cookie header (a session `signIn` returned). */
export async function contextWithCookies(
  browser: Browser,
  url: string,
  cookieHeader: string,
  options: BrowserContextOptions = { viewport: { width: 1280, height: 900 } },
): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await context.addCookies(
    cookieHeader.split("; ").map((pair) => {
      const [name, ...value] = pair.split("=");
      return { name: name!, value: value.join("="), url };
    }),
  );
  return context;
}

/** Signs in on the admin sign-in form, as a person does, and waits for the dashboard. */
export async function signInOnPage(page: Page, baseUrl: string, email: string, password: string) {
  await page.goto(`${baseUrl}/admin/login`);
  await hydrated(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL(`${baseUrl}/admin`);
}

/** A new page (of a browser, or of one of its contexts) at `url`, once React has hydrated it. */
export async function openHydrated(opener: Browser | BrowserContext, url: string) {
  const page = await opener.newPage();
  await page.goto(url);
  await hydrated(page);
  return page;
}

/** Opens a screen from the admin menu's `link`, as a person does, and waits for its `heading`. */
export async function openFromAdminMenu(page: Page, link: string, heading: string) {
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: link }).click();
  await page.getByRole("heading", { name: heading }).waitFor();
}

/** Picks `choice` from a value's menu (a status badge, an owner) labelled `label`, within `scope`. */
export async function pickChoice(scope: Page | Locator, label: string, choice: string) {
  await scope.getByRole("button", { name: new RegExp(`^${escapeRegExp(label)}: `) }).click();
  await scope.getByRole("form", { name: label }).getByRole("button", { name: choice, exact: true }).click();
}

/** The label a value's menu trigger reads while `choice` is the saved value. */
export function choiceTrigger(scope: Page | Locator, label: string, choice: string) {
  return scope.getByRole("button", { name: `${label}: ${choice}`, exact: true });
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
