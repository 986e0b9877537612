import { redirect } from "react-router";
import { getRequestInfo, getServices } from "~/http/context.server";
import { redirectWithToast } from "~/http/toast-cookie.server";
import { callAuthEndpoint, cookieHeaders } from "~/server/auth/auth-request.server";
import type { Route } from "./+types/logout";

export function loader() {
  return redirect("/admin");
}

export async function action({ request, context }: Route.ActionArgs) {
  const { clientIp } = getRequestInfo(context);
  const { setCookies } = await callAuthEndpoint(getServices(context), { request, clientIp }, "/sign-out", {});
  return redirectWithToast(
    "/admin/login",
    { type: "success", title: "Signed Out", description: "You have been successfully signed out." },
    { headers: cookieHeaders(setCookies) },
  );
}
