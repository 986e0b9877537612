import { Link } from "react-router";
import { SelectField, TextAreaField, TextField } from "~/components/site/forms/fields";
import { formatMoney } from "~/lib/estimate";
import {
  AD_SPEND,
  ADDITIONAL_SERVICES,
  AUDIENCE_TYPES,
  BUSINESS_TYPES,
  CAMPAIGN_OBJECTIVES,
  DURATION,
  ESTIMATOR_CONSENT,
  ESTIMATOR_CURRENCIES,
  ESTIMATOR_INDUSTRIES,
  ESTIMATOR_LIMITS,
  type EstimatorAnswers,
  estimatorLabels,
  PLATFORMS,
} from "~/lib/estimator";
import { CheckboxChoices, RadioChoices, SliderField } from "./controls";

/** What every step draws from: the answers so far, the server's or the browser's errors, and how to change one answer. */
export type StepProps = {
  answers: EstimatorAnswers;
  errors: Record<string, string>;
  update: <K extends keyof EstimatorAnswers>(name: K, value: EstimatorAnswers[K]) => void;
};

/** The answers a visitor types or picks from a list: every one a string. */
type TextAnswer = {
  [K in keyof EstimatorAnswers]: EstimatorAnswers[K] extends string ? K : never;
}[keyof EstimatorAnswers];

/** A text or select control's props for one answer: its value, its error, and a change that updates it. */
function answerField<K extends TextAnswer>({ answers, errors, update }: StepProps, name: K) {
  return {
    id: `estimator-${name}`,
    name,
    value: answers[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
      update(name, event.currentTarget.value as EstimatorAnswers[K]),
    error: errors[name],
  };
}

/** As `answerField`, capped at the length the server accepts. */
function typedField(props: StepProps, name: keyof typeof ESTIMATOR_LIMITS) {
  return { maxLength: ESTIMATOR_LIMITS[name], ...answerField(props, name) };
}

/** The questions answered by picking one card (all required). */
const singleChoices = {
  businessType: { legend: "Business type", options: BUSINESS_TYPES, columns: 3 },
  campaignObjective: { legend: "Campaign objective", options: CAMPAIGN_OBJECTIVES },
  audienceType: { legend: "Audience type", options: AUDIENCE_TYPES, columns: 3 },
} as const;

function SingleChoice({ name, answers, errors, update }: StepProps & { name: keyof typeof singleChoices }) {
  return (
    <RadioChoices
      {...singleChoices[name]}
      name={name}
      required
      labels={estimatorLabels[name]}
      value={answers[name]}
      onChange={(value) => update(name, value)}
      error={errors[name]}
    />
  );
}

/** The questions answered by ticking any number of cards. */
const multipleChoices = {
  platforms: {
    legend: "Advertising platforms",
    required: true,
    hint: "Choose every platform you want to advertise on.",
    options: PLATFORMS,
  },
  additionalServices: {
    legend: "Additional services",
    hint: "Optional: choose any services you would like included in your plan.",
    options: ADDITIONAL_SERVICES,
  },
} as const;

function MultipleChoice({ name, answers, errors, update }: StepProps & { name: keyof typeof multipleChoices }) {
  return (
    <CheckboxChoices
      {...multipleChoices[name]}
      name={name}
      labels={estimatorLabels[name]}
      values={answers[name]}
      onChange={(values) => update(name, values)}
      error={errors[name]}
    />
  );
}

export function BusinessStep(props: StepProps) {
  return (
    <>
      <SingleChoice {...props} name="businessType" />
      <SelectField
        label="Industry"
        options={ESTIMATOR_INDUSTRIES}
        labels={estimatorLabels.industry}
        {...answerField(props, "industry")}
      />
      <SingleChoice {...props} name="campaignObjective" />
    </>
  );
}

const targetQuestions = [
  ["targetCountry", "Target country", "country-name"],
  ["targetRegion", "Target region / state", "address-level1"],
  ["targetCity", "Target city", "address-level2"],
] as const;

export function AudienceStep(props: StepProps) {
  return (
    <>
      <MultipleChoice {...props} name="platforms" />
      <SingleChoice {...props} name="audienceType" />
      <div className="grid gap-4 sm:grid-cols-3">
        {targetQuestions.map(([name, label, autoComplete]) => (
          <TextField key={name} label={label} {...typedField(props, name)} autoComplete={autoComplete} />
        ))}
      </div>
    </>
  );
}

const currencyLabels = Object.fromEntries(ESTIMATOR_CURRENCIES.map((code) => [code, code]));

export function BudgetStep(props: StepProps) {
  const { answers, errors, update } = props;
  return (
    <>
      <SelectField
        label="Currency"
        options={ESTIMATOR_CURRENCIES}
        labels={currencyLabels}
        {...answerField(props, "currency")}
      />
      <SliderField
        id="estimator-monthlyAdSpend"
        label="Monthly ad spend"
        name="monthlyAdSpend"
        min={AD_SPEND.min}
        max={AD_SPEND.max}
        step={AD_SPEND.step}
        value={answers.monthlyAdSpend}
        onChange={(value) => update("monthlyAdSpend", value)}
        format={(amount) => formatMoney(amount, answers.currency)}
        error={errors.monthlyAdSpend}
      />
      <SliderField
        id="estimator-campaignDuration"
        label="Campaign duration"
        name="campaignDuration"
        min={DURATION.min}
        max={DURATION.max}
        step={DURATION.step}
        value={answers.campaignDuration}
        onChange={(value) => update("campaignDuration", value)}
        format={(months) => `${months} month${months === 1 ? "" : "s"}`}
        error={errors.campaignDuration}
      />
    </>
  );
}

export function ServicesStep(props: StepProps) {
  return <MultipleChoice {...props} name="additionalServices" />;
}

export function PerformanceStep(props: StepProps) {
  const figures = [
    ["avgOrderValue", `Average order value (${props.answers.currency})`, "decimal"],
    ["targetConversionRate", "Target conversion rate (%)", "decimal"],
    ["monthlyTraffic", "Monthly website traffic", "numeric"],
  ] as const;
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      {figures.map(([name, label, inputMode]) => (
        <TextField key={name} label={label} inputMode={inputMode} {...typedField(props, name)} />
      ))}
      <TextAreaField
        label="Past campaign data"
        {...typedField(props, "pastCampaignData")}
        placeholder="e.g. platforms used, monthly spend, cost per lead, ROAS"
        className="sm:col-span-3"
      />
    </div>
  );
}

