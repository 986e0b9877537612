import type { BrowserContext } from "playwright-core";
import { FORM_TOKEN_COOKIE, type FormVisitor, issueFormToken, MIN_FILL_MS } from "~/server/leads/spam.server";

/**
 * The secret a test's server signs with (`AUTH_SECRET`), so that the test can sign a form token as
 * the server would: pass `withFormSecret` to the server's environment.
 */
export const TEST_FORM_SECRET = "form-tokens-in-tests-0123456789abcdef";
export const withFormSecret = { AUTH_SECRET: TEST_FORM_SECRET } as const;

/** Who Node's fetch is to a test's server on loopback without a trusted proxy: its address and user agent. */
export const FETCH_VISITOR: FormVisitor = { clientIp: "127.0.0.1", userAgent: "node" };

/**
 * A form token issued long enough ago for a person to have filled the form, to the visitor who will
 * send it (address as the server sees it, user agent): no real waiting in tests.
 */
export function agedFormToken(visitor: Partial<FormVisitor> = {}, nowMs = Date.now()) {
  return issueFormToken(TEST_FORM_SECRET, { ...FETCH_VISITOR, ...visitor }, nowMs - MIN_FILL_MS - 1000);
}

/**
 * What a browser without JavaScript does before it can send a visitor form: loads the page and the
 * images on it, the fill-time token's among them, with its own headers (its address through a
 * trusted proxy, its user agent). Returns the token (the cookie's value).
 */
export async function fetchFormToken(baseUrl: string, page = "/contact", headers: Record<string, string> = {}) {
  const html = await (await fetch(`${baseUrl}${page}`, { headers })).text();
  const pixel = /<img src="(\/api\/form-token)"/.exec(html)?.[1];
  if (!pixel) throw new Error(`${page} has no form-token image`);
  const cookie = (await fetch(`${baseUrl}${pixel}`, { headers })).headers
    .getSetCookie()
    .find((value) => value.startsWith(`${FORM_TOKEN_COOKIE}=`));
  if (!cookie) throw new Error("the form-token image set no cookie");
  return cookie.split(";")[0]!.slice(FORM_TOKEN_COOKIE.length + 1);
}

/** The Cookie header that carries a form token (and any other cookies given). */
export function formTokenCookieHeader(token: string | undefined, ...others: string[]) {
  return [...(token === undefined ? [] : [`${FORM_TOKEN_COOKIE}=${token}`]), ...others].join("; ");
}

/**
 * A browser that opened the site a person's time ago: its context holds the aged token the form-token
 * image would have set for it (this browser's user agent, from loopback), and the image keeps it.
 */
export async function giveAgedFormToken(context: BrowserContext, baseUrl: string) {
  await context.addCookies([
    {
      name: FORM_TOKEN_COOKIE,
      value: agedFormToken({ userAgent: await browserUserAgent(context) }),
      url: baseUrl,
      httpOnly: true,
      sameSite: "Lax",
    },
  ]);
}

const userAgents = new WeakMap<object, Promise<string>>();

/** The user agent the context's browser sends, read once per browser from a page of its own (which works whether or not the context runs scripts). */
function browserUserAgent(context: BrowserContext) {
  const browser = context.browser();
  if (!browser) throw new Error("the context has no browser to ask for its user agent");
  let userAgent = userAgents.get(browser);
  if (!userAgent) {
    userAgent = (async () => {
      const page = await browser.newPage();
      try {
        return await page.evaluate(() => navigator.userAgent);
      } finally {
        await page.close();
      }
    })();
    userAgents.set(browser, userAgent);
  }
  return userAgent;
}
