import { Disc, GridCard } from "./grid-card";
import { TagList } from "./tag-list";

export type CampaignTypeItem = { title: string; text: string; platforms: readonly string[] };

/** Numbered cards describing campaign types and the platforms each runs on. */
export function CampaignTypeGrid({
  items,
  platformsLabel,
}: {
  items: readonly CampaignTypeItem[];
  /** Names the platform list of each card, e.g. "Platforms". */
  platformsLabel: string;
}) {
  return (
    <ol className="grid gap-6 sm:grid-cols-2">
      {items.map((item, index) => (
        <GridCard
          key={item.title}
          title={item.title}
          headerClassName="grid-cols-[auto_1fr] items-center gap-x-4"
          contentClassName="flex flex-1 flex-col gap-4"
          visual={<Disc>{index + 1}</Disc>}
        >
          <p className="text-muted-foreground">{item.text}</p>
          <TagList items={item.platforms} size="sm" label={`${platformsLabel}: ${item.title}`} className="mt-auto" />
        </GridCard>
      ))}
    </ol>
  );
}
