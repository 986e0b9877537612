import { Link } from "react-router";
import { DateText } from "~/components/admin/date-text";
import { DeliveryLog, DeliveryLogFilters } from "~/components/admin/webhooks/delivery-log";
import { EndpointAction, EndpointActions } from "~/components/admin/webhooks/endpoint-actions";
import { EndpointForm, endpointFormValues } from "~/components/admin/webhooks/endpoint-form";
import { NewSecret } from "~/components/admin/webhooks/new-secret";
import { useToastMessage } from "~/components/show-toast";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { getServices } from "~/http/context.server";
import { runIntent } from "~/http/intents.server";
import type { Route } from "./+types/webhook";
import { loadWebhookEndpoint, webhookIntents } from "./webhooks.server";

export function meta() {
  return [{ title: "Webhook endpoint | Admin" }];
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { db, config } = getServices(context);
  const screen = await loadWebhookEndpoint(db, params.endpointId, new URL(request.url));
  return { ...screen, allowPrivate: config.webhookAllowPrivate };
}

export const action = (args: Route.ActionArgs) => runIntent(args, webhookIntents);

export default function WebhookEndpointScreen({ loaderData, actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.toast);
  const { endpoint, filter, log, allowPrivate } = loaderData;
  const rotated = actionData?.intent === "rotate-secret" && actionData.ok ? (actionData.payload?.secret ?? null) : null;
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
      {rotated ? (
        <NewSecret secret={rotated.value} returnFocusTo={() => document.getElementById("rotate-secret")} />
      ) : null}
      <EndpointActions endpoint={endpoint} />
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
