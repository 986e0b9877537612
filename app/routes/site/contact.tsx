import type * as React from "react";
import { ContactForm } from "~/components/site/forms/contact-form";
import { Clock } from "~/components/site/icons/clock";
import { Mail } from "~/components/site/icons/mail";
import { MapPin } from "~/components/site/icons/map-pin";
import { Phone } from "~/components/site/icons/phone";
import type { SiteIcon } from "~/components/site/icons/site-icon";
import { OfficeAddress } from "~/components/site/office-address";
import { Section } from "~/components/site/section";
import { FaqList } from "~/components/site/sections/faq-list";
import { PageHero } from "~/components/site/sections/page-hero";
import { SiteBadge } from "~/components/site/site-badge";
import { SiteCard, SiteCardContent, SiteCardHeader } from "~/components/site/site-card";
import {
  businessHours,
  contactCopy,
  contactFaqs,
  contactHero,
  contactSeo,
  emails,
  offices,
  phones,
} from "~/content/contact";
import { cx } from "~/lib/cx";
import { sitePageMeta } from "~/lib/seo";
import type { Route } from "./+types/contact";

export function meta({ matches }: Route.MetaArgs) {
  return sitePageMeta(matches, contactSeo);
}

function DetailCard({ icon: Icon, title, children }: { icon: SiteIcon; title: string; children: React.ReactNode }) {
  return (
    <SiteCard className="h-full gap-4">
      <SiteCardHeader className="grid-cols-[auto_1fr] items-center gap-x-3">
        <span className="inline-flex size-10 items-center justify-center rounded-lg bg-accent text-primary">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <h3 className="font-semibold text-lg leading-snug">{title}</h3>
      </SiteCardHeader>
      <SiteCardContent>{children}</SiteCardContent>
    </SiteCard>
  );
}

function ContactLink({ href, className, children }: { href: string; className?: string; children: React.ReactNode }) {
  return (
    <a href={href} className={cx(className, "text-primary underline-offset-4 hover:underline focus-visible:underline")}>
      {children}
    </a>
  );
}

export default function ContactPage() {
  return (
    <main>
      <PageHero eyebrow={contactHero.eyebrow} title={contactHero.headline} intro={contactHero.intro} />

      <Section id="contact-details" title={contactCopy.detailsTitle} description={contactCopy.detailsDescription}>
        <div className="grid gap-6 md:grid-cols-2">
          {offices.map((office) => (
            <DetailCard key={office.id} icon={MapPin} title={office.label}>
              <OfficeAddress lines={office.lines} className="leading-relaxed" />
            </DetailCard>
          ))}
        </div>

        <div className="mt-6 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          <DetailCard icon={Phone} title={contactCopy.phoneTitle}>
            <ul className="space-y-3">
              {phones.map((phone) => (
                <li key={phone.region} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                  <span className="font-medium">{phone.region}</span>
                  {phone.display && phone.tel ? (
                    <ContactLink href={`tel:${phone.tel}`}>{phone.display}</ContactLink>
                  ) : (
                    <SiteBadge variant="secondary">{contactCopy.comingSoon}</SiteBadge>
                  )}
                </li>
              ))}
            </ul>
          </DetailCard>

          <DetailCard icon={Mail} title={contactCopy.emailTitle}>
            <ul className="space-y-3">
              {emails.map((email) => (
                <li key={email.address}>
                  <span className="block font-medium">{email.label}</span>
                  <ContactLink href={`mailto:${email.address}`} className="wrap-anywhere">
                    {email.address}
                  </ContactLink>
                  <span className="block text-muted-foreground text-sm">{email.description}</span>
                </li>
              ))}
            </ul>
          </DetailCard>

          <DetailCard icon={Clock} title={contactCopy.hoursTitle}>
            <dl className="space-y-3">
              {businessHours.map((entry) => (
                <div key={entry.region}>
                  <dt className="font-medium">{entry.region}</dt>
                  <dd className="text-muted-foreground">
                    {entry.days}, {entry.hours}
                  </dd>
                </div>
              ))}
            </dl>
          </DetailCard>
        </div>
      </Section>

      <Section
        id="contact-section"
        tone="muted"
        eyebrow={contactCopy.formEyebrow}
        title={contactCopy.formTitle}
        description={contactCopy.formDescription}
      >
        <div className="mx-auto max-w-3xl">
          {/* contact form: rendered by ContactForm */}
          <ContactForm idPrefix="contact-page" />
        </div>
      </Section>

      <Section id="faq" title={contactCopy.faqTitle} description={contactCopy.faqDescription}>
        <FaqList items={contactFaqs} />
      </Section>
    </main>
  );
}
