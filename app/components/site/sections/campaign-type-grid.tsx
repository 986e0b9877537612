import { SiteCard, SiteCardContent, SiteCardHeader } from "~/components/site/site-card";
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
        <li key={item.title} className="flex">
          <SiteCard className="w-full gap-4">
            <SiteCardHeader className="grid-cols-[auto_1fr] items-center gap-x-4">
              <span
                aria-hidden="true"
                className="flex size-10 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground"
              >
                {index + 1}
              </span>
              <h3 className="font-semibold text-lg leading-snug">{item.title}</h3>
            </SiteCardHeader>
            <SiteCardContent className="flex flex-1 flex-col gap-4">
              <p className="text-muted-foreground">{item.text}</p>
              <TagList
                items={item.platforms}
                size="sm"
                label={`${platformsLabel}: ${item.title}`}
                className="mt-auto"
              />
            </SiteCardContent>
          </SiteCard>
        </li>
      ))}
    </ol>
  );
}
