import { Link } from "react-router";
import { EndpointForm, endpointFormValues } from "~/components/admin/webhooks/endpoint-form";
import { NewSecret } from "~/components/admin/webhooks/new-secret";
import { useToastMessage } from "~/components/show-toast";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { getServices } from "~/http/context.server";
import { runIntent } from "~/http/intents.server";
import { listWebhookEndpoints } from "~/server/webhooks/endpoints.server";
import type { Route } from "./+types/webhooks";
import { webhookIntents } from "./webhooks.server";

export function meta() {
  return [{ title: "Webhooks | Admin" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = getServices(context);
  return { endpoints: await listWebhookEndpoints(db), allowPrivate: config.webhookAllowPrivate };
}

export const action = (args: Route.ActionArgs) => runIntent(args, webhookIntents);

const emptyEndpoint = {
  url: "",
  description: "",
  events: ["lead.created" as const],
  format: "standard" as const,
  includeSpam: false,
};

export default function Webhooks({ loaderData, actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.toast);
  const { endpoints, allowPrivate } = loaderData;
  const created = actionData?.intent === "create" && actionData.ok ? (actionData.payload?.secret ?? null) : null;
  const refused = actionData?.intent === "create" && !actionData.ok;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-bold text-2xl">Webhooks</h1>
        <p className="text-muted-foreground">
          Send leads, status changes and new clients to your CRM, Zapier, Make or Slack as they happen. Every request is
          signed (Standard Webhooks) and retried for up to four days.
        </p>
      </div>
      {created ? (
        <NewSecret
          secret={created.value}
          returnFocusTo={() => document.querySelector<HTMLElement>(`a[href="/admin/webhooks/${created.endpointId}"]`)}
        >
          <Link className="underline" to={`/admin/webhooks/${created.endpointId}`}>
            Open the new endpoint
          </Link>{" "}
          to send a test event.
        </NewSecret>
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Endpoints</h2>
          </CardTitle>
          <CardDescription>Paused endpoints keep their events and get them once resumed.</CardDescription>
        </CardHeader>
        <CardContent>
          {endpoints.length === 0 ? (
            <p className="text-muted-foreground text-sm">No endpoints yet: add the first one below.</p>
          ) : (
            <ul className="divide-y">
              {endpoints.map((endpoint) => (
                <li key={endpoint.id} className="flex flex-wrap items-center gap-3 py-3" data-testid="webhook-endpoint">
                  <div className="min-w-0 flex-1">
                    <Link
                      to={`/admin/webhooks/${endpoint.id}`}
                      className="break-all font-medium underline-offset-4 hover:underline"
                    >
                      {endpoint.url}
                    </Link>
                    <div className="text-muted-foreground text-xs">
                      {endpoint.description ? `${endpoint.description} · ` : ""}
                      {endpoint.events.join(", ")}
                      {endpoint.format === "slack" ? " · Slack" : ""}
                    </div>
                  </div>
                  {endpoint.failed > 0 ? <Badge variant="destructive">{endpoint.failed} failed</Badge> : null}
                  {endpoint.pending > 0 ? <Badge variant="outline">{endpoint.pending} waiting</Badge> : null}
                  <Badge variant={endpoint.status === "active" ? "secondary" : "outline"}>
                    {endpoint.status === "active" ? "Active" : "Paused"}
                  </Badge>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Add an endpoint</h2>
          </CardTitle>
          <CardDescription>The signing secret is shown once, when the endpoint is added.</CardDescription>
        </CardHeader>
        <CardContent>
          <EndpointForm
            key={created?.endpointId ?? "new"}
            intent="create"
            values={endpointFormValues(refused ? actionData.values : {}, emptyEndpoint)}
            fieldErrors={refused ? actionData.fieldErrors : {}}
            allowPrivate={allowPrivate}
            submitLabel="Add endpoint"
          />
        </CardContent>
      </Card>
    </div>
  );
}
