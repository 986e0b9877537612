import { Building2 } from "~/components/site/icons/Building2";
import { Car } from "~/components/site/icons/Car";
import { LaptopIcon } from "~/components/site/icons/LaptopIcon";
import { ShoppingCart } from "~/components/site/icons/ShoppingCart";
import type { SiteIcon } from "~/components/site/icons/site-icon";
import type { Industry, IndustryIcon, SectionHeading } from "~/content/home";
import { Section } from "../section";
import { LinkCard } from "./link-card";

const icons: Record<IndustryIcon, SiteIcon> = {
  cart: ShoppingCart,
  laptop: LaptopIcon,
  building: Building2,
  car: Car,
};

/** The four industries, each card a link to its industry page. */
export function IndustriesGrid({ heading, industries }: { heading: SectionHeading; industries: readonly Industry[] }) {
  return (
    <Section id="industries" {...heading}>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {industries.map((industry) => {
          return (
            <li key={industry.href} className="min-w-0">
              <LinkCard
                href={industry.href}
                title={industry.title}
                description={industry.description}
                icon={icons[industry.icon]}
                callToAction="Explore"
              />
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
