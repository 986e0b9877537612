import { data, type MiddlewareFunction, redirect } from "react-router";
import { getServices } from "~/http/context.server";
import { ownWritesCookie } from "~/http/read-own-writes.server";
import { staffContext } from "~/http/staff.server";
import { encodedLocalPath } from "~/lib/local-path";
import { canAccess } from "~/lib/roles";
import { loadStaffSession } from "~/server/auth/session.server";

export const ACCESS_DENIED_MESSAGE =
  "You don't have permission to access this resource. Please contact your administrator if you believe this is an error.";

/**
 * Guards everything under /admin, in two steps: the admin layout's middleware lets only signed-in
 * staff through (`adminGuard`), and the screens' middleware below it judges the role (`adminRoleGuard`).
 * Every document request, data request (`.data`) and action passes both. The role table in ~/lib/roles
 * decides. The role is judged below the layout so that a refused data request is reported against the
 * screens, whose boundary shows Access Denied inside the layout, sidebar and all.
 */
export const adminGuard: MiddlewareFunction<Response> = async ({ request, url, context }, next) => {
  const { identity, setCookies } = await loadStaffSession(getServices(context), request);
  if (!identity) {
    const back = `${url.pathname}${url.search}`;
    throw redirect(`/admin/login?redirectTo=${encodeURIComponent(back)}`, {
      headers: setCookies.length ? { "Set-Cookie": setCookies.join(", ") } : undefined,
    });
  }
  context.set(staffContext, identity);
  const response = await next();
  for (const cookie of setCookies) response.headers.append("Set-Cookie", cookie);
  // Any change: this person's reports come from the primary for a few seconds, not a standby behind it.
  if (request.method !== "GET" && request.method !== "HEAD") {
    const { formSecret, config } = getServices(context);
    response.headers.append("Set-Cookie", ownWritesCookie(formSecret, { secure: config.secureCookies }));
  }
  return response;
};

export const adminRoleGuard: MiddlewareFunction<Response> = async ({ request, url, pattern, context }, next) => {
  const identity = context.get(staffContext);
  // An address no screen answers is "not found" for every role, not "access denied" for most.
  const unknownScreen = pattern.endsWith("*");
  if (!identity || (!unknownScreen && !canAccess(identity.role, url.pathname))) {
    if (new URL(request.url).pathname.endsWith(".data") || request.method !== "GET") {
      throw data({ message: ACCESS_DENIED_MESSAGE }, { status: 403 });
    }
    throw redirect("/admin/unauthorized");
  }
  return next();
};

/** Where to go after signing in: back where the user came from, if that is an admin page. */
export function safeAdminRedirect(target: FormDataEntryValue | string | null | undefined) {
  if (typeof target !== "string") return "/admin";
  const path = encodedLocalPath(target);
  if (!path?.startsWith("/admin")) return "/admin";
  if (path.startsWith("/admin/login") || path.startsWith("/admin/setup")) return "/admin";
  return path;
}
