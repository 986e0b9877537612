import { Form } from "react-router";
import { CopyButton } from "~/components/admin/copy-button";
import { TitledCard } from "~/components/admin/titled-card";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

/**
 * The signed-in person's private iCalendar feed of their calls: make an address (shown once, as only
 * its hash is kept), make a new one in its place, or revoke it.
 */
export function CalendarFeedCard({ hasFeed, newFeedUrl }: { hasFeed: boolean; newFeedUrl: string | null }) {
  return (
    <TitledCard
      data-testid="calendar-feed"
      title="Your calendar feed"
      description="A private address of your calls to subscribe to in Google Calendar, Outlook or Apple Calendar. Anyone with the address sees your calls: keep it to yourself."
      contentClassName="grid gap-4"
    >
      {newFeedUrl ? (
        <div className="grid gap-2">
          <Label htmlFor="calendar-feed-url">Your new feed address (shown only this once)</Label>
          <div className="flex flex-wrap gap-2">
            <Input id="calendar-feed-url" readOnly value={newFeedUrl} className="min-w-0 flex-1 font-mono text-xs" />
            <CopyButton
              text={newFeedUrl}
              toastTitle="Feed address copied"
              toastDescription="Add it to your calendar app as a subscription (from URL)."
            />
          </div>
        </div>
      ) : (
        <p className="text-muted-foreground text-sm">
          {hasFeed
            ? "Your feed address is active. It is shown only when made: if you lost it, make a new one (the old one stops working)."
            : "You have no feed address yet."}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Form method="post">
          <input type="hidden" name="intent" value="create-feed" />
          <Button type="submit" variant={hasFeed ? "outline" : "default"}>
            {hasFeed ? "Make a new address" : "Make a feed address"}
          </Button>
        </Form>
        {hasFeed ? (
          <Form method="post">
            <input type="hidden" name="intent" value="revoke-feed" />
            <Button type="submit" variant="destructive">
              Revoke the address
            </Button>
          </Form>
        ) : null}
      </div>
    </TitledCard>
  );
}
