import { WebhookIcon } from "lucide-react";
import { Link } from "react-router";
import { TitledCard } from "~/components/admin/titled-card";
import { buttonVariants } from "~/components/ui/button-variants";

/** Settings → Integrations: where admins find the webhooks that feed the agency's other tools. */
export function IntegrationsCard() {
  return (
    <TitledCard
      title="Integrations"
      description="Send new leads, status changes, conversions and new clients to your CRM, Zapier, Make or Slack with signed webhooks."
    >
      <Link to="/admin/webhooks" className={buttonVariants({ variant: "outline" })}>
        <WebhookIcon aria-hidden /> Manage webhooks
      </Link>
    </TitledCard>
  );
}
