import { FormItemsPage } from "~/components/admin/form-items-page";
import { LeadCard } from "~/components/admin/leads/lead-card";
import { runIntent } from "~/http/intents.server";
import { loadListOrEmpty } from "~/http/list-loader.server";
import { listFormLeads } from "~/server/forms/forms.server";
import type { Route } from "./+types/form-leads";
import { formLeadIntents, requireFormPage } from "./form-items.server";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Leads from ${loaderData?.form.name ?? "a form"} | Admin` }];
}

export async function loader(args: Route.LoaderArgs) {
  const { db, form, page } = await requireFormPage(args);
  // A failure to read this form's leads is logged only: the screen shows an empty list, without a toast.
  const { toast: _logged, ...list } = await loadListOrEmpty(
    args.context,
    "Failed to fetch leads",
    () => listFormLeads(db, form.id, page),
    { leads: [], total: 0, page: 1, pageCount: 1 },
  );
  return { form, ...list };
}

export const action = (args: Route.ActionArgs) =>
  runIntent(args, formLeadIntents(args.params.formId), { defaultIntent: "set-status" });

export default function FormLeads({ loaderData }: Route.ComponentProps) {
  const { form, leads } = loaderData;
  return (
    <FormItemsPage kind="leads" formName={form.name} items={leads} paging={loaderData}>
      {leads.map((lead) => (
        <LeadCard key={lead.id} lead={lead} testId={`lead-${lead.email}`} />
      ))}
    </FormItemsPage>
  );
}
