import { RefreshCwIcon } from "lucide-react";
import { useFetcher } from "react-router";
import { DateText } from "~/components/admin/date-text";
import { RecordTable } from "~/components/admin/record-table";
import { ScrollRegion } from "~/components/admin/scroll-region";
import { TitledCard } from "~/components/admin/titled-card";
import { useToastMessage } from "~/components/show-toast";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import type { ActionResult } from "~/lib/types/action-result";
import type { LeadDetail } from "~/lib/types/leads";

const mailStatusVariant = {
  queued: "secondary",
  sending: "secondary",
  sent: "default",
  failed: "destructive",
} as const;

const mailStatusLabels = { queued: "Queued", sending: "Sending", sent: "Sent", failed: "Failed" } as const;

/** The mails this lead caused, with Resend for those not sent yet. */
export function MailLog({ leadId, mails }: { leadId: string; mails: LeadDetail["mails"] }) {
  return (
    <TitledCard title="E-mail delivery" description="The mails this lead caused, from the outbox.">
      <ScrollRegion label="E-mail delivery log">
        <RecordTable
          columns={["Mail", "Status", "Attempts", "Last error", "Sent"]}
          rows={mails}
          empty="No mail was sent about this lead."
        >
          {(mail) => (
            <tr key={mail.id} className="border-b align-top last:border-0" data-testid="mail-row">
              <td className="py-2 pr-3">
                <div className="font-medium">{mail.subject}</div>
                <div className="text-muted-foreground text-xs">
                  {mail.kind} to {mail.toAddress}
                </div>
              </td>
              <td className="py-2 pr-3">
                <Badge variant={mailStatusVariant[mail.status]}>{mailStatusLabels[mail.status]}</Badge>
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
          )}
        </RecordTable>
      </ScrollRegion>
    </TitledCard>
  );
}

function ResendButton({ leadId, mailId }: { leadId: string; mailId: string }) {
  const fetcher = useFetcher<ActionResult>();
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
