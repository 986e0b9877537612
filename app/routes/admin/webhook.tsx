import { PauseIcon, PlayIcon, RefreshCwIcon, SendIcon, Trash2Icon } from "lucide-react";
import { Form, Link } from "react-router";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { DateText } from "~/components/admin/date-text";
import { DeliveryLog, DeliveryLogFilters } from "~/components/admin/webhooks/delivery-log";
import { EndpointForm, endpointFormValues } from "~/components/admin/webhooks/endpoint-form";
import { NewSecret } from "~/components/admin/webhooks/new-secret";
import { useToastMessage } from "~/components/show-toast";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { loadWebhookEndpoint, runWebhookAction } from "~/server/webhooks/webhook-actions.server";
import type { Route } from "./+types/webhook";

export function meta() {
  return [{ title: "Webhook endpoint | Admin" }];
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  return loadWebhookEndpoint(context, params.endpointId, new URL(request.url));
}

export async function action({ request, context }: Route.ActionArgs) {
  return runWebhookAction(request, context);
}

/** A hidden-field form with one button: the endpoint's quick actions. */
function EndpointAction({
  intent,
  endpointId,
  children,
  variant = "outline",
}: {
  intent: string;
  endpointId: string;
  children: React.ReactNode;
  variant?: "outline" | "default";
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="endpointId" value={endpointId} />
      <Button type="submit" size="sm" variant={variant}>
        {children}
      </Button>
    </Form>
  );
}

export default function WebhookEndpointScreen({ loaderData, actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.toast);
  const { endpoint, filter, log, allowPrivate } = loaderData;
  const rotated = actionData?.intent === "rotate-secret" && actionData.ok ? actionData.secret : null;
  const refused = actionData?.intent === "update" && !actionData.ok;
  const nextPage = log.nextBefore
    ? `?${new URLSearchParams({ ...(filter.event ? { event: filter.event } : {}), ...(filter.outcome ? { outcome: filter.outcome } : {}), before: log.nextBefore })}`
    : null;
  return (
    <div className="space-y-6">
      <div>
        <Link to="/admin/webhooks" className="text-muted-foreground text-sm underline-offset-4 hover:underline">
          ← Webhooks
        </Link>
        <h1 className="mt-1 break-all font-bold text-2xl">{endpoint.description || endpoint.url}</h1>
        {endpoint.description ? <p className="break-all text-muted-foreground text-sm">{endpoint.url}</p> : null}
        <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
          <Badge variant={endpoint.status === "active" ? "secondary" : "outline"}>
            {endpoint.status === "active" ? "Active" : "Paused"}
          </Badge>
          {endpoint.pausedReason ? <span className="text-muted-foreground">{endpoint.pausedReason}</span> : null}
          {endpoint.status === "active" && endpoint.failingSince ? (
            <span className="text-destructive">
              Failing since <DateText iso={endpoint.failingSince} withTime />; paused after 3 days without a success.
            </span>
          ) : null}
        </div>
      </div>
      {rotated ? <NewSecret secret={rotated.value} /> : null}
      <div className="flex flex-wrap gap-2">
        <EndpointAction intent="test" endpointId={endpoint.id} variant="default">
          <SendIcon aria-hidden /> Send test event
        </EndpointAction>
        {endpoint.status === "active" ? (
          <EndpointAction intent="pause" endpointId={endpoint.id}>
            <PauseIcon aria-hidden /> Pause
          </EndpointAction>
        ) : (
          <EndpointAction intent="resume" endpointId={endpoint.id}>
            <PlayIcon aria-hidden /> Resume
          </EndpointAction>
        )}
        <ConfirmDialog
          trigger={
            <Button size="sm" variant="outline">
              <RefreshCwIcon aria-hidden /> Rotate secret
            </Button>
          }
          title="Make a new signing secret?"
          description="The new secret is shown once. For 24 hours requests are signed with both, so the receiver can switch over."
          confirmLabel="Rotate secret"
          fields={{ intent: "rotate-secret", endpointId: endpoint.id }}
        />
        <ConfirmDialog
          trigger={
            <Button size="sm" variant="destructive">
              <Trash2Icon aria-hidden /> Delete
            </Button>
          }
          title="Delete this endpoint?"
          description="Nothing more is sent to it, and its delivery log is deleted with it."
          confirmLabel="Delete endpoint"
          fields={{ intent: "delete", endpointId: endpoint.id }}
        />
      </div>
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Delivery log</h2>
          </CardTitle>
          <CardDescription>
            Each event's attempts with the receiver's status code, time taken and the first kilobyte of its answer.
            Failed deliveries are retried from a minute up to a day apart, for about four days.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <div className="flex flex-wrap items-end justify-between gap-2">
            <DeliveryLogFilters filter={filter} />
            <EndpointAction intent="redeliver-failed" endpointId={endpoint.id}>
              Redeliver all failed
            </EndpointAction>
          </div>
          <DeliveryLog endpointId={endpoint.id} entries={log.entries} nextPage={nextPage} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Settings</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <EndpointForm
            key={endpoint.updatedAt}
            intent="update"
            endpointId={endpoint.id}
            values={endpointFormValues(refused ? actionData.values : {}, {
              url: endpoint.url,
              description: endpoint.description ?? "",
              events: endpoint.events,
              format: endpoint.format,
              includeSpam: endpoint.includeSpam,
            })}
            fieldErrors={refused ? actionData.fieldErrors : {}}
            allowPrivate={allowPrivate}
            submitLabel="Save"
          />
        </CardContent>
      </Card>
    </div>
  );
}
