import { CopyIcon, InboxIcon, LockIcon, PencilIcon, Trash2Icon, UsersIcon } from "lucide-react";
import { Link } from "react-router";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { CopyButton } from "~/components/admin/copy-button";
import { DateText } from "~/components/admin/date-text";
import { useReturnTo } from "~/components/admin/return-to";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { type FormStatus, formStatusLabels, formTypeLabels } from "~/lib/schemas/forms";
import type { FormWithCounters } from "~/lib/types/forms";
import { EmbedDialog } from "./embed-dialog";
import { FormDialog } from "./form-dialog";

const statusVariants: Record<FormStatus, "default" | "secondary" | "outline"> = {
  active: "default",
  inactive: "secondary",
  draft: "outline",
};

/** One form: its badges and counters, and View Leads, View Submissions, Edit, Copy ID, Embed and Delete. */
export function FormCard({ form, baseUrl }: { form: FormWithCounters; baseUrl: string }) {
  const returnTo = useReturnTo();
  const counters = [
    { label: "Submissions", value: form.submissions.toLocaleString("en-US") },
    { label: "Leads", value: form.leads.toLocaleString("en-US") },
    { label: "Converted", value: form.converted.toLocaleString("en-US") },
    { label: "Conversion", value: `${form.conversionRate}%` },
  ];
  return (
    <Card data-testid={`form-${form.name}`}>
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <CardTitle asChild>
            <h2 className="text-lg">{form.name}</h2>
          </CardTitle>
          <div className="flex flex-wrap gap-2">
            <Badge variant={statusVariants[form.status]}>{formStatusLabels[form.status]}</Badge>
            <Badge variant="outline">{formTypeLabels[form.formType]}</Badge>
          </div>
        </div>
        {form.description ? <CardDescription>{form.description}</CardDescription> : null}
        <p className="text-muted-foreground text-xs">
          Created <DateText iso={form.createdAt} />
        </p>
        {form.usedBySite ? (
          <p className="flex items-center gap-1.5 text-muted-foreground text-xs">
            <LockIcon className="size-3.5" aria-hidden /> Used by the website's own forms: it cannot be renamed or
            deleted.
          </p>
        ) : null}
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {counters.map((counter) => (
            <div key={counter.label} className="rounded-md bg-muted/60 px-3 py-2">
              <dt className="text-muted-foreground text-xs">{counter.label}</dt>
              <dd className="font-semibold text-lg tabular-nums" data-testid={`${counter.label}-${form.name}`}>
                {counter.value}
              </dd>
            </div>
          ))}
        </dl>
        <div className="flex flex-wrap gap-2">
          <Button asChild size="sm" variant="outline">
            <Link to={`/admin/forms/${form.id}/leads`} aria-label={`View Leads of ${form.name}`}>
              <UsersIcon aria-hidden /> View Leads
            </Link>
          </Button>
          <Button asChild size="sm" variant="outline">
            <Link to={`/admin/forms/${form.id}/submissions`} aria-label={`View Submissions of ${form.name}`}>
              <InboxIcon aria-hidden /> View Submissions
            </Link>
          </Button>
          <FormDialog
            form={form}
            trigger={
              <Button size="sm" variant="outline" aria-label={`Edit ${form.name}`}>
                <PencilIcon aria-hidden /> Edit
              </Button>
            }
          />
          <CopyButton
            text={form.id}
            toastTitle="Copied!"
            toastDescription="Form ID copied to clipboard"
            aria-label={`Copy ID of ${form.name}`}
          >
            <CopyIcon aria-hidden /> Copy ID
          </CopyButton>
          <EmbedDialog form={form} baseUrl={baseUrl} />
          {form.usedBySite ? (
            <Button
              size="sm"
              variant="destructive"
              disabled
              aria-label={`Delete ${form.name} (not possible: used by the website)`}
            >
              <Trash2Icon aria-hidden /> Delete
            </Button>
          ) : (
            <ConfirmDialog
              trigger={
                <Button size="sm" variant="destructive" aria-label={`Delete ${form.name}`}>
                  <Trash2Icon aria-hidden /> Delete
                </Button>
              }
              title="Delete this form?"
              description={`"${form.name}" will be deleted. Its ${form.leads} leads and ${form.submissions} submissions are kept, no longer linked to a form; sites posting to it will be refused.`}
              confirmLabel="Delete form"
              fields={{ intent: "delete", formId: form.id, returnTo }}
            />
          )}
        </div>
      </CardContent>
    </Card>
  );
}
