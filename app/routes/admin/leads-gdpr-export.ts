import { getServices } from "~/http/context.server";
import { parseForm, requireFormData } from "~/http/form-data.server";
import { requireStaff } from "~/http/staff.server";
import { redirectWithToast } from "~/http/toast-cookie.server";
import { gdprEmailSchema } from "~/lib/schemas/lead-admin";
import { auditActor } from "~/server/auth/session.server";
import { emailHash, exportPersonalData } from "~/server/leads/gdpr.server";
import type { Route } from "./+types/leads-gdpr-export";

/** A person's data as a JSON download. POST only, so the address never lands in a URL or a log line. */
export async function action({ request, context }: Route.ActionArgs) {
  const actor = auditActor(requireStaff(context));
  const parsed = parseForm(await requireFormData(request), gdprEmailSchema);
  if (!parsed.ok) {
    return redirectWithToast(
      "/admin/leads/gdpr",
      { type: "error", title: "Error", description: parsed.fieldErrors.email ?? "Please enter an e-mail address." },
      { status: 303 },
    );
  }
  const exported = await exportPersonalData(getServices(context).db, parsed.data.email, actor);
  return new Response(JSON.stringify(exported, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="personal-data-${emailHash(parsed.data.email).slice(0, 12)}.json"`,
      "Cache-Control": "no-store",
    },
  });
}

export function loader() {
  return redirectWithToast("/admin/leads/gdpr", { type: "info", title: "Enter an e-mail address to export" });
}
