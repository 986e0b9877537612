import { AdminDialog, DialogSaveActions } from "~/components/admin/admin-dialog";
import { boundFields, InputField, SelectField, TextareaField } from "~/components/admin/form-fields";
import { SelectOptions } from "~/components/admin/select-options";
import { useSaveFetcher } from "~/components/admin/use-save-fetcher";
import { Label } from "~/components/ui/label";
import { NativeSelectOption } from "~/components/ui/native-select";
import { NativeSwitch } from "~/components/ui/switch";
import { DEFAULT_CTA_TEXT, PLAN_TYPES, planTypeLabels } from "~/lib/schemas/pricing";
import type { PricingPlan } from "~/lib/types/pricing";

/** Which plan the dialog edits (null: a new one); `key` is new per opening. */
export type PlanEditing = { plan: PricingPlan | null; key: number };

type PlanInput =
  | "title"
  | "subtitle"
  | "ctaText"
  | "priceUsd"
  | "priceInr"
  | "originalPriceUsd"
  | "originalPriceInr"
  | "winterDiscount"
  | "displayOrder";

/** A one-line field of the plan: a text with its length, or a number (`step` set) with its range. */
type InputSpec = {
  id: string;
  name: PlanInput;
  label: string;
  required?: boolean;
  maxLength?: number;
  step?: "0.01" | "1";
  min?: number;
  max?: number;
};

/** The plan's one-line fields in the dialog's order; prices in USD step by cents, in INR by whole rupees. */
const inputFields: InputSpec[] = [
  { id: "plan-title", name: "title", label: "Title", required: true, maxLength: 100 },
  { id: "plan-subtitle", name: "subtitle", label: "Subtitle", maxLength: 200 },
  { id: "plan-cta", name: "ctaText", label: "Button text", maxLength: 40 },
  { id: "plan-price-usd", name: "priceUsd", label: "Price (USD)", step: "0.01" },
  { id: "plan-price-inr", name: "priceInr", label: "Price (INR)", step: "1" },
  { id: "plan-original-usd", name: "originalPriceUsd", label: "Original price (USD, optional)", step: "0.01" },
  { id: "plan-original-inr", name: "originalPriceInr", label: "Original price (INR, optional)", step: "1" },
  { id: "plan-winter", name: "winterDiscount", label: "Winter discount (%)", step: "1", max: 100 },
  { id: "plan-order", name: "displayOrder", label: "Display order", step: "1", min: -1000, max: 1000 },
];

/** A new plan's values: the default button text, no discount, shown after the plans there are. */
function newPlanValues(planCount: number): Record<PlanInput, string | number | null> {
  return {
    title: "",
    subtitle: "",
    ctaText: DEFAULT_CTA_TEXT,
    priceUsd: 0,
    priceInr: 0,
    originalPriceUsd: null,
    originalPriceInr: null,
    winterDiscount: 0,
    displayOrder: planCount + 1,
  };
}

/** The Add Plan / Edit Plan dialog; it closes once the plan is saved. */
export function PlanDialog({
  editing,
  planCount,
  onClose,
}: {
  editing: PlanEditing | null;
  planCount: number;
  onClose: () => void;
}) {
  const fetcher = useSaveFetcher("save-plan", editing?.key, onClose);
  const plan = editing?.plan ?? null;
  const errors = fetcher.data?.ok === false ? fetcher.data.fieldErrors : {};
  const saving = fetcher.state !== "idle";
  const field = boundFields("plan", errors, plan);
  const values = plan ?? newPlanValues(planCount);
  return (
    <AdminDialog
      open={editing !== null}
      onOpenChange={(open) => (open ? null : onClose())}
      title={plan ? "Edit Plan" : "Add Plan"}
      description="Prices are shown to visitors in their currency (USD or INR)."
      className="sm:max-w-2xl"
    >
      {editing ? (
        <fetcher.Form method="post" className="grid gap-4" key={editing.key}>
          <input type="hidden" name="intent" value="save-plan" />
          <input type="hidden" name="id" value={plan?.id ?? ""} />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField {...field("planType", "type")} label="Plan Type" required>
              <NativeSelectOption value="">Choose a type</NativeSelectOption>
              <SelectOptions values={PLAN_TYPES} labels={planTypeLabels} />
            </SelectField>
            {inputFields.map(({ id, label, name, required, maxLength, step, min = 0, max }) => (
              <InputField
                key={name}
                id={id}
                label={label}
                error={errors[name]}
                name={name}
                required={required}
                maxLength={maxLength}
                {...(step ? { type: "number", inputMode: step === "1" ? "numeric" : "decimal", step, min, max } : {})}
                defaultValue={values[name] ?? ""}
              />
            ))}
          </div>
          <TextareaField {...field("description")} label="Description" rows={2} maxLength={1000} />
          <TextareaField
            {...field("features")}
            label="Features (one per line)"
            rows={6}
            defaultValue={plan?.features.join("\n") ?? ""}
          />
          <div className="flex flex-wrap gap-6">
            <Label className="flex items-center gap-2 font-normal">
              <NativeSwitch name="isPopular" defaultChecked={plan?.isPopular ?? false} /> Most popular
            </Label>
            <Label className="flex items-center gap-2 font-normal">
              <NativeSwitch name="isActive" defaultChecked={plan?.isActive ?? true} /> Active (shown on the site)
            </Label>
          </div>
          <DialogSaveActions onCancel={onClose} busy={saving}>
            Save Plan
          </DialogSaveActions>
        </fetcher.Form>
      ) : null}
    </AdminDialog>
  );
}
