import type { HeroContent } from "~/content/home";
import { cx } from "~/lib/cx";

/** The hero's three headline numbers. A description list: label (dt) first for readers, value shown on top. */
export function StatCards({ stats, className }: { stats: HeroContent["stats"]; className?: string }) {
  return (
    <dl className={cx("grid grid-cols-3 gap-2 sm:gap-4", className)}>
      {stats.map((stat) => (
        <div
          key={stat.label}
          className="flex min-w-0 flex-col-reverse items-center justify-end gap-1 rounded-xl border bg-card p-3 text-center text-card-foreground shadow-sm sm:p-5"
        >
          <dt className="min-w-0 text-muted-foreground text-xs wrap-break-word sm:text-sm">{stat.label}</dt>
          <dd className="font-bold text-primary text-xl tracking-tight sm:text-3xl">{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}
