import { WebhookIcon } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button-variants";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";

/** Settings → Integrations: where admins find the webhooks that feed the agency's other tools. */
export function IntegrationsCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Integrations</h2>
        </CardTitle>
        <CardDescription>
          Send new leads, status changes, conversions and new clients to your CRM, Zapier, Make or Slack with signed
          webhooks.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Link to="/admin/webhooks" className={buttonVariants({ variant: "outline" })}>
          <WebhookIcon aria-hidden /> Manage webhooks
        </Link>
      </CardContent>
    </Card>
  );
}
