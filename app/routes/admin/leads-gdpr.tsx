import { DownloadIcon, Trash2Icon } from "lucide-react";
import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { Field } from "~/components/admin/field";
import { GdprErasedSummary } from "~/components/admin/leads/gdpr-erased-summary";
import { useToastMessage } from "~/components/show-toast";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { runIntent } from "~/http/intents.server";
import type { Route } from "./+types/leads-gdpr";
import { gdprIntents } from "./leads-gdpr.server";

export function meta() {
  return [{ title: "GDPR tools | Leads | Admin" }];
}

export const action = (args: Route.ActionArgs) => runIntent(args, gdprIntents);

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
          {actionData?.payload ? <GdprErasedSummary erased={actionData.payload.erased} /> : null}
        </CardContent>
      </Card>
    </div>
  );
}
