import { ShieldAlertIcon } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { cn } from "~/lib/utils";

/** The two queues of leads: the list, and the spam queue with its count. */
export function LeadQueues({ spamView, spamCount }: { spamView: boolean; spamCount: number }) {
  return (
    <nav aria-label="Lead queues" className="flex gap-2 border-b">
      <QueueLink to="/admin/leads" active={!spamView}>
        Leads
      </QueueLink>
      <QueueLink to="/admin/leads?view=spam" active={spamView}>
        <ShieldAlertIcon className="size-4" aria-hidden /> Spam
        <Badge variant={spamCount ? "destructive" : "secondary"}>{spamCount.toLocaleString("en-US")}</Badge>
      </QueueLink>
    </nav>
  );
}

function QueueLink({ to, active, children }: { to: string; active: boolean; children: React.ReactNode }) {
  return (
    <Link
      to={to}
      aria-current={active ? "page" : undefined}
      className={cn(
        "-mb-px flex items-center gap-2 border-b-2 px-3 py-2 font-medium text-sm",
        active ? "border-primary text-foreground" : "border-transparent text-muted-foreground hover:text-foreground",
      )}
    >
      {children}
    </Link>
  );
}
