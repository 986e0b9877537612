import { PauseIcon, PlayIcon, RefreshCwIcon, SendIcon, Trash2Icon } from "lucide-react";
import type * as React from "react";
import { Form } from "react-router";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { Button } from "~/components/ui/button";
import type { WebhookEndpoint } from "~/lib/types/webhooks";

/** A hidden-field form with one button: the endpoint's quick actions. */
export function EndpointAction({
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

/** The endpoint's buttons: send a test event, pause or resume, rotate the secret, delete. */
export function EndpointActions({ endpoint }: { endpoint: Pick<WebhookEndpoint, "id" | "status"> }) {
  return (
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
          <Button id="rotate-secret" size="sm" variant="outline">
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
  );
}
