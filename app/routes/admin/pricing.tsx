import { PencilIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { Field } from "~/components/admin/field";
import { useToastMessage } from "~/components/show-toast";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect, NativeSelectOption } from "~/components/ui/native-select";
import { NativeSwitch, Switch } from "~/components/ui/switch";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { Textarea } from "~/components/ui/textarea";
import { formatPrice } from "~/lib/currency";
import {
  DEFAULT_CTA_TEXT,
  PLAN_TYPES,
  parseSectionContent,
  planActiveSchema,
  planIdSchema,
  planTypeLabels,
  pricingContentSchema,
  pricingPlanSchema,
} from "~/lib/schemas/pricing";
import { auditActor, requireStaff } from "~/server/auth/session.server";
import { contentAction, contentFailure } from "~/server/content/action-results.server";
import { getServices } from "~/server/context.server";
import { requireFormData } from "~/server/http/form-data.server";
import { listPricingContent, updatePricingContent } from "~/server/pricing/content.server";
import { createPlan, deletePlan, listAllPlans, setPlanActive, updatePlan } from "~/server/pricing/plans.server";
import type { Route } from "./+types/pricing";

export function meta() {
  return [{ title: "Pricing Management | Admin" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  requireStaff(context);
  const { db } = getServices(context);
  const [plans, sections] = await Promise.all([listAllPlans(db), listPricingContent(db)]);
  return { plans, sections };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = auditActor(requireStaff(context));
  const { db } = getServices(context);
  const formData = await requireFormData(request);
  const intent = String(formData.get("intent"));
  switch (intent) {
    case "save-plan": {
      const id = String(formData.get("id") ?? "");
      return contentAction(formData, intent, {
        schema: pricingPlanSchema,
        run: (plan) => (id ? updatePlan(db, id, plan, actor) : createPlan(db, plan, actor)),
        failure: "Failed to save pricing plan",
        success: "Pricing plan saved successfully",
      });
    }
    case "set-active":
      return contentAction(formData, intent, {
        schema: planActiveSchema,
        run: ({ id, isActive }) => setPlanActive(db, id, isActive, actor),
        failure: "Failed to save pricing plan",
        success: "Pricing plan saved successfully",
      });
    case "delete-plan":
      return contentAction(formData, intent, {
        schema: planIdSchema,
        run: ({ id }) => deletePlan(db, id, actor),
        failure: "Failed to delete pricing plan",
        success: "Pricing plan deleted successfully",
      });
    case "save-content":
      return contentAction(formData, intent, {
        schema: pricingContentSchema,
        run: (content) => updatePricingContent(db, content, actor),
        failure: "Failed to save content",
        success: "Content saved successfully",
      });
    default:
      return contentFailure(intent, "Failed to save pricing plan", "Unknown action.");
  }
}

type Plan = Route.ComponentProps["loaderData"]["plans"][number];
type Section = Route.ComponentProps["loaderData"]["sections"][number];

export default function PricingManagement({ loaderData, actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.toast);
  const { plans, sections } = loaderData;
  const [editingPlan, setEditingPlan] = useState<{ plan: Plan | null; key: number } | null>(null);
  const [editingSection, setEditingSection] = useState<{ section: Section; key: number } | null>(null);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="font-bold text-2xl">Pricing Management</h1>
        <Badge variant="secondary">Currency Detection: Auto</Badge>
        <Badge variant="outline">USD/INR Support</Badge>
      </div>
      <Tabs defaultValue="plans">
        <TabsList>
          <TabsTrigger value="plans">Pricing Plans</TabsTrigger>
          <TabsTrigger value="content">Content Sections</TabsTrigger>
        </TabsList>
        <TabsContent value="plans" className="space-y-4 pt-2">
          <div className="flex justify-end">
            <Button onClick={() => setEditingPlan({ plan: null, key: Date.now() })}>
              <PlusIcon /> Add Plan
            </Button>
          </div>
          {plans.length === 0 ? (
            <p className="py-12 text-center text-muted-foreground">No pricing plans yet. Add the first one.</p>
          ) : (
            <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
              {plans.map((plan) => (
                <li key={plan.id}>
                  <PlanCard plan={plan} onEdit={() => setEditingPlan({ plan, key: Date.now() })} />
                </li>
              ))}
            </ul>
          )}
        </TabsContent>
        <TabsContent value="content" className="space-y-4 pt-2">
          {sections.length === 0 ? (
            <p className="py-12 text-center text-muted-foreground">No content sections.</p>
          ) : (
            <ul className="grid gap-4 lg:grid-cols-2">
              {sections.map((section) => (
                <li key={section.id}>
                  <SectionCard section={section} onEdit={() => setEditingSection({ section, key: Date.now() })} />
                </li>
              ))}
            </ul>
          )}
        </TabsContent>
      </Tabs>
      <PlanDialog editing={editingPlan} planCount={plans.length} onClose={() => setEditingPlan(null)} />
      <SectionDialog editing={editingSection} onClose={() => setEditingSection(null)} />
    </div>
  );
}

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

function PlanCard({ plan, onEdit }: { plan: Plan; onEdit: () => void }) {
  const fetcher = useFetcher<typeof action>();
  useToastMessage(fetcher.data?.toast);
  const pending = fetcher.formData?.get("isActive");
  const active = pending == null ? plan.isActive : pending === "true";
  return (
    <Card data-testid={`plan-${plan.title}`} className={active ? undefined : "opacity-70"}>
      <CardHeader>
        <div className="flex items-start justify-between gap-2">
          <div>
            <CardTitle asChild>
              <h2>{plan.title}</h2>
            </CardTitle>
            <CardDescription>
              {planTypeLabels[plan.planType as keyof typeof planTypeLabels] ?? plan.planType}
            </CardDescription>
          </div>
          <div className="flex flex-wrap justify-end gap-1">
            {plan.isPopular ? <Badge>Popular</Badge> : null}
            {plan.winterDiscount > 0 ? <Badge variant="secondary">Winter −{plan.winterDiscount}%</Badge> : null}
          </div>
        </div>
      </CardHeader>
      <CardContent className="space-y-3">
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
            <ConfirmDialog
              trigger={
                <Button size="sm" variant="destructive" aria-label={`Delete ${plan.title}`}>
                  <Trash2Icon />
                </Button>
              }
              title="Delete this pricing plan?"
              description={`"${plan.title}" will disappear from the pricing pages.`}
              confirmLabel="Delete plan"
              fields={{ intent: "delete-plan", id: plan.id }}
            />
          </div>
        </div>
      </CardContent>
    </Card>
  );
}

/**
 * The fetcher of one opening of a dialog (a fresh one per opening, so no earlier answer or error shows
 * again): shows its toasts and closes the dialog once the save succeeded.
 */
function useSaveFetcher(intent: string, opening: number | undefined, onSaved: () => void) {
  const fetcher = useFetcher<typeof action>({ key: `${intent}-${opening ?? "closed"}` });
  useToastMessage(fetcher.data?.toast);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.intent === intent && fetcher.data.ok) onSaved();
  }, [fetcher.state, fetcher.data, intent, onSaved]);
  return fetcher;
}