/** The last step's contact details. */
const contactQuestions = [
  ["fullName", { label: "Full name", type: "text", required: true, autoComplete: "name" }],
  ["email", { label: "Email", type: "email", required: true, autoComplete: "email" }],
  ["phone", { label: "Phone", type: "tel", required: false, autoComplete: "tel" }],
  ["company", { label: "Company", type: "text", required: false, autoComplete: "organization" }],
  [
    "website",
    {
      label: "Website",
      type: "text",
      required: false,
      autoComplete: "url",
      inputMode: "url",
      className: "sm:col-span-2",
    },
  ],
] as const;

export function ContactStep(props: StepProps) {
  const { answers, errors, update } = props;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {contactQuestions.map(([name, questionProps]) => (
        <TextField key={name} {...questionProps} {...typedField(props, name)} />
      ))}
      <div className="sm:col-span-2">
        <label className="flex items-start gap-3 text-sm">
          <input
            type="checkbox"
            name="consent"
            checked={answers.consent}
            onChange={(event) => update("consent", event.currentTarget.checked)}
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby={errors.consent ? "estimator-consent-error" : undefined}
            className="mt-0.5 size-4 shrink-0 accent-primary"
          />
          <span>
            {ESTIMATOR_CONSENT}
            <span aria-hidden> *</span>
          </span>
        </label>
        <p className="mt-1 ml-7 text-muted-foreground text-sm">
          Read our{" "}
          <Link to="/privacy" className="text-primary underline-offset-4 hover:underline">
            privacy policy
          </Link>
          .
        </p>
        {errors.consent ? (
          <p id="estimator-consent-error" className="mt-1 ml-7 text-destructive text-sm">
            {errors.consent}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** The steps in order: step n is `estimatorSteps[n - 1]`. */
export const estimatorSteps = [BusinessStep, AudienceStep, BudgetStep, ServicesStep, PerformanceStep, ContactStep];
