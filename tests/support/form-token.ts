import { FORM_TOKEN_COOKIE, issueFormToken, MIN_FILL_MS } from "~/server/leads/spam.server";

/**
 * The secret a test's server signs with (`AUTH_SECRET`), so that the test can sign a form token as
 * the server would: pass `withFormSecret` to the server's environment.
 */
export const TEST_FORM_SECRET = "form-tokens-in-tests-0123456789abcdef";
export const withFormSecret = { AUTH_SECRET: TEST_FORM_SECRET } as const;

/** A form token issued long enough ago for a person to have filled the form: no real waiting in tests. */
export function agedFormToken(nowMs = Date.now()) {
  return issueFormToken(TEST_FORM_SECRET, nowMs - MIN_FILL_MS - 1000);
}

/**
 * What a browser without JavaScript does before it can send a visitor form: loads the page and the
 * images on it, the fill-time token's among them. Returns the token (the cookie's value).
 */
export async function fetchFormToken(baseUrl: string, page = "/contact") {
  const html = await (await fetch(`${baseUrl}${page}`)).text();
  const pixel = /<img src="(\/api\/form-token)"/.exec(html)?.[1];
  if (!pixel) throw new Error(`${page} has no form-token image`);
  const cookie = (await fetch(`${baseUrl}${pixel}`)).headers
    .getSetCookie()
    .find((value) => value.startsWith(`${FORM_TOKEN_COOKIE}=`));
  if (!cookie) throw new Error("the form-token image set no cookie");
  return cookie.split(";")[0]!.slice(FORM_TOKEN_COOKIE.length + 1);
}

/** The Cookie header that carries a form token (and any other cookies given). */
export function formTokenCookieHeader(token: string | undefined, ...others: string[]) {
  return [...(token === undefined ? [] : [`${FORM_TOKEN_COOKIE}=${token}`]), ...others].join("; ");
}
