import { FigureList } from "~/components/site/figure-list";
import type { HeroContent } from "~/content/home";
import { cx } from "~/lib/cx";

/** The hero's three headline numbers. A description list: label (dt) first for readers, value shown on top. */
export function StatCards({ stats, className }: { stats: HeroContent["stats"]; className?: string }) {
  return (
    <FigureList
      figures={stats}
      className={cx("grid grid-cols-3 gap-2 sm:gap-4", className)}
      figureClassName="flex min-w-0 flex-col-reverse items-center justify-end gap-1 rounded-xl border bg-card p-3 text-center text-card-foreground shadow-sm sm:p-5"
      labelClassName="min-w-0 text-muted-foreground text-xs wrap-break-word sm:text-sm"
      valueClassName="font-bold text-primary text-xl tracking-tight sm:text-3xl"
    />
  );
}
