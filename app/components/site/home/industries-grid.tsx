import type * as React from "react";
import { Link } from "react-router";
import { ArrowRightIcon } from "~/components/site/icons/ArrowRightIcon";
import { Building2Icon } from "~/components/site/icons/Building2Icon";
import { CarIcon } from "~/components/site/icons/CarIcon";
import { LaptopIcon } from "~/components/site/icons/LaptopIcon";
import { ShoppingCartIcon } from "~/components/site/icons/ShoppingCartIcon";
import type { SiteIcon } from "~/components/site/icons/site-icon";
import { SiteCard, SiteCardContent, SiteCardTitle } from "~/components/site/site-card";
import type { Industry, IndustryIcon, SectionHeading } from "~/content/home";
import { Section } from "../section";

const icons: Record<IndustryIcon, SiteIcon> = {
  cart: ShoppingCartIcon,
  laptop: LaptopIcon,
  building: Building2Icon,
  car: CarIcon,
};

/** The four industries, each card a link to its industry page. */
export function IndustriesGrid({
  heading,
  industries,
  tone = "plain",
}: {
  heading: SectionHeading;
  industries: readonly Industry[];
  tone?: React.ComponentProps<typeof Section>["tone"];
}) {
  return (
    <Section
      id="industries"
      tone={tone}
      eyebrow={heading.eyebrow}
      title={heading.title}
      description={heading.description}
    >
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {industries.map((industry) => {
          const Icon = icons[industry.icon];
          return (
            <li key={industry.href} className="min-w-0">
              <SiteCard className="relative h-full transition-shadow hover:shadow-md has-[a:focus-visible]:ring-[3px] has-[a:focus-visible]:ring-ring">
                <SiteCardContent className="flex flex-1 flex-col gap-3">
                  <span
                    aria-hidden="true"
                    className="flex size-12 items-center justify-center rounded-lg bg-secondary text-primary"
                  >
                    <Icon className="size-6" />
                  </span>
                  <SiteCardTitle className="text-lg wrap-break-word">
                    <Link
                      to={industry.href}
                      className="outline-none after:absolute after:inset-0 after:rounded-xl hover:text-primary"
                    >
                      {industry.title}
                    </Link>
                  </SiteCardTitle>
                  <p className="text-muted-foreground text-sm">{industry.description}</p>
                  <span
                    aria-hidden="true"
                    className="mt-auto inline-flex items-center gap-1 font-medium text-primary text-sm"
                  >
                    Explore
                    <ArrowRightIcon className="size-4" />
                  </span>
                </SiteCardContent>
              </SiteCard>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
