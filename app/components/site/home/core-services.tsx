import { CheckIcon } from "~/components/site/icons/CheckIcon";
import { MegaphoneIcon } from "~/components/site/icons/MegaphoneIcon";
import type { SiteIcon } from "~/components/site/icons/site-icon";
import { Target } from "~/components/site/icons/Target";
import { Workflow } from "~/components/site/icons/Workflow";
import type { CoreService, CoreServiceIcon, SectionHeading } from "~/content/home";
import { Section } from "../section";
import { LinkCard } from "./link-card";

const icons: Record<CoreServiceIcon, SiteIcon> = {
  megaphone: MegaphoneIcon,
  target: Target,
  workflow: Workflow,
};

/** The three core services, each card a link to its service page. */
export function CoreServices({ heading, services }: { heading: SectionHeading; services: readonly CoreService[] }) {
  return (
    <Section id="services" {...heading}>
      <ul className="grid gap-6 md:grid-cols-3">
        {services.map((service) => {
          return (
            <li key={service.href} className="min-w-0">
              <LinkCard
                href={service.href}
                title={service.title}
                description={service.description}
                icon={icons[service.icon]}
                callToAction="Learn more"
                emphasis
              >
                <ul className="space-y-2 text-sm">
                  {service.bullets.map((bullet) => (
                    <li key={bullet} className="flex gap-2">
                      <CheckIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
                      <span className="min-w-0">{bullet}</span>
                    </li>
                  ))}
                </ul>
              </LinkCard>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
