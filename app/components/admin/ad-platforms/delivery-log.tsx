import { Form } from "react-router";
import { SelectField } from "~/components/admin/form-fields";
import { SelectOptions } from "~/components/admin/select-options";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { AD_CONVERSION_STATUSES, AD_PLATFORM_NAMES, AD_STAGE_NAMES, type AdLogFilter } from "~/lib/schemas/ads";

export type DeliveryRow = {
  id: string;
  leadId: string;
  platform: string;
  stage: string;
  kind: string;
  status: string;
  attempts: number;
  statusCode: number | null;
  error: string | null;
  request: string | null;
  response: string | null;
  updatedAt: string;
};

const anyOf = <T extends string>(values: readonly T[]) => ["", ...values] as ("" | T)[];
const labelsOf = <T extends string>(values: readonly T[], all: string) =>
  Object.fromEntries([["", all], ...values.map((value) => [value, value.replace("_", " ")])]) as Record<"" | T, string>;

/** Each conversion as last sent (identifiers masked) with the platform's answer; filters; resend. */
export function DeliveryLog({ rows, filter }: { rows: DeliveryRow[]; filter: AdLogFilter }) {
  return (
    <div className="grid gap-4">
      <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Filter the delivery log">
        <SelectField id="ad-log-platform" label="Platform" name="platform" defaultValue={filter.platform ?? ""}>
          <SelectOptions values={anyOf(AD_PLATFORM_NAMES)} labels={labelsOf(AD_PLATFORM_NAMES, "All platforms")} />
        </SelectField>
        <SelectField id="ad-log-stage" label="Stage" name="stage" defaultValue={filter.stage ?? ""}>
          <SelectOptions values={anyOf(AD_STAGE_NAMES)} labels={labelsOf(AD_STAGE_NAMES, "All stages")} />
        </SelectField>
        <SelectField id="ad-log-status" label="Result" name="status" defaultValue={filter.status ?? ""}>
          <SelectOptions
            values={anyOf(AD_CONVERSION_STATUSES)}
            labels={labelsOf(AD_CONVERSION_STATUSES, "All results")}
          />
        </SelectField>
        <Button type="submit" variant="outline">
          Filter
        </Button>
      </Form>
      {rows.length === 0 ? (
        <p className="text-muted-foreground text-sm">No conversions match.</p>
      ) : (
        <ul className="divide-y">
          {rows.map((row) => (
            <li key={row.id} className="grid gap-1 py-3 text-sm" data-testid="ad-delivery">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium">
                  {row.platform} · {row.stage.replace("_", " ")}
                  {row.kind === "retraction" ? " (retraction)" : ""}
                </span>
                <Badge
                  variant={row.status === "failed" ? "destructive" : row.status === "sent" ? "secondary" : "outline"}
                >
                  {row.status.replace("_", " ")}
                </Badge>
                <span className="text-muted-foreground text-xs">
                  {row.attempts} {row.attempts === 1 ? "try" : "tries"}
                  {row.statusCode ? ` · HTTP ${row.statusCode}` : ""} · {row.updatedAt}
                </span>
                {row.status === "sent" || row.status === "failed" ? (
                  <Form method="post" className="ml-auto">
                    <input type="hidden" name="intent" value="resend" />
                    <input type="hidden" name="conversionId" value={row.id} />
                    <Button
                      type="submit"
                      size="sm"
                      variant="outline"
                      aria-label={`Resend ${row.platform} ${row.stage} of lead ${row.leadId}`}
                    >
                      Resend
                    </Button>
                  </Form>
                ) : null}
              </div>
              {row.error ? <p className="text-muted-foreground">{row.error}</p> : null}
              {row.request ? (
                <details>
                  <summary className="cursor-pointer text-xs">Request (identifiers masked) and answer</summary>
                  <pre className="mt-1 overflow-x-auto whitespace-pre-wrap break-all text-xs">{row.request}</pre>
                  {row.response ? (
                    <pre className="mt-1 overflow-x-auto whitespace-pre-wrap break-all text-xs">{row.response}</pre>
                  ) : null}
                </details>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
