import { Form, Link } from "react-router";
import { DateText } from "~/components/admin/date-text";
import { SelectOptions } from "~/components/admin/select-options";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { NativeSelect, NativeSelectOption } from "~/components/ui/native-select";
import {
  WEBHOOK_DELIVERY_OUTCOMES,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_EVENT,
  type WebhookLogFilter,
} from "~/lib/schemas/webhooks";
import type { DeliveryLogEntry } from "~/lib/types/webhooks";

const outcomeLabels: Record<DeliveryLogEntry["status"], string> = {
  queued: "Waiting",
  sending: "Sending",
  delivered: "Delivered",
  failed: "Failed",
};

const outcomeVariant = (status: DeliveryLogEntry["status"]) =>
  status === "delivered" ? "secondary" : status === "failed" ? "destructive" : "outline";

/** Event and outcome filters, kept in the address; works without JavaScript. */
export function DeliveryLogFilters({ filter }: { filter: WebhookLogFilter }) {
  return (
    <Form method="get" className="flex flex-wrap items-end gap-2" aria-label="Filter deliveries">
      <NativeSelect name="event" aria-label="Event" defaultValue={filter.event ?? ""} containerClassName="sm:w-56">
        <NativeSelectOption value="">All events</NativeSelectOption>
        <SelectOptions values={[...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT]} />
      </NativeSelect>
      <NativeSelect
        name="outcome"
        aria-label="Outcome"
        defaultValue={filter.outcome ?? ""}
        containerClassName="sm:w-44"
      >
        <NativeSelectOption value="">All outcomes</NativeSelectOption>
        <SelectOptions values={WEBHOOK_DELIVERY_OUTCOMES} labels={outcomeLabels} />
      </NativeSelect>
      <Button type="submit" variant="outline" size="sm">
        Filter
      </Button>
    </Form>
  );
}

/** Each delivery with every attempt: time, status code, duration and the start of the answer. */
export function DeliveryLog({
  endpointId,
  entries,
  nextPage,
}: {
  endpointId: string;
  entries: DeliveryLogEntry[];
  nextPage: string | null;
}) {
  if (entries.length === 0) return <p className="text-muted-foreground text-sm">No deliveries match.</p>;
  return (
    <div className="space-y-3">
      <ul className="space-y-3">
        {entries.map((entry) => (
          <li key={entry.id} className="rounded-md border p-3 text-sm" data-testid="webhook-delivery">
            <div className="flex flex-wrap items-center gap-2">
              <code className="font-medium text-xs">{entry.eventType}</code>
              <Badge variant={outcomeVariant(entry.status)}>{outcomeLabels[entry.status]}</Badge>
              <span className="text-muted-foreground text-xs">
                <DateText iso={entry.createdAt} withTime /> · {entry.attempts}{" "}
                {entry.attempts === 1 ? "attempt" : "attempts"}
                {entry.status === "queued" && entry.attempts > 0 ? (
                  <>
                    {" "}
                    · next try <DateText iso={entry.nextAttemptAt} withTime />
                  </>
                ) : null}
              </span>
              <span className="flex-1" />
              {entry.status === "delivered" || entry.status === "failed" ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="redeliver" />
                  <input type="hidden" name="endpointId" value={endpointId} />
                  <input type="hidden" name="deliveryId" value={entry.id} />
                  <Button
                    type="submit"
                    size="sm"
                    variant="outline"
                    aria-label={`Redeliver ${entry.eventType} ${entry.eventId}`}
                  >
                    Redeliver
                  </Button>
                </Form>
              ) : null}
            </div>
            <div className="mt-1 text-muted-foreground text-xs">
              Event id <code>{entry.eventId}</code>
            </div>
            {entry.status !== "delivered" && entry.lastError ? (
              <p className="mt-1 text-destructive text-xs">
                Last attempt: {entry.lastStatusCode ? `${entry.lastStatusCode} · ` : ""}
                {entry.lastError}
              </p>
            ) : null}
            {entry.attemptLog.length > 0 ? (
              <details className="mt-2">
                <summary className="cursor-pointer text-xs">Attempts</summary>
                <table className="mt-2 w-full text-xs">
                  <thead className="text-left text-muted-foreground">
                    <tr>
                      <th className="py-1 pr-2 font-medium">Time</th>
                      <th className="py-1 pr-2 font-medium">Status</th>
                      <th className="py-1 pr-2 font-medium">Duration</th>
                      <th className="py-1 font-medium">Answer</th>
                    </tr>
                  </thead>
                  <tbody>
                    {entry.attemptLog.map((attempt) => (
                      <tr key={attempt.id} className="border-t align-top" data-testid="webhook-attempt">
                        <td className="py-1 pr-2">
                          <DateText iso={attempt.attemptedAt} withTime />
                        </td>
                        <td className="py-1 pr-2">{attempt.statusCode ?? "—"}</td>
                        <td className="py-1 pr-2">{attempt.durationMs} ms</td>
                        <td className="py-1">
                          {attempt.error ? <div className="text-destructive">{attempt.error}</div> : null}
                          {attempt.responseBody ? (
                            <pre className="max-h-40 overflow-auto whitespace-pre-wrap break-all">
                              {attempt.responseBody}
                            </pre>
                          ) : null}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </details>
            ) : null}
          </li>
        ))}
      </ul>
      {nextPage ? (
        <Link className="text-sm underline" to={nextPage}>
          Older deliveries
        </Link>
      ) : null}
    </div>
  );
}
