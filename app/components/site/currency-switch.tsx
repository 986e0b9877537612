import { Form, useLocation } from "react-router";
import type { Currency } from "~/lib/currency";
import { cx } from "~/lib/cx";

// Every currency has its label (the type requires it); the switch offers them in this order. Only the
// type comes from lib/currency, so pages without prices do not download the price formatting.
const labels: Record<Currency, string> = { USD: "USD ($)", INR: "INR (₹)" };
const currencies = Object.keys(labels) as Currency[];

/** Two buttons that post the choice and come back to the same place on the page; sticks in a cookie. */
export function CurrencySwitch({ currency, className }: { currency: Currency; className?: string }) {
  const location = useLocation();
  return (
    <Form
      method="post"
      action="/currency"
      preventScrollReset
      data-island="currency-switch"
      className={cx("inline-flex", className)}
    >
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <fieldset className="inline-flex rounded-lg border bg-background p-1">
        <legend className="sr-only">Currency</legend>
        {currencies.map((option) => (
          <button
            key={option}
            type="submit"
            name="currency"
            value={option}
            aria-pressed={option === currency}
            className={cx(
              "rounded-md px-3 py-1.5 font-medium text-sm",
              option === currency
                ? "bg-primary text-primary-foreground"
                : "text-muted-foreground hover:text-foreground",
            )}
          >
            {labels[option]}
          </button>
        ))}
      </fieldset>
    </Form>
  );
}
