import { DownloadIcon, Trash2Icon } from "lucide-react";
import { useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { Field } from "~/components/admin/field";
import { useToastMessage } from "~/components/show-toast";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { gdprEmailSchema } from "~/lib/schemas/lead-admin";
import { toastMessage } from "~/lib/toast";
import { auditActor, requireStaff } from "~/server/auth/session.server";
import { getServices } from "~/server/context.server";
import { parseForm, requireFormData } from "~/server/http/form-data.server";
import { erasePersonalData } from "~/server/leads/gdpr.server";
import type { Route } from "./+types/leads-gdpr";

export function meta() {
  return [{ title: "GDPR tools | Leads | Admin" }];
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = auditActor(requireStaff(context));
  const formData = await requireFormData(request);
  const parsed = parseForm(formData, gdprEmailSchema);
  if (!parsed.ok || formData.get("intent") !== "erase") {
    const fieldErrors: Record<string, string> = parsed.ok ? {} : parsed.fieldErrors;
    return data(
      {
        erased: null,
        fieldErrors,
        values: (parsed.ok ? { email: parsed.data.email } : parsed.values) as Record<string, string>,
        toast: toastMessage("error", "Error", Object.values(fieldErrors)[0] ?? "Unknown action."),
      },
      { status: 400 },
    );
  }
  const { db, formSecret } = getServices(context);
  const erased = await erasePersonalData(db, parsed.data.email, actor, formSecret);
  return {
    erased: { email: parsed.data.email, ...erased },
    fieldErrors: {} as Record<string, string>,
    values: {} as Record<string, string>,
    toast: toastMessage("success", "Success", `Erased ${erased.leads} lead(s) and everything attached to them`),
  };
}

export default function Gdpr({ actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.toast);
  const [email, setEmail] = useState(actionData?.values.email ?? "");
  const navigation = useNavigation();
  const erasing = navigation.state === "submitting" && navigation.formData?.get("intent") === "erase";
  const error = actionData?.fieldErrors.email;
  return (
    <div className="space-y-6">
      <div>
        <Button asChild variant="ghost" size="sm">
          <Link to="/admin/leads">Back to the leads</Link>
        </Button>
        <h1 className="font-bold text-2xl">GDPR tools</h1>
        <p className="text-muted-foreground">
          Answer a person's request about their data: export everything held about an e-mail address, or erase it.
        </p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>A person's data</h2>
          </CardTitle>
          <CardDescription>
            Leads, form submissions, notes, status history, analytics events and e-mails that carry the address. Both
            actions are recorded in the audit log by a hash of the address, never the address itself.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <Form method="post" action="/admin/leads/gdpr/export" reloadDocument className="grid gap-4">
            <Field id="gdpr-email" label="E-mail address" error={error}>
              {(props) => (
                <Input
                  {...props}
                  name="email"
                  type="email"
                  required
                  maxLength={254}
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                  autoComplete="off"
                />
              )}
            </Field>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" variant="outline">
                <DownloadIcon /> Export data (JSON)
              </Button>
              <ConfirmDialog
                trigger={
                  <Button type="button" variant="destructive" disabled={!email.trim() || erasing}>
                    <Trash2Icon /> {erasing ? "Erasing..." : "Erase data"}
                  </Button>
                }
                title="Erase everything about this address?"
                description={`Every lead, submission, note, status change, analytics event, e-mail and webhook event for ${email.trim()} is deleted for good, in one go. Clients are kept.`}
                confirmLabel="Erase for good"
                fields={{ intent: "erase", email }}
              />
            </div>
          </Form>
          {actionData?.erased ? (
            <div className="rounded-md border p-4 text-sm" role="status" data-testid="gdpr-erased">
              <p className="font-medium">Erased the data of {actionData.erased.email}:</p>
              <ul className="mt-2 list-disc pl-5">
                <li>{actionData.erased.leads} lead(s)</li>
                <li>{actionData.erased.formSubmissions} form submission(s)</li>
                <li>{actionData.erased.notes} note(s)</li>
                <li>{actionData.erased.statusChanges} status change(s)</li>
                <li>{actionData.erased.analyticsEvents} analytics event(s)</li>
                <li>{actionData.erased.emails} e-mail(s)</li>
                <li>{actionData.erased.rateLimitCounters} rate-limit counter(s)</li>
                <li>{actionData.erased.webhookEvents} webhook event(s)</li>
              </ul>
              {actionData.erased.clientsKept > 0 ? (
                <p className="mt-2">
                  {actionData.erased.clientsKept} client record(s) with this address were kept: edit them in Clients if
                  the request covers them.
                </p>
              ) : null}
            </div>
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}
