import type { Figure } from "~/components/site/figure-list";
import { cx } from "~/lib/cx";

/** Figures with their labels, read in order ("500+ Campaigns launched"). */
export function StatList({ stats, className }: { stats: readonly Figure[]; className?: string }) {
  return (
    <ul className={cx("grid grid-cols-2 gap-4 sm:gap-6 lg:grid-cols-4", className)}>
      {stats.map((stat) => (
        <li
          key={stat.label}
          className="flex flex-col items-center gap-1 rounded-xl border bg-card px-3 py-6 text-center text-card-foreground shadow-sm"
        >
          <span className="font-bold text-3xl text-primary tracking-tight sm:text-4xl">{stat.value}</span>{" "}
          <span className="text-muted-foreground text-sm sm:text-base">{stat.label}</span>
        </li>
      ))}
    </ul>
  );
}
