import type { AdPlatform, SectionHeading } from "~/content/home";
import { Section } from "../section";

/** The grid of ad platforms the agency runs campaigns on. */
export function AdPlatforms({ heading, platforms }: { heading: SectionHeading; platforms: readonly AdPlatform[] }) {
  return (
    <Section id="platforms" tone="muted" {...heading}>
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4">
        {platforms.map((platform) => (
          <li
            key={platform.name}
            className="flex min-w-0 flex-col gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-sm sm:flex-row sm:items-start"
          >
            <span
              aria-hidden="true"
              className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary font-bold text-lg text-primary-foreground"
            >
              {platform.name.charAt(0)}
            </span>
            <div className="min-w-0">
              <h3 className="font-semibold wrap-break-word">{platform.name}</h3>
              <p className="mt-1 text-muted-foreground text-sm wrap-break-word">{platform.use}</p>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}
