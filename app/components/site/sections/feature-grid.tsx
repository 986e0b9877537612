import { cx } from "~/lib/cx";
import { GridCard } from "./grid-card";
import { type IconName, IconTile } from "./icon";

export type FeatureItem = { icon?: IconName; title: string; text: string };

const columnClasses = {
  2: "sm:grid-cols-2",
  3: "sm:grid-cols-2 lg:grid-cols-3",
  4: "sm:grid-cols-2 lg:grid-cols-4",
} as const;

/** Cards with an icon, an h3 title and a short text. Place inside a `Section` that has a title (h2). */
export function FeatureGrid({ items, columns = 4 }: { items: readonly FeatureItem[]; columns?: 2 | 3 | 4 }) {
  return (
    <ul className={cx("grid gap-6", columnClasses[columns])}>
      {items.map((item) => (
        <GridCard
          key={item.title}
          title={item.title}
          headerClassName="gap-4"
          visual={item.icon ? <IconTile name={item.icon} /> : null}
        >
          <p className="text-muted-foreground">{item.text}</p>
        </GridCard>
      ))}
    </ul>
  );
}
