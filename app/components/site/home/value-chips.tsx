import { CircleCheck } from "~/components/site/icons/circle-check";
import type { HeroContent } from "~/content/home";
import { cx } from "~/lib/cx";

/** The hero's short value propositions, as a wrapping list of pills. */
export function ValueChips({ chips, className }: { chips: HeroContent["valueChips"]; className?: string }) {
  return (
    <ul className={cx("flex flex-wrap justify-center gap-2", className)}>
      {chips.map((chip) => (
        <li
          key={chip}
          className="inline-flex min-w-0 max-w-full items-center gap-1.5 rounded-full border bg-secondary px-3 py-1 font-medium text-secondary-foreground text-sm"
        >
          <CircleCheck aria-hidden="true" className="size-4 shrink-0 text-primary" />
          <span className="min-w-0 wrap-break-word">{chip}</span>
        </li>
      ))}
    </ul>
  );
}
