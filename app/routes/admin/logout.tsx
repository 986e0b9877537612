import { redirect } from "react-router";
import { callAuthEndpoint, cookieHeaders } from "~/server/auth/auth-request.server";
import { redirectWithToast } from "~/server/http/toast-cookie.server";
import type { Route } from "./+types/logout";

export function loader() {
  return redirect("/admin");
}

export async function action({ request, context }: Route.ActionArgs) {
  const { setCookies } = await callAuthEndpoint(context, request, "/sign-out", {});
  return redirectWithToast(
    "/admin/login",
    { type: "success", title: "Signed Out", description: "You have been successfully signed out." },
    { headers: cookieHeaders(setCookies) },
  );
}
