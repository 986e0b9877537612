import { ArrowLeftIcon, BriefcaseIcon, RefreshCwIcon, ShieldCheckIcon, Trash2Icon } from "lucide-react";
import { data, Form, Link, useFetcher, useNavigation } from "react-router";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { DateText } from "~/components/admin/date-text";
import { Field } from "~/components/admin/field";
import { LeadEditDialog } from "~/components/admin/leads/lead-edit-dialog";
import { LeadStatusBadge } from "~/components/admin/leads/lead-status-badge";
import { LeadStatusSelect } from "~/components/admin/leads/lead-status-select";
import { LeadWorkCard } from "~/components/admin/leads/lead-work-card";
import { useListReturn } from "~/components/admin/list-return";
import { useToastMessage } from "~/components/show-toast";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Spinner } from "~/components/ui/spinner";
import { Textarea } from "~/components/ui/textarea";
import { leadStatusLabels } from "~/lib/schemas/lead-admin";
import { requireStaff } from "~/server/auth/session.server";
import { getServices } from "~/server/context.server";
import { redirectWithToast } from "~/server/http/toast-cookie.server";
import { type LeadActionResult, runLeadAction } from "~/server/leads/lead-actions.server";
import { getLeadDetail, type LeadDetail } from "~/server/leads/leads.server";
import { listAssignableStaff } from "~/server/leads/owners.server";
import type { Route } from "./+types/lead";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.detail.lead.name ?? "Lead"} | Leads | Admin` }];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const staff = requireStaff(context);
  const { db } = getServices(context);
  const [detail, owners] = await Promise.all([getLeadDetail(db, params.leadId), listAssignableStaff(db)]);
  if (!detail) throw data({ message: "This lead does not exist (any more)." }, { status: 404 });
  return { detail, owners, me: staff.id };
}

export async function action({ request, context }: Route.ActionArgs) {
  const result = await runLeadAction(request, context);
  // After deleting, the lead's page is gone: back to the queue it came from.
  if (result.data.intent === "delete" && result.data.ok) {
    return redirectWithToast("/admin/leads?view=spam", {
      type: "success",
      title: "Success",
      description: "Lead deleted",
    });
  }
  return result;
}

export default function Lead({ loaderData, actionData }: Route.ComponentProps) {
  const { detail, owners, me } = loaderData;
  const { lead } = detail;
  const backToList = useListReturn("/admin/leads");
  useToastMessage(actionData?.toast);
  const navigation = useNavigation();
  const reloading = navigation.state === "loading" && navigation.location.pathname === `/admin/leads/${lead.id}`;
  return (
    <div className="space-y-6" aria-busy={reloading}>
      <div>
        <Button asChild variant="ghost" size="sm">
          <Link to={backToList}>
            <ArrowLeftIcon /> All leads
          </Link>
        </Button>
      </div>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="font-bold text-2xl">{lead.name}</h1>
            <LeadStatusBadge status={lead.status} />
            {lead.isSpam ? <Badge variant="destructive">Spam: {lead.spamReason ?? "flagged"}</Badge> : null}
            {reloading ? <Spinner /> : null}
          </div>
          <p className="text-muted-foreground">
            {lead.source || "Website"} · received <DateText iso={lead.createdAt} withTime />
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <LeadStatusSelect leadId={lead.id} leadName={lead.name} status={lead.status} />
          <LeadEditDialog lead={lead} />
          <ClientLink detail={detail} />
          {lead.isSpam ? <SpamActions leadId={lead.id} name={lead.name} /> : null}
        </div>
      </div>

      <LeadWorkCard lead={lead} owners={owners} me={me} />

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>Contact</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <Facts
              facts={[
                [
                  "Email",
                  <a key="email" href={`mailto:${lead.email}`}>
                    {lead.email}
                  </a>,
                ],
                ["Phone", lead.phone],
                ["Company", lead.company],
                ["Form", lead.formName],
                ["Updated", <DateText key="updated" iso={lead.updatedAt} withTime />],
              ]}
            />
            {lead.message ? (
              <div className="mt-4">
                <h3 className="font-medium text-sm">Message</h3>
                <p className="whitespace-pre-line text-sm">{lead.message}</p>
              </div>
            ) : null}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>Attribution</h2>
            </CardTitle>
            <CardDescription>
              The campaign that first brought this visitor (first touch), and where they wrote.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Facts
              facts={[
                ["utm_source", lead.utmSource],
                ["utm_medium", lead.utmMedium],
                ["utm_campaign", lead.utmCampaign],
                ["Page", lead.pageUrl],
                ["Referrer", lead.referrer],
                ...Object.entries(lead.browserInfo ?? {}).map(
                  ([key, value]) => [`Browser ${key}`, value == null ? null : String(value)] as [string, string | null],
                ),
              ]}
            />
          </CardContent>
        </Card>
      </div>

      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Submissions</h2>
          </CardTitle>
          <CardDescription>What the visitor sent, as the form received it.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {detail.submissions.length === 0 ? (
            <p className="text-muted-foreground text-sm">No submission is stored for this lead.</p>
          ) : (
            detail.submissions.map((submission) => (
              <div key={submission.id} className="space-y-2 rounded-md border p-3" data-testid="submission">
                <p className="text-muted-foreground text-xs">
                  {submission.id.slice(0, 8)} · {submission.formName ?? "No form"} ·{" "}
                  <DateText iso={submission.createdAt} withTime />
                  {submission.utmSource ? ` · utm_source ${submission.utmSource}` : ""}
                  {submission.utmCampaign ? ` · utm_campaign ${submission.utmCampaign}` : ""}
                </p>
                <pre className="overflow-x-auto whitespace-pre-wrap rounded bg-muted p-2 text-xs">
                  {JSON.stringify(submission.data, null, 2)}
                </pre>
              </div>
            ))
          )}
        </CardContent>
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        <NotesCard leadId={lead.id} notes={detail.notes} />
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>Status history</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            {detail.statusChanges.length === 0 ? (
              <p className="text-muted-foreground text-sm">The status has not changed since the lead arrived.</p>
            ) : (
              <ol className="space-y-2 text-sm" data-testid="status-history">
                {detail.statusChanges.map((change) => (
                  <li key={change.id}>
                    {change.fromStatus ? leadStatusLabels[change.fromStatus] : "—"} →{" "}
                    <strong>{leadStatusLabels[change.toStatus]}</strong>
                    <span className="text-muted-foreground">
                      {" "}
                      · {change.actorEmail ?? "system"} · <DateText iso={change.createdAt} withTime />
                    </span>
                  </li>
                ))}
              </ol>
            )}
          </CardContent>
        </Card>
      </div>

      <MailLog leadId={lead.id} mails={detail.mails} />
    </div>
  );
}

function Facts({ facts }: { facts: [string, React.ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[minmax(7rem,auto)_1fr] gap-x-4 gap-y-2 text-sm">
      {facts.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="break-all">{value || <span className="text-muted-foreground">—</span>}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Converting belongs to Clients: its New Client dialog opens prefilled from `?convert=<leadId>`. */
function ClientLink({ detail }: { detail: LeadDetail }) {
  if (detail.client) {
    const query = detail.client.email ?? detail.client.name;
    return (
      <Button asChild size="sm" variant="outline">
        <Link to={`/admin/clients?q=${encodeURIComponent(query)}`}>
          <BriefcaseIcon /> View client
        </Link>
      </Button>
    );
  }
  return (
    <Button asChild size="sm">
      <Link to={`/admin/clients?convert=${encodeURIComponent(detail.lead.id)}`}>
        <BriefcaseIcon /> Convert to client
      </Link>
    </Button>
  );
}

function SpamActions({ leadId, name }: { leadId: string; name: string }) {
  return (
    <>
      <Form method="post">
        <input type="hidden" name="intent" value="mark-not-spam" />
        <input type="hidden" name="leadId" value={leadId} />
        <Button type="submit" size="sm" variant="outline">
          <ShieldCheckIcon /> Not spam
        </Button>
      </Form>
      <ConfirmDialog
        trigger={
          <Button size="sm" variant="destructive">
            <Trash2Icon /> Delete
          </Button>
        }
        title="Delete this lead?"
        description={`${name}, its submission, notes and mails are deleted for good.`}
        confirmLabel="Delete lead"
        fields={{ intent: "delete", leadId }}
      />
    </>
  );
}

function NotesCard({ leadId, notes }: { leadId: string; notes: LeadDetail["notes"] }) {
  const fetcher = useFetcher<LeadActionResult>();
  useToastMessage(fetcher.data?.toast);
  const busy = fetcher.state !== "idle";
  const failed = fetcher.data?.intent === "add-note" && !fetcher.data.ok ? fetcher.data : null;
  // A new, empty box after each saved note; after a failure the typed text stays.
  const formKey = fetcher.data?.intent === "add-note" && fetcher.data.ok ? fetcher.data.toast.id : "note";
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Notes</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <fetcher.Form method="post" className="grid gap-2" key={formKey}>
          <input type="hidden" name="intent" value="add-note" />
          <input type="hidden" name="leadId" value={leadId} />
          <Field id="lead-note" label="Add a note" error={failed?.fieldErrors.body}>
            {(props) => (
              <Textarea {...props} name="body" rows={3} maxLength={5000} defaultValue={failed?.values.body ?? ""} />
            )}
          </Field>
          <div>
            <Button type="submit" size="sm" disabled={busy}>
              {busy ? "Saving..." : "Add note"}
            </Button>
          </div>
        </fetcher.Form>
        {notes.length === 0 ? (
          <p className="text-muted-foreground text-sm">No notes yet.</p>
        ) : (
          <ol className="space-y-3" data-testid="notes">
            {notes.map((note) => (
              <li key={note.id} className="rounded-md border p-3">
                <p className="whitespace-pre-line text-sm">{note.body}</p>
                <p className="mt-1 text-muted-foreground text-xs">
                  {note.authorEmail ?? "unknown"} · <DateText iso={note.createdAt} withTime />
                </p>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

const mailStatusVariant = {
  queued: "secondary",
  sending: "secondary",
  sent: "default",
  failed: "destructive",
} as const;

function MailLog({ leadId, mails }: { leadId: string; mails: LeadDetail["mails"] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>E-mail delivery</h2>
        </CardTitle>
        <CardDescription>The mails this lead caused, from the outbox.</CardDescription>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        {mails.length === 0 ? (
          <p className="text-muted-foreground text-sm">No mail was sent about this lead.</p>
        ) : (
          <table className="w-full min-w-[720px] text-sm">
            <thead className="text-left text-muted-foreground">
              <tr className="border-b">
                <th className="py-2 pr-3 font-medium">Mail</th>
                <th className="py-2 pr-3 font-medium">Status</th>
                <th className="py-2 pr-3 font-medium">Attempts</th>
                <th className="py-2 pr-3 font-medium">Last error</th>
                <th className="py-2 pr-3 font-medium">Sent</th>
                <th className="py-2 font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {mails.map((mail) => (
                <tr key={mail.id} className="border-b align-top last:border-0" data-testid="mail-row">
                  <td className="py-2 pr-3">
                    <div className="font-medium">{mail.subject}</div>
                    <div className="text-muted-foreground text-xs">
                      {mail.kind} to {mail.toAddress}
                    </div>
                  </td>
                  <td className="py-2 pr-3">
                    <Badge variant={mailStatusVariant[mail.status]}>{mail.status}</Badge>
                  </td>
                  <td className="py-2 pr-3">{mail.attempts}</td>
                  <td className="max-w-xs py-2 pr-3 text-muted-foreground text-xs">{mail.lastError ?? "—"}</td>
                  <td className="py-2 pr-3 text-xs">{mail.sentAt ? <DateText iso={mail.sentAt} withTime /> : "—"}</td>
                  <td className="py-2 text-right">
                    {mail.status === "queued" || mail.status === "failed" ? (
                      <ResendButton leadId={leadId} mailId={mail.id} />
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  );
}

function ResendButton({ leadId, mailId }: { leadId: string; mailId: string }) {
  const fetcher = useFetcher<LeadActionResult>();
  useToastMessage(fetcher.data?.toast);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="resend-mail" />
      <input type="hidden" name="leadId" value={leadId} />
      <input type="hidden" name="mailId" value={mailId} />
      <Button type="submit" size="sm" variant="outline" disabled={fetcher.state !== "idle"}>
        <RefreshCwIcon /> Resend
      </Button>
    </fetcher.Form>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound =
    typeof error === "object" && error !== null && "status" in error && (error as { status: number }).status === 404;
  return (
    <Alert variant={notFound ? "default" : "destructive"}>
      <AlertTitle>{notFound ? "Lead not found" : "Failed to fetch leads"}</AlertTitle>
      <AlertDescription>
        {notFound ? "This lead does not exist (any more)." : "The lead could not be loaded. Please try again."}{" "}
        <Link to="/admin/leads">Back to the leads</Link>
      </AlertDescription>
    </Alert>
  );
}
