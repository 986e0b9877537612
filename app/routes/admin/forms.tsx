import { PlusIcon } from "lucide-react";
import { FormCard } from "~/components/admin/forms/form-card";
import { FormDialog } from "~/components/admin/forms/form-dialog";
import { FormFilters } from "~/components/admin/forms/form-filters";
import { ListRegion } from "~/components/admin/list-state";
import { useToastMessage } from "~/components/show-toast";
import { Button } from "~/components/ui/button";
import { getServices } from "~/http/context.server";
import { runIntent } from "~/http/intents.server";
import { loadListOrEmpty } from "~/http/list-loader.server";
import { formFiltersSchema } from "~/lib/schemas/forms";
import { listForms } from "~/server/forms/forms.server";
import type { Route } from "./+types/forms";
import { formIntents } from "./forms.server";

export function meta() {
  return [{ title: "Forms Management | Admin" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = getServices(context);
  const filters = formFiltersSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const list = await loadListOrEmpty(
    context,
    "Failed to fetch forms",
    async () => ({ forms: await listForms(db, filters) }),
    { forms: [] },
  );
  return {
    ...list,
    filters: { q: filters.q, status: filters.status ?? "", type: filters.type ?? "" },
    baseUrl: config.baseUrl,
  };
}

export const action = (args: Route.ActionArgs) => runIntent(args, formIntents);

export default function Forms({ loaderData, actionData }: Route.ComponentProps) {
  // Deletion posts through the confirmation dialog's plain form, so its answer arrives here.
  useToastMessage(actionData?.toast);
  useToastMessage(loaderData.toast);
  const { forms, filters, baseUrl } = loaderData;
  const filtering = Boolean(filters.q || filters.status || filters.type);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-bold text-2xl">Forms Management</h1>
          <p className="text-muted-foreground">The forms that capture leads, on this site and on others.</p>
        </div>
        <FormDialog
          trigger={
            <Button>
              <PlusIcon aria-hidden /> Create Form
            </Button>
          }
        />
      </div>
      <FormFilters {...filters} />
      <ListRegion
        label="Forms"
        items={forms}
        empty={{
          title: "No forms found",
          hint: filtering ? "Try adjusting your filters" : "Get started by creating your first form",
          action: (
            <FormDialog
              trigger={
                <Button variant="outline">
                  <PlusIcon aria-hidden /> Create Form
                </Button>
              }
            />
          ),
        }}
      >
        <div className="grid gap-4 xl:grid-cols-2">
          {forms.map((form) => (
            <FormCard key={form.id} form={form} baseUrl={baseUrl} />
          ))}
        </div>
      </ListRegion>
    </div>
  );
}
