import { CodeIcon, CopyIcon, InboxIcon, LockIcon, PencilIcon, PlusIcon, Trash2Icon, UsersIcon } from "lucide-react";
import type * as React from "react";
import { useRef } from "react";
import { Form, Link, useLocation } from "react-router";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { CopyButton } from "~/components/admin/copy-button";
import { DateText } from "~/components/admin/date-text";
import { Field } from "~/components/admin/field";
import { EmptyState, ListRegion } from "~/components/admin/list-state";
import { ReturnTo, useReturnTo } from "~/components/admin/return-to";
import { useDialogFetcher } from "~/components/admin/use-dialog-fetcher";
import { useToastMessage } from "~/components/show-toast";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { NativeSelect, NativeSelectOption } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { embedSnippet, formEndpoint } from "~/lib/embed-snippet";
import {
  FORM_STATUSES,
  FORM_TYPES,
  type FormStatus,
  formFiltersSchema,
  formIdSchema,
  formSchema,
  formStatusLabels,
  formTypeLabels,
} from "~/lib/schemas/forms";
import { type ActionResult, actionFailure, redirectBackWithSuccess } from "~/server/action-result.server";
import { auditActor, requireStaff } from "~/server/auth/session.server";
import { getServices } from "~/server/context.server";
import {
  createForm,
  deleteForm,
  FormError,
  type FormWithCounters,
  listForms,
  updateForm,
} from "~/server/forms/forms.server";
import { parseForm, requireFormData } from "~/server/http/form-data.server";
import type { Route } from "./+types/forms";

export function meta() {
  return [{ title: "Forms Management | Admin" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context);
  const { db, config } = getServices(context);
  const filters = formFiltersSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return {
    forms: await listForms(db, filters),
    filters: { q: filters.q, status: filters.status ?? "", type: filters.type ?? "" },
    baseUrl: config.baseUrl,
  };
}

const done = {
  create: "Form created successfully",
  update: "Form updated successfully",
  delete: "Form deleted successfully",
} as const;

export async function action({ request, context }: Route.ActionArgs) {
  const actor = auditActor(requireStaff(context));
  const { db } = getServices(context);
  const formData = await requireFormData(request);
  const intent = String(formData.get("intent"));
  if (!Object.hasOwn(done, intent)) return actionFailure(intent, "Unknown action.");
  const values = Object.fromEntries([...formData].map(([key, value]) => [key, String(value)]));
  try {
    if (intent === "delete") {
      const parsed = parseForm(formData, formIdSchema);
      if (!parsed.ok) return actionFailure(intent, "Which form? Reload the page and try again.");
      await deleteForm(db, parsed.data.formId, actor);
    } else {
      const parsed = parseForm(formData, formSchema);
      if (!parsed.ok) {
        const message = Object.values(parsed.fieldErrors)[0] ?? "Please check the form.";
        return actionFailure(intent, message, { fieldErrors: parsed.fieldErrors, values });
      }
      if (intent === "create") await createForm(db, parsed.data, actor);
      else if (parsed.data.formId) await updateForm(db, parsed.data.formId, parsed.data, actor);
      else return actionFailure(intent, "Which form? Reload the page and try again.");
    }
  } catch (error) {
    if (!(error instanceof FormError)) throw error;
    return actionFailure(intent, error.message, { values, status: 409 });
  }
  return redirectBackWithSuccess(formData, "/admin/forms", done[intent as keyof typeof done]);
}

const statusVariants: Record<FormStatus, "default" | "secondary" | "outline"> = {
  active: "default",
  inactive: "secondary",
  draft: "outline",
};

export default function Forms({ loaderData, actionData }: Route.ComponentProps) {
  // Deletion posts through the confirmation dialog's plain form, so its answer arrives here.
  useToastMessage(actionData?.toast);
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
      <ListRegion label="Forms">
        {forms.length === 0 ? (
          <EmptyState
            title="No forms found"
            hint={filtering ? "Try adjusting your filters" : "Get started by creating your first form"}
          >
            <FormDialog
              trigger={
                <Button variant="outline">
                  <PlusIcon aria-hidden /> Create Form
                </Button>
              }
            />
          </EmptyState>
        ) : (
          <div className="grid gap-4 xl:grid-cols-2">
            {forms.map((form) => (
              <FormCard key={form.id} form={form} baseUrl={baseUrl} />
            ))}
          </div>
        )}
      </ListRegion>
    </div>
  );
}

