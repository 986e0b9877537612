import type * as React from "react";
import { Link } from "react-router";
import { ArrowRightIcon } from "~/components/site/icons/ArrowRightIcon";
import { CheckIcon } from "~/components/site/icons/CheckIcon";
import { MegaphoneIcon } from "~/components/site/icons/MegaphoneIcon";
import type { SiteIcon } from "~/components/site/icons/site-icon";
import { TargetIcon } from "~/components/site/icons/TargetIcon";
import { WorkflowIcon } from "~/components/site/icons/WorkflowIcon";
import { SiteCard, SiteCardContent, SiteCardTitle } from "~/components/site/site-card";
import type { CoreService, CoreServiceIcon, SectionHeading } from "~/content/home";
import { Section } from "../section";

const icons: Record<CoreServiceIcon, SiteIcon> = {
  megaphone: MegaphoneIcon,
  target: TargetIcon,
  workflow: WorkflowIcon,
};

/** The three core services, each card a link to its service page. */
export function CoreServices({
  heading,
  services,
  tone = "plain",
}: {
  heading: SectionHeading;
  services: readonly CoreService[];
  tone?: React.ComponentProps<typeof Section>["tone"];
}) {
  return (
    <Section
      id="services"
      tone={tone}
      eyebrow={heading.eyebrow}
      title={heading.title}
      description={heading.description}
    >
      <ul className="grid gap-6 md:grid-cols-3">
        {services.map((service) => {
          const Icon = icons[service.icon];
          return (
            <li key={service.href} className="min-w-0">
              <SiteCard className="relative h-full transition-shadow hover:shadow-md has-[a:focus-visible]:ring-[3px] has-[a:focus-visible]:ring-ring">
                <SiteCardContent className="flex flex-1 flex-col gap-4">
                  <span
                    aria-hidden="true"
                    className="flex size-12 items-center justify-center rounded-lg bg-primary text-primary-foreground"
                  >
                    <Icon className="size-6" />
                  </span>
                  <SiteCardTitle className="text-xl wrap-break-word">
                    <Link
                      to={service.href}
                      className="outline-none after:absolute after:inset-0 after:rounded-xl hover:text-primary"
                    >
                      {service.title}
                    </Link>
                  </SiteCardTitle>
                  <p className="text-muted-foreground">{service.description}</p>
                  <ul className="space-y-2 text-sm">
                    {service.bullets.map((bullet) => (
                      <li key={bullet} className="flex gap-2">
                        <CheckIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
                        <span className="min-w-0">{bullet}</span>
                      </li>
                    ))}
                  </ul>
                  <span
                    aria-hidden="true"
                    className="mt-auto inline-flex items-center gap-1 font-medium text-primary text-sm"
                  >
                    Learn more
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
