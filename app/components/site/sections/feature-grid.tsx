import { SiteCard, SiteCardContent, SiteCardHeader } from "~/components/site/site-card";
import { cx } from "~/lib/cx";
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
        <li key={item.title} className="flex">
          <SiteCard className="w-full gap-4">
            <SiteCardHeader className="gap-4">
              {item.icon ? <IconTile name={item.icon} /> : null}
              <h3 className="font-semibold text-lg leading-snug">{item.title}</h3>
            </SiteCardHeader>
            <SiteCardContent>
              <p className="text-muted-foreground">{item.text}</p>
            </SiteCardContent>
          </SiteCard>
        </li>
      ))}
    </ul>
  );
}