function FormFilters({ q, status, type }: { q: string; status: string; type: string }) {
  const formRef = useRef<HTMLFormElement>(null);
  const { search } = useLocation();
  const submit = () => formRef.current?.requestSubmit();
  return (
    <Form ref={formRef} method="get" role="search" className="flex flex-wrap items-end gap-3" key={search}>
      <Field id="form-search" label="Search" className="min-w-56 flex-1">
        {(props) => <Input {...props} type="search" name="q" defaultValue={q} placeholder="Search forms..." />}
      </Field>
      <Field id="form-status-filter" label="Status" className="w-40">
        {(props) => (
          <NativeSelect {...props} name="status" defaultValue={status} onChange={submit}>
            <NativeSelectOption value="">All statuses</NativeSelectOption>
            {FORM_STATUSES.map((value) => (
              <NativeSelectOption key={value} value={value}>
                {formStatusLabels[value]}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        )}
      </Field>
      <Field id="form-type-filter" label="Type" className="w-44">
        {(props) => (
          <NativeSelect {...props} name="type" defaultValue={type} onChange={submit}>
            <NativeSelectOption value="">All types</NativeSelectOption>
            {FORM_TYPES.map((value) => (
              <NativeSelectOption key={value} value={value}>
                {formTypeLabels[value]}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        )}
      </Field>
      <Button type="submit" variant="secondary">
        Search
      </Button>
      {q || status || type ? (
        <Button asChild variant="ghost">
          <Link to="/admin/forms">Clear filters</Link>
        </Button>
      ) : null}
    </Form>
  );
}

function FormCard({ form, baseUrl }: { form: FormWithCounters; baseUrl: string }) {
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

function FormDialog({ form, trigger }: { form?: FormWithCounters; trigger: React.ReactNode }) {
  const { fetcher, open, setOpen, failure, onSubmit, busy } = useDialogFetcher<ActionResult>();
  useToastMessage(failure?.toast);
  const errors = failure?.fieldErrors ?? {};
  const idPrefix = form ? `form-${form.id}` : "new-form";
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{form ? "Edit Form" : "Create Form"}</DialogTitle>
          <DialogDescription>
            {form ? "Change the form's details." : "A new form gets its own id for the public endpoint."}
          </DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" className="grid gap-4" onSubmit={onSubmit}>
          <input type="hidden" name="intent" value={form ? "update" : "create"} />
          {form ? <input type="hidden" name="formId" value={form.id} /> : null}
          <ReturnTo />
          <Field
            id={`${idPrefix}-name`}
            label="Form Name *"
            error={errors.name}
            hint={
              form?.usedBySite ? "The website's own forms find this form by its name, so it stays as it is." : undefined
            }
          >
            {(props) => (
              <Input
                {...props}
                name="name"
                required
                maxLength={120}
                readOnly={form?.usedBySite}
                defaultValue={form?.name ?? ""}
              />
            )}
          </Field>
          <Field id={`${idPrefix}-description`} label="Description" error={errors.description}>
            {(props) => (
              <Textarea
                {...props}
                name="description"
                rows={3}
                maxLength={1000}
                defaultValue={form?.description ?? ""}
              />
            )}
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id={`${idPrefix}-type`} label="Form Type" error={errors.formType}>
              {(props) => (
                <NativeSelect {...props} name="formType" defaultValue={form?.formType ?? "contact"}>
                  {FORM_TYPES.map((value) => (
                    <NativeSelectOption key={value} value={value}>
                      {formTypeLabels[value]}
                    </NativeSelectOption>
                  ))}
                </NativeSelect>
              )}
            </Field>
            <Field id={`${idPrefix}-status`} label="Status" error={errors.status}>
              {(props) => (
                <NativeSelect {...props} name="status" defaultValue={form?.status ?? "active"}>
                  {FORM_STATUSES.map((value) => (
                    <NativeSelectOption key={value} value={value}>
                      {formStatusLabels[value]}
                    </NativeSelectOption>
                  ))}
                </NativeSelect>
              )}
            </Field>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? "Saving..." : form ? "Update Form" : "Create Form"}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

function EmbedDialog({ form, baseUrl }: { form: FormWithCounters; baseUrl: string }) {
  const snippet = embedSnippet(baseUrl, form.id);
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" aria-label={`Embed ${form.name}`}>
          <CodeIcon aria-hidden /> Embed
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Embed "{form.name}"</DialogTitle>
          <DialogDescription>
            Paste this HTML into any web page. It posts to{" "}
            <code className="break-all text-xs">{formEndpoint(baseUrl, form.id)}</code>
            {form.status === "active"
              ? "."
              : `, which accepts submissions only while the form is active (it is ${form.status} now).`}
          </DialogDescription>
        </DialogHeader>
        <pre
          className="max-h-80 overflow-auto rounded-md bg-muted p-3 text-xs"
          data-testid="embed-snippet"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the snippet scrolls and must be reachable by keyboard.
          tabIndex={0}
        >
          <code>{snippet}</code>
        </pre>
        <DialogFooter>
          <CopyButton text={snippet} toastTitle="Copied!" toastDescription="Embed code copied to clipboard">
            <CopyIcon aria-hidden /> Copy code
          </CopyButton>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
