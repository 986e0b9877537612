import { ConnectForm } from "~/components/admin/ad-platforms/connect-form";
import { ConnectionsList } from "~/components/admin/ad-platforms/connections-list";
import { DeliveryLog } from "~/components/admin/ad-platforms/delivery-log";
import { TitledCard } from "~/components/admin/titled-card";
import { useToastMessage } from "~/components/show-toast";
import { getServices } from "~/http/context.server";
import { runIntent } from "~/http/intents.server";
import { adLogFilterSchema } from "~/lib/schemas/ads";
import { listAdConnections } from "~/server/ads/connections.server";
import { listAdDeliveries } from "~/server/ads/delivery-log.server";
import { valuesText } from "~/server/ads/values.server";
import type { Route } from "./+types/ad-platforms";
import { adPlatformIntents } from "./ad-platforms.server";

export function meta() {
  return [{ title: "Ad platforms | Admin" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = getServices(context);
  const filter = adLogFilterSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [connections, log] = await Promise.all([listAdConnections(db), listAdDeliveries(db, filter)]);
  return {
    connections: connections.map(({ platform, settings, updatedAt }) => ({
      platform,
      identity: settings.identity,
      account: settings.customerId
        ? `customer ${settings.customerId}`
        : settings.datasetId
          ? `dataset ${settings.datasetId}`
          : null,
      apiUrl: settings.apiUrl,
      stages: settings.stages as Record<string, string>,
      values: valuesText(settings),
      importFile: platform === "google" ? Boolean((settings as { fileTokenHash?: string }).fileTokenHash) : null,
      updatedAt,
    })),
    log,
    filter,
    allowPrivate: config.webhookAllowPrivate,
  };
}

export const action = (args: Route.ActionArgs) => runIntent(args, adPlatformIntents);

export default function AdPlatforms({ loaderData, actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.toast);
  const { connections, log, filter, allowPrivate } = loaderData;
  const payload = actionData?.payload;
  const test = actionData?.intent === "test" && payload && "test" in payload ? payload.test : null;
  const refused = actionData?.intent === "connect" && !actionData.ok;
  const fileUrl = actionData?.intent === "file-url" && payload && "fileUrl" in payload ? payload.fileUrl : null;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-bold text-2xl">Ad platforms</h1>
        <p className="text-muted-foreground">
          Each stage a lead reaches goes back to Google Ads, Meta and LinkedIn, once, with what the lead's advertising
          consent allows.
        </p>
      </div>
      <TitledCard title="Connections" description="Credentials are stored encrypted and never shown again.">
        <ConnectionsList connections={connections} fileUrl={fileUrl} />
        {test ? (
          <div role="status" className="mt-4 text-sm" data-testid="ad-test-answer">
            <p>
              Test of {test.platform}: {test.statusCode ? `HTTP ${test.statusCode}` : (test.error ?? "no answer")}
            </p>
            {test.response ? <pre className="whitespace-pre-wrap break-all text-xs">{test.response}</pre> : null}
          </div>
        ) : null}
      </TitledCard>
      <TitledCard title="Connect a platform" description="Connecting a platform again replaces its connection.">
        <ConnectForm fieldErrors={refused ? actionData.fieldErrors : {}} allowPrivate={allowPrivate} />
      </TitledCard>
      <TitledCard title="Delivery log" description="The newest 100 conversions; a resend keeps the conversion's id.">
        <DeliveryLog rows={log} filter={filter} />
      </TitledCard>
    </div>
  );
}
