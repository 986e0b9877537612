import type { AppServices } from "../services.server";
import { CLIENT_IP_HEADER } from "./constants";

const FORWARDED_HEADERS = [
  "cookie",
  "origin",
  "referer",
  "user-agent",
  "accept-language",
  "sec-fetch-site",
  "sec-fetch-mode",
  "sec-fetch-dest",
];

/**
 * Calls a better-auth endpoint on behalf of the browser's request, through better-auth's own router,
 * so its origin checks and rate limits apply exactly as for a direct call. Returns its Response.
 */
export async function callAuthEndpoint(
  { auth, config }: Pick<AppServices, "auth" | "config">,
  { request, clientIp }: { request: Request; clientIp: string | undefined },
  path: `/${string}`,
  body: Record<string, unknown>,
) {
  const headers = new Headers({ "content-type": "application/json" });
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  headers.set(CLIENT_IP_HEADER, clientIp ?? "");
  const response = await auth.handler(
    new Request(new URL(`/api/auth${path}`, config.baseUrl), { method: "POST", headers, body: JSON.stringify(body) }),
  );
  const payload = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  return { response, payload, setCookies: response.headers.getSetCookie() };
}

export function cookieHeaders(setCookies: string[], headers = new Headers()) {
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  return headers;
}
