import { DateText } from "~/components/admin/date-text";
import { FormItemsPage } from "~/components/admin/form-items-page";
import { LeadStatusBadge } from "~/components/admin/leads/lead-status-badge";
import { LeadStatusSelect } from "~/components/admin/leads/lead-status-select";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { leadStatusSchema } from "~/lib/schemas/lead-admin";
import { actionFailure, actionSuccess } from "~/server/action-result.server";
import { auditActor, requireStaff } from "~/server/auth/session.server";
import { getServices } from "~/server/context.server";
import { requireFormPage } from "~/server/forms/form-page.server";
import { FormError, listFormLeads, setFormLeadStatus } from "~/server/forms/forms.server";
import { parseForm, requireFormData } from "~/server/http/form-data.server";
import type { Route } from "./+types/form-leads";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Leads from ${loaderData?.form.name ?? "a form"} | Admin` }];
}

export async function loader(args: Route.LoaderArgs) {
  const { db, form, page } = await requireFormPage(args);
  return { form, ...(await listFormLeads(db, form.id, page)) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = auditActor(requireStaff(context));
  const parsed = parseForm(await requireFormData(request), leadStatusSchema);
  if (!parsed.ok)
    return actionFailure("set-status", Object.values(parsed.fieldErrors)[0] ?? "Choose one of the five statuses.");
  try {
    await setFormLeadStatus(getServices(context).db, params.formId, parsed.data.leadId, parsed.data.status, actor);
  } catch (error) {
    if (!(error instanceof FormError)) throw error;
    return actionFailure("set-status", error.message, { status: 409 });
  }
  return actionSuccess("set-status", "Lead status updated");
}

type FormLead = Route.ComponentProps["loaderData"]["leads"][number];

export default function FormLeads({ loaderData }: Route.ComponentProps) {
  const { form, leads } = loaderData;
  return (
    <FormItemsPage
      title={`Leads from ${form.name}`}
      items={leads}
      empty={{ title: "No leads from this form yet", hint: "Leads appear here as soon as the form is submitted." }}
      noun="leads"
      paging={loaderData}
    >
      <div className="grid gap-4 lg:grid-cols-2">
        {leads.map((lead) => (
          <LeadCard key={lead.id} lead={lead} />
        ))}
      </div>
    </FormItemsPage>
  );
}

function LeadCard({ lead }: { lead: FormLead }) {
  const details = [
    { label: "Phone", value: lead.phone },
    { label: "Company", value: lead.company },
    { label: "Source", value: lead.source },
  ];
  return (
    <Card data-testid={`lead-${lead.email}`}>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <CardTitle asChild>
            <h2 className="text-lg">{lead.name}</h2>
          </CardTitle>
          <p className="break-all text-sm">
            <a className="underline-offset-4 hover:underline" href={`mailto:${lead.email}`}>
              {lead.email}
            </a>
          </p>
          <p className="text-muted-foreground text-xs">
            <DateText iso={lead.createdAt} withTime />
          </p>
        </div>
        <div className="flex items-center gap-2">
          <LeadStatusBadge status={lead.status} />
          <LeadStatusSelect leadId={lead.id} leadName={lead.name} status={lead.status} />
        </div>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        <dl className="grid gap-1 sm:grid-cols-3">
          {details.map((detail) => (
            <div key={detail.label}>
              <dt className="text-muted-foreground text-xs">{detail.label}</dt>
              <dd className="break-words">{detail.value || "—"}</dd>
            </div>
          ))}
        </dl>
        {lead.message ? (
          <div>
            <p className="text-muted-foreground text-xs">Message</p>
            <p className="whitespace-pre-line break-words">{lead.message}</p>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
