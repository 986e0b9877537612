import { buttonVariants } from "~/components/ui/button-variants";
import { cx } from "~/lib/cx";

export type TimeChoice = { value: string; label: string };
export type DayChoice = { day: string; label: string; count: number };

const controlClass =
  "h-10 w-full min-w-0 rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 md:text-sm";

/**
 * The visitor's time zone, chosen from a list (a plain GET form, so it works without JavaScript);
 * `keep` carries the other query values the page needs along.
 */
export function ZonePicker({
  timeZone,
  zones,
  action,
  keep,
}: {
  timeZone: string;
  zones: string[];
  action: string;
  keep: Record<string, string | null | undefined>;
}) {
  return (
    <form
      method="get"
      action={action}
      data-slot="zone-picker"
      data-island="visitor-zone"
      className="flex flex-wrap items-end gap-3"
    >
      {Object.entries(keep).map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
      <div className="grid min-w-0 flex-1 gap-1.5">
        <label htmlFor="booking-time-zone" className="font-medium text-sm">
          Your time zone
        </label>
        <select id="booking-time-zone" name="tz" defaultValue={timeZone} className={controlClass}>
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll("_", " ")}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={buttonVariants({ variant: "outline" })}>
        Show times
      </button>
    </form>
  );
}

/** The days that have free times, as links; the chosen one is marked for screen readers too. */
export function DayList({
  days,
  day,
  hrefFor,
}: {
  days: DayChoice[];
  day: string | null;
  hrefFor: (day: string) => string;
}) {
  return (
    <nav aria-label="Days with free times" data-slot="day-list">
      <ul className="flex flex-wrap gap-2">
        {days.map((each) => (
          <li key={each.day}>
            <a
              href={hrefFor(each.day)}
              aria-current={each.day === day ? "date" : undefined}
              className={cx(
                buttonVariants({ variant: each.day === day ? "default" : "outline", size: "sm" }),
                "min-w-24",
              )}
            >
              {each.label}
              <span className="sr-only">, {each.count} free times</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The times to choose from, as a radio group: arrow keys move between them, the one picked is sent. */
export function TimeChoices({
  legend,
  times,
  error,
  selected,
}: {
  legend: string;
  times: TimeChoice[];
  error?: string;
  selected?: string;
}) {
  return (
    <fieldset
      data-slot="time-choices"
      aria-describedby={error ? "booking-start-error" : undefined}
      className="grid gap-3"
    >
      <legend className="mb-2 font-medium">{legend}</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {times.map((time) => (
          <label
            key={time.value}
            className="flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/10 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50"
          >
            <input
              type="radio"
              name="start"
              value={time.value}
              required
              // Nothing is chosen for the visitor: Confirm books only a time they picked.
              defaultChecked={selected === time.value}
              className="accent-primary"
            />
            {time.label}
          </label>
        ))}
      </div>
      {error ? (
        <p id="booking-start-error" className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
