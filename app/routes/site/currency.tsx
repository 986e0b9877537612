import { redirect } from "react-router";
import { getServices } from "~/http/context.server";
import { requireFormData } from "~/http/form-data.server";
import { isCurrency } from "~/lib/currency";
import { encodedLocalPath } from "~/lib/local-path";
import { isSafeRedirectUrl } from "~/lib/schemas/leads";
import { currencyCookie } from "~/server/currency/currency.server";
import type { Route } from "./+types/currency";

/** POST /currency: remembers the visitor's currency and returns to the page they were on. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await requireFormData(request);
  const currency = form.get("currency");
  const back = String(form.get("redirectTo") ?? "/");
  const target = (isSafeRedirectUrl(back) && encodedLocalPath(back)) || "/";
  if (!isCurrency(currency)) return redirect(target);
  return redirect(target, {
    headers: { "Set-Cookie": currencyCookie(currency, getServices(context).config.secureCookies) },
  });
}

export function loader() {
  return redirect("/pricing");
}
