const LOCAL = "http://local.invalid";

/**
 * A same-site path as it may go into a `Location` header: percent-encoded (a decoded form field can
 * carry any character, and a raw non-ASCII byte in a header is either refused by Node or sent as is),
 * with dot segments resolved, so what is checked is what the browser will fetch. Null for anything
 * that is not a path of this site.
 */
export function encodedLocalPath(value: string): string | null {
  if (!value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return null;
  let url: URL;
  try {
    url = new URL(value, LOCAL);
  } catch {
    return null;
  }
  // Dot segments can leave `//host` behind (`/..//evil.test`), which a browser reads as another site.
  if (url.origin !== LOCAL || url.pathname.startsWith("//")) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
