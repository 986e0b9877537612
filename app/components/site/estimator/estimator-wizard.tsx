import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { FormGuards } from "~/components/site/forms/fields";
import { useSiteToast } from "~/components/site/site-toaster";
import { buttonVariants } from "~/components/ui/button-variants";
import { estimatorCopy as copy } from "~/content/estimator";
import { cx } from "~/lib/cx";
import {
  canSubmitEstimate,
  contactProblem,
  defaultAnswers,
  ESTIMATOR_LIMITS,
  ESTIMATOR_STEPS,
  type EstimatorAnswers,
  estimatorMessages,
  readDraftAnswers,
  STEP_COUNT,
  stepOfAnswer,
  stepProblem,
} from "~/lib/estimator";
import type { ActionResult } from "~/lib/types/action-result";
import type { EstimatorStep } from "~/lib/types/estimator";
import { addVisitorContext } from "~/lib/visitor-context";
import { EstimateResult } from "./estimate-result";
import { estimatorSteps } from "./estimator-steps";

/** What the server answered (the no-JavaScript wizard's page state, or the fetcher's reply). */
type EstimatorAnswer = ActionResult<EstimatorStep>;

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
 * The answers the form holds, read as the server reads a step it was posted (text kept as typed, so
 * that a field being typed into does not lose its trailing space).
 */
function answersInForm(form: HTMLFormElement): EstimatorAnswers {
  const data = new FormData(form);
  const answers = readDraftAnswers(data);
  for (const name of Object.keys(ESTIMATOR_LIMITS) as (keyof typeof ESTIMATOR_LIMITS)[]) {
    const typed = data.get(name);
    if (typeof typed === "string") answers[name] = typed.slice(0, ESTIMATOR_LIMITS[name]);
  }
  return answers;
}

/**
 * The six-step cost estimator. With JavaScript the steps change in place and only the finished
 * estimate is sent (by fetcher); without it every Next and Previous posts the form, which carries the
 * answers so far in hidden fields, and the server renders the next step.
 */
export function EstimatorWizard({ initial }: { initial?: EstimatorAnswer }) {
  const moves = initial?.payload;
  const [answers, setAnswers] = useState<EstimatorAnswers>(moves?.answers ?? defaultAnswers);
  const [step, setStep] = useState(moves?.done ? STEP_COUNT : (moves?.step ?? 1));
  const [result, setResult] = useState<EstimatorAnswers | null>(moves?.done ? moves.answers : null);
  const [bookingUrl, setBookingUrl] = useState<string | null>(moves?.done ? (moves.bookingUrl ?? null) : null);
  const [errors, setErrors] = useState<Record<string, string>>(initial?.fieldErrors ?? {});
  // The server's message shows on the page only when it rendered the page (no toasts before hydration).
  const [notice, setNotice] = useState(moves?.done ? null : (initial?.toast ?? null));
  // Until hydration the buttons stay enabled: without JavaScript the server enforces the same rules.
  const [hydrated, setHydrated] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    // The page hydrates on the visitor's first use, so that use (a choice clicked, a key typed) changed
    // the form before React ran. React leaves the inputs as they are while hydrating, but replays no
    // change of a radio and puts the state back on the next render: take the form's answers first.
    if (formRef.current) setAnswers(answersInForm(formRef.current));
    setHydrated(true);
  }, []);

  const fetcher = useFetcher<EstimatorAnswer>();
  const toast = useSiteToast();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const handled = useRef<EstimatorAnswer | undefined>(undefined);

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
    if (fetcher.state !== "idle" || !reply?.payload || handled.current === reply) return;
    handled.current = reply;
    const next = reply.payload;
    // The result screen says inline that the estimate was saved; a toast would say it a second time.
    if (reply.toast && !next.done) toast(reply.toast);
    moved.current = true;
    if (next.done) {
      setResult(next.answers);
      setBookingUrl(next.bookingUrl ?? null);
      return;
    }
    setErrors(reply.fieldErrors);
    setStep(next.step);
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
          bookingUrl={bookingUrl}
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

  const section = ESTIMATOR_STEPS[step - 1]!;
  const Step = estimatorSteps[step - 1]!;
  return (
    <form
      ref={formRef}
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

      <Step answers={answers} errors={errors} update={update} />

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
