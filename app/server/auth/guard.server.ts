import { data, type MiddlewareFunction, redirect } from "react-router";
import { encodedLocalPath } from "~/lib/local-path";
import { canAccess } from "~/lib/roles";
import { getServices } from "../context.server";
import { loadStaffSession, staffContext } from "./session.server";

export const ACCESS_DENIED_MESSAGE =
  "You don't have permission to access this resource. Please contact your administrator if you believe this is an error.";

/**
 * Guards everything under /admin: every document request, data request (`.data`) and action of every
 * route below the admin layout passes here first. The role table in ~/lib/roles decides.
 */
export const adminGuard: MiddlewareFunction<Response> = async ({ request, url, context }, next) => {
  const { identity, setCookies } = await loadStaffSession(getServices(context), request);
  if (!identity) {
    const back = `${url.pathname}${url.search}`;
    throw redirect(`/admin/login?redirectTo=${encodeURIComponent(back)}`, {
      headers: setCookies.length ? { "Set-Cookie": setCookies.join(", ") } : undefined,
    });
  }
  if (!canAccess(identity.role, url.pathname)) {
    if (new URL(request.url).pathname.endsWith(".data") || request.method !== "GET") {
      throw data({ message: ACCESS_DENIED_MESSAGE }, { status: 403 });
    }
    throw redirect("/admin/unauthorized");
  }
  context.set(staffContext, identity);
  const response = await next();
  for (const cookie of setCookies) response.headers.append("Set-Cookie", cookie);
  return response;
};

/** Where to go after signing in: back where the user came from, if that is an admin page. */
export function safeAdminRedirect(target: FormDataEntryValue | string | null | undefined) {
  if (typeof target !== "string") return "/admin";
  const path = encodedLocalPath(target);
  if (!path?.startsWith("/admin")) return "/admin";
  if (path.startsWith("/admin/login") || path.startsWith("/admin/setup")) return "/admin";
  return path;
}
