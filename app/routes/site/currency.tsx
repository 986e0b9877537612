import { redirect } from "react-router";
import { isCurrency } from "~/lib/currency";
import { getServices } from "~/server/context.server";
import { currencyCookie } from "~/server/currency/currency.server";
import type { Route } from "./+types/currency";

/** POST /currency: remembers the visitor's currency and returns to the page they were on. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const currency = form.get("currency");
  const back = String(form.get("redirectTo") ?? "/");
  const target = back.startsWith("/") && !back.startsWith("//") ? back : "/";
  if (!isCurrency(currency)) return redirect(target);
  return redirect(target, {
    headers: { "Set-Cookie": currencyCookie(currency, getServices(context).config.secureCookies) },
  });
}

export function loader() {
  return redirect("/pricing");
}
