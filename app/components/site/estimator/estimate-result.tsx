import type * as React from "react";
import { Link } from "react-router";
import { CircleCheck } from "~/components/site/icons/circle-check";
import { buttonVariants } from "~/components/ui/button-variants";
import { estimatorCopy as copy } from "~/content/estimator";
import { cx } from "~/lib/cx";
import {
  computeEstimate,
  ESTIMATE_RATES,
  formatCount,
  formatMoney,
  formatTotalWithSetup,
  setupCurrencyOf,
} from "~/lib/estimate";
import { type EstimatorAnswers, estimatorMessages } from "~/lib/estimator";

function Row({ label, children, strong }: { label: React.ReactNode; children: React.ReactNode; strong?: boolean }) {
  return (
    <div
      className={cx("flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3", strong && "font-semibold")}
    >
      <dt className={strong ? undefined : "text-muted-foreground"}>{label}</dt>
      <dd className="text-right tabular-nums">{children}</dd>
    </div>
  );
}

/** One of the result's two cards: a titled list of figures, then an optional note. */
function ResultCard({
  id,
  title,
  note,
  children,
}: {
  id: string;
  title: string;
  note?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-xl border bg-card p-6 shadow-sm">
      <h3 id={id} className="font-semibold text-xl">
        {title}
      </h3>
      <dl className="mt-3 divide-y">{children}</dl>
      {note}
    </section>
  );
}

function Price({ amount, original, currency }: { amount: string; original: string | null; currency: string }) {
  return (
    <>
      {original ? (
        <s className="mr-2 text-muted-foreground text-sm">
          <span className="sr-only">was </span>
          {original}
        </s>
      ) : null}
      {original ? <span className="sr-only">, now </span> : null}
      <span data-currency={currency}>{amount}</span>
    </>
  );
}

/** The result screen: what the visitor would pay, what it would bring, and what happens next. */
export function EstimateResult({
  answers,
  bookingUrl,
  onRestart,
}: {
  answers: EstimatorAnswers;
  /** The saved estimate's own way to its call; the contact section when there is none. */
  bookingUrl?: string | null;
  onRestart?: () => void;
}) {
  const estimate = computeEstimate(answers);
  const money = (amount: number) => formatMoney(amount, estimate.currency);
  // The setup fee has a price in US dollars (and INR's own) only: it keeps its own sign, and totals
  // that include it show both parts rather than adding dollars to another currency.
  const setupCurrency = setupCurrencyOf(estimate.currency);
  const setupMoney = (amount: number) => formatMoney(amount, setupCurrency);
  const withSetup = (total: number) => formatTotalWithSetup(total, estimate);
  const count = (value: number) => formatCount(value, estimate.currency);
  const months = estimate.campaignDuration;
  const [savedTitle, savedText] = estimatorMessages.success;
  return (
    <div data-slot="estimate-result" className="grid gap-6">
      <div className="text-center">
        <CircleCheck className="mx-auto size-12 text-primary" />
        <h2 id="estimate-result-heading" tabIndex={-1} className="mt-3 font-bold text-3xl tracking-tight outline-none">
          {copy.resultTitle}
        </h2>
        <p className="mt-2 text-muted-foreground">
          {money(estimate.monthlyAdSpend)} monthly ad spend over {months} month{months === 1 ? "" : "s"}, in{" "}
          {estimate.currency}.
        </p>
        <p role="status" className="mt-2 text-sm">
          <strong>{savedTitle}</strong> {savedText}
        </p>
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <ResultCard
          id="estimate-breakdown"
          title={copy.breakdownTitle}
          note={
            setupCurrency === estimate.currency ? null : (
              <p data-slot="setup-currency-note" className="mt-4 text-muted-foreground text-sm">
                {copy.setupInDollars(estimate.currency)}
              </p>
            )
          }
        >
          <Row label="Monthly ad spend">{money(estimate.monthlyAdSpend)}</Row>
          <Row label={`Management fee (${ESTIMATE_RATES.managementFeeRate * 100}% of ad spend)`}>
            <Price
              amount={money(estimate.managementFee)}
              original={estimate.originalManagementFee === null ? null : money(estimate.originalManagementFee)}
              currency={estimate.currency}
            />
          </Row>
          <Row label="One-time setup fee">
            <Price
              amount={setupMoney(estimate.setupFee)}
              original={estimate.originalSetupFee === null ? null : setupMoney(estimate.originalSetupFee)}
              currency={setupCurrency}
            />
          </Row>
          <Row label="First month total" strong>
            {withSetup(estimate.firstMonthTotal)}
          </Row>
          <Row label="Monthly total from month 2" strong>
            {months > 1 ? money(estimate.laterMonthlyTotal) : "—"}
          </Row>
          <Row label={`Total for ${months} month${months === 1 ? "" : "s"}`} strong>
            <span className="text-primary text-xl">{withSetup(estimate.durationTotal)}</span>
          </Row>
        </ResultCard>

        <ResultCard
          id="estimate-projections"
          title={copy.projectionsTitle}
          note={
            <p className="mt-4 text-muted-foreground text-sm">
              Based on an average cost per click of {money(estimate.costPerClick)}, a{" "}
              {ESTIMATE_RATES.clickThroughRate * 100}% click-through rate and a {ESTIMATE_RATES.conversionRate * 100}%
              conversion rate. Actual results depend on your market, offer and creative.
            </p>
          }
        >
          <Row label="Estimated clicks">{count(estimate.clicks)}</Row>
          <Row label="Estimated impressions">{count(estimate.impressions)}</Row>
          <Row label="Estimated conversions">{count(estimate.conversions)}</Row>
        </ResultCard>
      </div>

      <div className="rounded-xl border bg-accent p-6 text-center">
        <p className="text-lg">{copy.contactPromise}</p>
        <div className="mt-5 flex flex-wrap justify-center gap-3">
          {bookingUrl ? (
            // A page of the server's (no client route): the estimate's lead rides in the link.
            <a href={bookingUrl} className={buttonVariants({ size: "lg" })}>
              {copy.bookCall}
            </a>
          ) : (
            <Link to={copy.bookCallHref} className={buttonVariants({ size: "lg" })}>
              {copy.bookCall}
            </Link>
          )}
          <a
            href="/cost-estimator"
            onClick={
              onRestart
                ? (event) => {
                    event.preventDefault();
                    onRestart();
                  }
                : undefined
            }
            className={buttonVariants({ variant: "outline", size: "lg" })}
          >
            {copy.restart}
          </a>
        </div>
      </div>
    </div>
  );
}
