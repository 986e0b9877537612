import { useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { FormGuards, SelectField, TextAreaField, TextField } from "~/components/site/forms/fields";
import { useSiteToast } from "~/components/site/site-toaster";
import { buttonVariants } from "~/components/ui/button-variants";
import { estimatorCopy as copy } from "~/content/estimator";
import { cx } from "~/lib/cx";
import { formatMoney } from "~/lib/estimate";
import {
  AD_SPEND,
  ADDITIONAL_SERVICES,
  AUDIENCE_TYPES,
  BUSINESS_TYPES,
  CAMPAIGN_OBJECTIVES,
  canSubmitEstimate,
  contactProblem,
  DURATION,
  defaultAnswers,
  ESTIMATOR_CONSENT,
  ESTIMATOR_CURRENCIES,
  ESTIMATOR_INDUSTRIES,
  ESTIMATOR_LIMITS,
  ESTIMATOR_STEPS,
  type EstimatorAnswers,
  estimatorLabels,
  estimatorMessages,
  PLATFORMS,
  STEP_COUNT,
  stepOfAnswer,
  stepProblem,
} from "~/lib/estimator";
import { addVisitorContext } from "~/lib/visitor-context";
import { CheckboxChoices, RadioChoices, SliderField } from "./controls";
import { EstimateResult } from "./estimate-result";

/** What the server answered (the no-JavaScript wizard's page state, or the fetcher's reply). */
export type EstimatorState = {
  /** The step to show next (1–6), or the result screen when `done`. */
  step: number;
  done: boolean;
  answers: EstimatorAnswers;
  /** A toast for the browser, or a notice on the page without JavaScript. */
  message: { type: "success" | "error"; title: string; description: string } | null;
  fieldErrors: Record<string, string>;
};

/** The answers a visitor types or picks from a list: every one a string. */
type TextAnswer = {
  [K in keyof EstimatorAnswers]: EstimatorAnswers[K] extends string ? K : never;
}[keyof EstimatorAnswers];

/** The questions answered by picking one card (all required). */
const singleChoices = {
  businessType: { legend: "Business type", options: BUSINESS_TYPES, columns: 3 },
  campaignObjective: { legend: "Campaign objective", options: CAMPAIGN_OBJECTIVES },
  audienceType: { legend: "Audience type", options: AUDIENCE_TYPES, columns: 3 },
} as const;

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

const currencyLabels = Object.fromEntries(ESTIMATOR_CURRENCIES.map((code) => [code, code]));

/** Every answer asked on another step, as hidden fields: how the wizard remembers without JavaScript. */
function CarriedAnswers({ answers, step }: { answers: EstimatorAnswers; step: number }) {
  return Object.entries(answers).flatMap(([name, value]) => {
    if (stepOfAnswer[name as keyof EstimatorAnswers] === step) return [];
    if (Array.isArray(value))
      return value.map((each) => <input key={`${name}-${each}`} type="hidden" name={name} value={each} />);
    if (typeof value === "boolean") return value ? [<input key={name} type="hidden" name={name} value="on" />] : [];
    return [<input key={name} type="hidden" name={name} value={String(value)} />];
  });
}

/**
 * The six-step cost estimator. With JavaScript the steps change in place and only the finished
 * estimate is sent (by fetcher); without it every Next and Previous posts the form, which carries the
 * answers so far in hidden fields, and the server renders the next step.
 */
export function EstimatorWizard({ initial }: { initial?: EstimatorState }) {
  const [answers, setAnswers] = useState<EstimatorAnswers>(initial?.answers ?? defaultAnswers);
  const [step, setStep] = useState(initial?.done ? STEP_COUNT : (initial?.step ?? 1));
  const [result, setResult] = useState<EstimatorAnswers | null>(initial?.done ? initial.answers : null);
  const [errors, setErrors] = useState<Record<string, string>>(initial?.fieldErrors ?? {});
  // The server's message shows on the page only when it rendered the page (no toasts before hydration).
  const [notice, setNotice] = useState(initial?.done ? null : (initial?.message ?? null));
  // Until hydration the buttons stay enabled: without JavaScript the server enforces the same rules.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const fetcher = useFetcher<EstimatorState>();
  const toast = useSiteToast();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const handled = useRef<EstimatorState | undefined>(undefined);

  const update = <K extends keyof EstimatorAnswers>(name: K, value: EstimatorAnswers[K]) => {
    setAnswers((current) => ({ ...current, [name]: value }));
    setErrors((current) => (current[name] ? { ...current, [name]: "" } : current));
  };

  const goTo = (next: number) => {
    moved.current = true;
    setNotice(null);
    setStep(Math.min(STEP_COUNT, Math.max(1, next)));
  };

  // A new step (or the result) takes the focus, so keyboard and screen-reader users start at its top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the visible screen changes.
  useEffect(() => {
    if (!moved.current) return;
    const heading = result ? document.getElementById("estimate-result-heading") : headingRef.current;
    heading?.focus({ preventScroll: true });
    heading?.closest("[data-slot='estimator']")?.scrollIntoView({ block: "start", behavior: "smooth" });
  }, [step, result]);

  useEffect(() => {
    const reply = fetcher.data;
    if (fetcher.state !== "idle" || !reply || handled.current === reply) return;
    handled.current = reply;
    // The result screen says inline that the estimate was saved; a toast would say it a second time.
    if (reply.message && !reply.done) toast(reply.message);
    moved.current = true;
    if (reply.done) {
      setResult(reply.answers);
      return;
    }
    setErrors(reply.fieldErrors);
    setStep(reply.step);
  }, [fetcher.state, fetcher.data, toast]);

  const busy = fetcher.state !== "idle";
  const problem = step < STEP_COUNT ? stepProblem(step, answers) : null;

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const intent = submitter?.value ?? (step < STEP_COUNT ? "next" : "submit");
    if (intent === "previous") return goTo(step - 1);
    if (intent === "next") {
      if (problem) return toast({ type: "error", title: "Please complete this step", description: problem });
      return goTo(step + 1);
    }
    const contact = contactProblem(answers);
    if (contact) {
      const [title, description] = contact === "missing" ? estimatorMessages.missing : estimatorMessages.invalidEmail;
      return toast({ type: "error", title, description });
    }
    const formData = new FormData(event.currentTarget);
    formData.set("intent", "submit");
    formData.set("pageUrl", window.location.href);
    addVisitorContext(formData);
    fetcher.submit(formData, { method: "post", action: "/cost-estimator" });
  };

  if (result) {
    return (
      <div data-slot="estimator" className="mx-auto max-w-5xl scroll-mt-24">
        <EstimateResult
          answers={result}
          onRestart={
            hydrated
              ? () => {
                  setAnswers(defaultAnswers);
                  setResult(null);
                  setErrors({});
                  goTo(1);
                }
              : undefined
          }
        />
      </div>
    );
  }

  const money = (amount: number) => formatMoney(amount, answers.currency);
  // Each control shows its answer and its error, and a change updates the answer (clearing the error).
  const field = <K extends TextAnswer>(name: K) => ({
    id: `estimator-${name}`,
    name,
    value: answers[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
      update(name, event.currentTarget.value as EstimatorAnswers[K]),
    error: errors[name],
  });
  // Typed answers are capped at the lengths the server accepts.
  const typed = (name: keyof typeof ESTIMATOR_LIMITS) => ({ maxLength: ESTIMATOR_LIMITS[name], ...field(name) });
  const radio = (name: keyof typeof singleChoices) => (
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
  const checkboxes = (name: keyof typeof multipleChoices) => (
    <CheckboxChoices
      {...multipleChoices[name]}
      name={name}
      labels={estimatorLabels[name]}
      values={answers[name]}
      onChange={(values) => update(name, values)}
      error={errors[name]}
    />
  );
  const slider = (
    name: "monthlyAdSpend" | "campaignDuration",
    label: string,
    range: { min: number; max: number; step: number },
    format: (value: number) => string,
  ) => (
    <SliderField
      id={`estimator-${name}`}
      label={label}
      name={name}
      min={range.min}
      max={range.max}
      step={range.step}
      value={answers[name]}
      onChange={(value) => update(name, value)}
      format={format}
      error={errors[name]}
    />
  );
  const section = ESTIMATOR_STEPS[step - 1]!;
  return (
    <form
      method="post"
      action="/cost-estimator"
      noValidate
      onSubmit={onSubmit}
      data-slot="estimator"
      aria-labelledby="estimator-step-heading"
      className="mx-auto grid max-w-3xl scroll-mt-24 gap-6 rounded-xl border bg-card p-6 shadow-sm sm:p-8"
    >
      <input type="hidden" name="step" value={step} />
      <FormGuards />
      <CarriedAnswers answers={answers} step={step} />

      <div>
        <p className="font-medium text-primary text-sm">{`Step ${step} of ${STEP_COUNT}`}</p>
        <ol className="mt-2 grid grid-cols-6 gap-1.5" aria-hidden>
          {ESTIMATOR_STEPS.map((each, index) => (
            <li key={each.title} className={cx("h-1.5 rounded-full", index < step ? "bg-primary" : "bg-muted")} />
          ))}
        </ol>
        <h2
          id="estimator-step-heading"
          ref={headingRef}
          tabIndex={-1}
          className="mt-4 font-bold text-2xl tracking-tight outline-none"
        >
          {section.title}
        </h2>
        <p className="mt-1 text-muted-foreground">{section.description}</p>
      </div>

      {notice ? (
        <div role="alert" className="rounded-lg border border-destructive p-4 text-sm">
          <p className="font-semibold text-destructive">{notice.title}</p>
          <p className="mt-1">{notice.description}</p>
        </div>
      ) : null}

      {step === 1 ? (
        <>
          {radio("businessType")}
          <SelectField
            label="Industry"
            options={ESTIMATOR_INDUSTRIES}
            labels={estimatorLabels.industry}
            {...field("industry")}
          />
          {radio("campaignObjective")}
        </>
      ) : null}

      {step === 2 ? (
        <>
          {checkboxes("platforms")}
          {radio("audienceType")}
          <div className="grid gap-4 sm:grid-cols-3">
            {(
              [
                ["targetCountry", "Target country", "country-name"],
                ["targetRegion", "Target region / state", "address-level1"],
                ["targetCity", "Target city", "address-level2"],
              ] as const
            ).map(([name, label, autoComplete]) => (
              <TextField key={name} label={label} {...typed(name)} autoComplete={autoComplete} />
            ))}
          </div>
        </>
      ) : null}

      {step === 3 ? (
        <>
          <SelectField label="Currency" options={ESTIMATOR_CURRENCIES} labels={currencyLabels} {...field("currency")} />
          {slider("monthlyAdSpend", "Monthly ad spend", AD_SPEND, money)}
          {slider(
            "campaignDuration",
            "Campaign duration",
            DURATION,
            (months) => `${months} month${months === 1 ? "" : "s"}`,
          )}
        </>
      ) : null}

      {step === 4 ? checkboxes("additionalServices") : null}

      {step === 5 ? (
        <div className="grid gap-4 sm:grid-cols-3">
          {(
            [
              ["avgOrderValue", `Average order value (${answers.currency})`, "decimal"],
              ["targetConversionRate", "Target conversion rate (%)", "decimal"],
              ["monthlyTraffic", "Monthly website traffic", "numeric"],
            ] as const
          ).map(([name, label, inputMode]) => (
            <TextField key={name} label={label} inputMode={inputMode} {...typed(name)} />
          ))}
          <TextAreaField
            label="Past campaign data"
            {...typed("pastCampaignData")}
            placeholder="e.g. platforms used, monthly spend, cost per lead, ROAS"
            className="sm:col-span-3"
          />
        </div>
      ) : null}

      {step === 6 ? (
        <div className="grid gap-4 sm:grid-cols-2">
          {contactQuestions.map(([name, props]) => (
            <TextField key={name} {...props} {...typed(name)} />
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
      ) : null}

      <div className="flex flex-row-reverse flex-wrap items-center justify-between gap-3 border-t pt-6">
        {/* The forward button comes first, so Enter in a field moves forward, never back. */}
        {step < STEP_COUNT ? (
          <button
            type="submit"
            name="intent"
            value="next"
            disabled={hydrated && problem !== null}
            aria-describedby={hydrated && problem ? "estimator-step-hint" : undefined}
            className={buttonVariants({ size: "lg" })}
          >
            {copy.next}
          </button>
        ) : (
          <button
            type="submit"
            name="intent"
            value="submit"
            disabled={hydrated && (busy || !canSubmitEstimate(answers))}
            aria-busy={busy}
            className={buttonVariants({ size: "lg" })}
          >
            {busy ? copy.busy : copy.submit}
          </button>
        )}
        <button
          type="submit"
          name="intent"
          value="previous"
          disabled={step === 1}
          className={buttonVariants({ variant: "outline", size: "lg" })}
        >
          {copy.previous}
        </button>
      </div>
      {hydrated && problem ? (
        <p id="estimator-step-hint" className="-mt-3 text-right text-muted-foreground text-sm">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