function PlanDialog({
  editing,
  planCount,
  onClose,
}: {
  editing: { plan: Plan | null; key: number } | null;
  planCount: number;
  onClose: () => void;
}) {
  const fetcher = useSaveFetcher("save-plan", editing?.key, onClose);
  const plan = editing?.plan ?? null;
  const errors = fetcher.data?.ok === false ? fetcher.data.fieldErrors : {};
  const saving = fetcher.state !== "idle";
  return (
    <Dialog open={editing !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{plan ? "Edit Plan" : "Add Plan"}</DialogTitle>
          <DialogDescription>Prices are shown to visitors in their currency (USD or INR).</DialogDescription>
        </DialogHeader>
        {editing ? (
          <fetcher.Form method="post" className="grid gap-4" key={editing.key}>
            <input type="hidden" name="intent" value="save-plan" />
            <input type="hidden" name="id" value={plan?.id ?? ""} />
            <div className="grid gap-4 sm:grid-cols-2">
              <Field id="plan-type" label="Plan Type" error={errors.planType}>
                {(props) => (
                  <NativeSelect {...props} name="planType" required defaultValue={plan?.planType ?? ""}>
                    <NativeSelectOption value="">Choose a type</NativeSelectOption>
                    {PLAN_TYPES.map((type) => (
                      <NativeSelectOption key={type} value={type}>
                        {planTypeLabels[type]}
                      </NativeSelectOption>
                    ))}
                  </NativeSelect>
                )}
              </Field>
              <Field id="plan-title" label="Title" error={errors.title}>
                {(props) => <Input {...props} name="title" required maxLength={100} defaultValue={plan?.title ?? ""} />}
              </Field>
              <Field id="plan-subtitle" label="Subtitle" error={errors.subtitle}>
                {(props) => <Input {...props} name="subtitle" maxLength={200} defaultValue={plan?.subtitle ?? ""} />}
              </Field>
              <Field id="plan-cta" label="Button text" error={errors.ctaText}>
                {(props) => (
                  <Input {...props} name="ctaText" maxLength={40} defaultValue={plan?.ctaText ?? DEFAULT_CTA_TEXT} />
                )}
              </Field>
              <NumberField
                id="plan-price-usd"
                name="priceUsd"
                label="Price (USD)"
                step="0.01"
                value={plan?.priceUsd ?? 0}
                error={errors.priceUsd}
              />
              <NumberField
                id="plan-price-inr"
                name="priceInr"
                label="Price (INR)"
                step="1"
                value={plan?.priceInr ?? 0}
                error={errors.priceInr}
              />
              <NumberField
                id="plan-original-usd"
                name="originalPriceUsd"
                label="Original price (USD, optional)"
                step="0.01"
                value={plan?.originalPriceUsd ?? null}
                error={errors.originalPriceUsd}
              />
              <NumberField
                id="plan-original-inr"
                name="originalPriceInr"
                label="Original price (INR, optional)"
                step="1"
                value={plan?.originalPriceInr ?? null}
                error={errors.originalPriceInr}
              />
              <NumberField
                id="plan-winter"
                name="winterDiscount"
                label="Winter discount (%)"
                step="1"
                max={100}
                value={plan?.winterDiscount ?? 0}
                error={errors.winterDiscount}
              />
              <NumberField
                id="plan-order"
                name="displayOrder"
                label="Display order"
                step="1"
                min={-1000}
                max={1000}
                value={plan?.displayOrder ?? planCount + 1}
                error={errors.displayOrder}
              />
            </div>
            <Field id="plan-description" label="Description" error={errors.description}>
              {(props) => (
                <Textarea
                  {...props}
                  name="description"
                  rows={2}
                  maxLength={1000}
                  defaultValue={plan?.description ?? ""}
                />
              )}
            </Field>
            <Field id="plan-features" label="Features (one per line)" error={errors.features}>
              {(props) => (
                <Textarea {...props} name="features" rows={6} defaultValue={plan?.features.join("\n") ?? ""} />
              )}
            </Field>
            <div className="flex flex-wrap gap-6">
              <Label className="flex items-center gap-2 font-normal">
                <NativeSwitch name="isPopular" defaultChecked={plan?.isPopular ?? false} /> Most popular
              </Label>
              <Label className="flex items-center gap-2 font-normal">
                <NativeSwitch name="isActive" defaultChecked={plan?.isActive ?? true} /> Active (shown on the site)
              </Label>
            </div>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" disabled={saving}>
                {saving ? "Saving..." : "Save Plan"}
              </Button>
            </DialogFooter>
          </fetcher.Form>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function NumberField({
  id,
  name,
  label,
  step,
  value,
  error,
  min = 0,
  max,
}: {
  id: string;
  name: string;
  label: string;
  step: string;
  value: number | null;
  error?: string;
  min?: number;
  max?: number;
}) {
  return (
    <Field id={id} label={label} error={error}>
      {(props) => (
        <Input
          {...props}
          name={name}
          type="number"
          inputMode={step === "1" ? "numeric" : "decimal"}
          step={step}
          min={min}
          max={max}
          defaultValue={value ?? ""}
        />
      )}
    </Field>
  );
}

function SectionCard({ section, onEdit }: { section: Section; onEdit: () => void }) {
  return (
    <Card data-testid={`section-${section.sectionKey}`}>
      <CardHeader>
        <div className="flex items-start justify-between gap-2">
          <div>
            <CardTitle asChild>
              <h2>{section.title}</h2>
            </CardTitle>
            <CardDescription className="font-mono">{section.sectionKey}</CardDescription>
          </div>
          <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit ${section.title}`}>
            <PencilIcon /> Edit
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        <pre className="max-h-72 overflow-auto whitespace-pre-wrap break-words rounded-md bg-muted p-3 text-xs">
          {JSON.stringify(section.content, null, 2)}
        </pre>
      </CardContent>
    </Card>
  );
}

function SectionDialog({
  editing,
  onClose,
}: {
  editing: { section: Section; key: number } | null;
  onClose: () => void;
}) {
  const fetcher = useSaveFetcher("save-content", editing?.key, onClose);
  const section = editing?.section;
  return (
    <Dialog open={editing !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Edit Content</DialogTitle>
          <DialogDescription>
            {section ? <span className="font-mono">{section.sectionKey}</span> : null} — the content is JSON.
          </DialogDescription>
        </DialogHeader>
        {editing ? (
          <SectionForm key={editing.key} section={editing.section} fetcher={fetcher} onCancel={onClose} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function SectionForm({
  section,
  fetcher,
  onCancel,
}: {
  section: Section;
  fetcher: ReturnType<typeof useSaveFetcher>;
  onCancel: () => void;
}) {
  const [text, setText] = useState(() => JSON.stringify(section.content, null, 2));
  const errors = fetcher.data?.ok === false ? fetcher.data.fieldErrors : {};
  const saving = fetcher.state !== "idle";
  const check = parseSectionContent(section.sectionKey, text);
  const liveError = check.ok ? undefined : check.message;
  return (
    <fetcher.Form method="post" className="grid gap-4">
      <input type="hidden" name="intent" value="save-content" />
      <input type="hidden" name="sectionKey" value={section.sectionKey} />
      <Field id="section-title" label="Title" error={errors.title}>
        {(props) => <Input {...props} name="title" required maxLength={100} defaultValue={section.title} />}
      </Field>
      <Field id="section-content" label="Content (JSON)" error={liveError ?? errors.content}>
        {(props) => (
          <Textarea
            {...props}
            name="content"
            spellCheck={false}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            className="field-sizing-fixed min-h-96 font-mono text-xs"
          />
        )}
      </Field>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving || Boolean(liveError)}>
          {saving ? "Saving..." : "Save Content"}
        </Button>
      </DialogFooter>
    </fetcher.Form>
  );
}
