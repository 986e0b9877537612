import { FORM_TOKEN_COOKIE } from "~/server/leads/spam.server";

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
