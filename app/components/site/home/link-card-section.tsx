import { Building2 } from "~/components/site/icons/building-2";
import { Car } from "~/components/site/icons/car";
import { CheckIcon } from "~/components/site/icons/check-icon";
import { LaptopIcon } from "~/components/site/icons/laptop-icon";
import { MegaphoneIcon } from "~/components/site/icons/megaphone-icon";
import { ShoppingCart } from "~/components/site/icons/shopping-cart";
import type { SiteIcon } from "~/components/site/icons/site-icon";
import { Target } from "~/components/site/icons/target";
import { Workflow } from "~/components/site/icons/workflow";
import type { CoreService, CoreServiceIcon, Industry, IndustryIcon, SectionHeading } from "~/content/home";
import { Section } from "../section";
import { LinkCard } from "./link-card";

const icons: Record<CoreServiceIcon | IndustryIcon, SiteIcon> = {
  megaphone: MegaphoneIcon,
  target: Target,
  workflow: Workflow,
  cart: ShoppingCart,
  laptop: LaptopIcon,
  building: Building2,
  car: Car,
};

/** Each section takes only its own cards. */
type SectionCards =
  | { id: "services"; cards: readonly CoreService[] }
  | { id: "industries"; cards: readonly Industry[] };

/** The home sections whose cards each link to a page: the three core services and the four industries. */
const sections = {
  services: { listClassName: "grid gap-6 md:grid-cols-3", callToAction: "Learn more", emphasis: true },
  industries: { listClassName: "grid gap-6 sm:grid-cols-2 lg:grid-cols-4", callToAction: "Explore", emphasis: false },
} as const;

export function LinkCardSection({ id, heading, cards }: { heading: SectionHeading } & SectionCards) {
  const { listClassName, callToAction, emphasis } = sections[id];
  return (
    <Section id={id} {...heading}>
      <ul className={listClassName}>
        {cards.map((card) => (
          <li key={card.href} className="min-w-0">
            <LinkCard
              href={card.href}
              title={card.title}
              description={card.description}
              icon={icons[card.icon]}
              callToAction={callToAction}
              emphasis={emphasis}
            >
              {"bullets" in card ? (
                <ul className="space-y-2 text-sm">
                  {card.bullets.map((bullet) => (
                    <li key={bullet} className="flex gap-2">
                      <CheckIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
                      <span className="min-w-0">{bullet}</span>
                    </li>
                  ))}
                </ul>
              ) : null}
            </LinkCard>
          </li>
        ))}
      </ul>
    </Section>
  );
}
