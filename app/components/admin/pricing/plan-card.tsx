import { PencilIcon } from "lucide-react";
import { useFetcher } from "react-router";
import { DeleteConfirm } from "~/components/admin/confirm-dialog";
import { TitledCard } from "~/components/admin/titled-card";
import { useToastMessage } from "~/components/show-toast";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { Switch } from "~/components/ui/switch";
import { formatPrice } from "~/lib/currency";
import { planTypeLabels } from "~/lib/schemas/pricing";
import type { ActionResult } from "~/lib/types/action-result";
import type { PricingPlan } from "~/lib/types/pricing";

function Price({ amount, original, currency }: { amount: number; original: number | null; currency: "USD" | "INR" }) {
  return (
    <p className="flex flex-wrap items-baseline gap-x-2">
      <span className="font-bold text-xl">{formatPrice(amount, currency)}</span>
      {original != null ? (
        <s className="text-muted-foreground text-sm">
          <span className="sr-only">was </span>
          {formatPrice(original, currency)}
        </s>
      ) : null}
    </p>
  );
}

/** One plan: its prices in both currencies, features, the Active switch, Edit and Delete. */
export function PlanCard({ plan, onEdit }: { plan: PricingPlan; onEdit: () => void }) {
  const fetcher = useFetcher<ActionResult>();
  useToastMessage(fetcher.data?.toast);
  const pending = fetcher.formData?.get("isActive");
  const active = pending == null ? plan.isActive : pending === "true";
  return (
    <TitledCard
      data-testid={`plan-${plan.title}`}
      className={active ? undefined : "opacity-70"}
      title={plan.title}
      description={planTypeLabels[plan.planType as keyof typeof planTypeLabels] ?? plan.planType}
      aside={
        <div className="flex flex-wrap justify-end gap-1">
          {plan.isPopular ? <Badge>Popular</Badge> : null}
          {plan.winterDiscount > 0 ? <Badge variant="secondary">Winter −{plan.winterDiscount}%</Badge> : null}
        </div>
      }
      contentClassName="space-y-3"
    >
      <div className="grid grid-cols-2 gap-2">
        <div>
          <p className="text-muted-foreground text-xs">USD</p>
          <Price amount={plan.priceUsd} original={plan.originalPriceUsd} currency="USD" />
        </div>
        <div>
          <p className="text-muted-foreground text-xs">INR</p>
          <Price amount={plan.priceInr} original={plan.originalPriceInr} currency="INR" />
        </div>
      </div>
      {plan.subtitle ? <p className="text-muted-foreground text-sm">{plan.subtitle}</p> : null}
      {plan.features.length ? (
        <ul className="list-disc space-y-0.5 pl-5 text-sm">
          {plan.features.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
      ) : null}
      <p className="text-muted-foreground text-xs">
        Order {plan.displayOrder} · Button “{plan.ctaText}”
      </p>
      <div className="flex flex-wrap items-center justify-between gap-2 border-t pt-3">
        <Label className="flex items-center gap-2 font-normal">
          <Switch
            checked={active}
            disabled={fetcher.state !== "idle"}
            aria-label={`${plan.title} is shown on the site`}
            onCheckedChange={(checked) =>
              fetcher.submit({ intent: "set-active", id: plan.id, isActive: String(checked) }, { method: "post" })
            }
          />
          {active ? "Active" : "Hidden"}
        </Label>
        <div className="flex gap-2">
          <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit ${plan.title}`}>
            <PencilIcon /> Edit
          </Button>
          <DeleteConfirm
            name={plan.title}
            title="Delete this pricing plan?"
            description={`"${plan.title}" will disappear from the pricing pages.`}
            confirmLabel="Delete plan"
            fields={{ intent: "delete-plan", id: plan.id }}
          />
        </div>
      </div>
    </TitledCard>
  );
}
