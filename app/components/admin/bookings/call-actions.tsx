import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { bookingStatusLabels } from "~/lib/schemas/bookings-admin";

type Call = { id: string; live: boolean; started: boolean };

/**
 * What staff may do with one call: mark how it went once it has started, and cancel it while it is
 * live, after a confirmation step that asks for an optional reason (a page of its own, so it works
 * without JavaScript; `cancelHref` opens it and `keepHref` leaves it).
 */
export function CallActions({
  call,
  confirmingCancel,
  cancelHref,
  keepHref,
}: {
  call: Call;
  confirmingCancel: boolean;
  cancelHref: string;
  keepHref: string;
}) {
  if (!call.live) return null;
  if (confirmingCancel) {
    return (
      <Form method="post" className="grid w-full gap-2 sm:max-w-md" data-slot="cancel-call-confirmation">
        <input type="hidden" name="intent" value="cancel-booking" />
        <input type="hidden" name="bookingId" value={call.id} />
        <label className="grid gap-1 text-sm">
          Reason for the visitor (optional; it goes into their cancellation e-mail)
          <textarea name="reason" maxLength={500} rows={3} className="rounded-md border bg-background px-3 py-2" />
        </label>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" size="sm" variant="destructive">
            Cancel the call
          </Button>
          <Button asChild size="sm" variant="outline">
            <Link to={keepHref}>Keep the call</Link>
          </Button>
        </div>
      </Form>
    );
  }
  return (
    <div className="flex flex-wrap gap-2">
      {call.started
        ? (["completed", "no_show"] as const).map((outcome) => (
            <Form method="post" key={outcome}>
              <input type="hidden" name="intent" value="set-outcome" />
              <input type="hidden" name="bookingId" value={call.id} />
              <input type="hidden" name="outcome" value={outcome} />
              <Button type="submit" size="sm" variant="outline">
                {bookingStatusLabels[outcome]}
              </Button>
            </Form>
          ))
        : null}
      <Button asChild size="sm" variant="destructive">
        <Link to={cancelHref}>Cancel call</Link>
      </Button>
    </div>
  );
}
