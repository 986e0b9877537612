import { Form } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { adPlatformLabels } from "~/lib/schemas/ads";
import { ImportFile } from "./import-file";

export type ConnectionRow = {
  platform: keyof typeof adPlatformLabels;
  identity: string;
  account: string | null;
  apiUrl: string | null;
  stages: Record<string, string>;
  /** Each stage's value in words, or null: sent without a value. */
  values: string | null;
  /** Google only: whether the scheduled import file has an address; null for the others. */
  importFile: boolean | null;
  updatedAt: string;
};

/** The connected platforms, what each sends, and a try in the platform's validation mode. */
export function ConnectionsList({
  connections,
  fileUrl,
}: {
  connections: ConnectionRow[];
  /** The import file's new address, just made: shown this once. */
  fileUrl: string | null;
}) {
  if (connections.length === 0) {
    return <p className="text-muted-foreground text-sm">No platform connected yet: connect the first one below.</p>;
  }
  return (
    <ul className="divide-y">
      {connections.map((connection) => (
        <li key={connection.platform} className="grid gap-3 py-3" data-testid="ad-connection">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium">{adPlatformLabels[connection.platform]}</span>
            <Badge variant="secondary">Connected</Badge>
            <span className="text-muted-foreground text-xs">
              {connection.identity}
              {connection.account ? ` · ${connection.account}` : ""}
              {connection.apiUrl ? ` · via ${connection.apiUrl}` : ""}
            </span>
          </div>
          <p className="text-sm">
            {Object.entries(connection.stages)
              .map(([stage, target]) => `${stage.replace("_", " ")} → ${target}`)
              .join(" · ")}
          </p>
          <p className="text-muted-foreground text-sm" data-slot="ad-connection-values">
            Values: {connection.values ?? "none (conversions are sent without a value)"}
          </p>
          {connection.importFile !== null ? <ImportFile active={connection.importFile} newUrl={fileUrl} /> : null}
          <div className="flex flex-wrap items-end gap-2">
            {connection.platform !== "linkedin" ? (
              <Form method="post" className="flex flex-wrap items-end gap-2">
                <input type="hidden" name="intent" value="test" />
                <input type="hidden" name="platform" value={connection.platform} />
                {connection.platform === "meta" ? (
                  <div className="grid gap-1">
                    <Label htmlFor="ad-test-code">Test event code</Label>
                    <Input id="ad-test-code" name="testEventCode" className="w-36" placeholder="TEST12345" />
                  </div>
                ) : null}
                <Button type="submit" variant="outline" size="sm">
                  {connection.platform === "google" ? "Test (validateOnly)" : "Send test event"}
                </Button>
              </Form>
            ) : null}
            <Form method="post">
              <input type="hidden" name="intent" value="disconnect" />
              <input type="hidden" name="platform" value={connection.platform} />
              <Button type="submit" variant="ghost" size="sm">
                Disconnect {adPlatformLabels[connection.platform]}
              </Button>
            </Form>
          </div>
        </li>
      ))}
    </ul>
  );
}
