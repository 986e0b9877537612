import { Link } from "react-router";
import { Section } from "~/components/site/section";
import type { LegalDocument } from "~/content/legal";
import { legalCopy } from "~/content/legal";
import { PageHero } from "./page-hero";

/** A legal page: title, last-updated date, a table of contents and headed sections. */
export function LegalDocumentView({ document }: { document: LegalDocument }) {
  const contentsId = "legal-contents-heading";
  return (
    <main>
      <PageHero title={document.title} intro={`${legalCopy.lastUpdatedLabel} ${document.lastUpdated}`} />
      <Section>
        <div className="mx-auto grid max-w-5xl gap-10 lg:grid-cols-[16rem_1fr]">
          <nav aria-labelledby={contentsId} className="lg:sticky lg:top-24 lg:self-start">
            <h2 id={contentsId} className="font-semibold text-lg">
              {legalCopy.contentsTitle}
            </h2>
            <ol className="mt-3 list-decimal space-y-2 pl-5 text-sm">
              {document.sections.map((section) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    className="text-primary underline-offset-4 hover:underline focus-visible:underline"
                  >
                    {section.heading}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
          <div className="min-w-0">
            <p className="text-lg text-muted-foreground">{document.intro}</p>
            {document.sections.map((section, index) => (
              <section
                key={section.id}
                id={section.id}
                aria-labelledby={`${section.id}-heading`}
                className="mt-10 scroll-mt-24"
              >
                <h2 id={`${section.id}-heading`} className="font-bold text-2xl tracking-tight">
                  {index + 1}. {section.heading}
                </h2>
                {section.paragraphs.map((paragraph) => (
                  <p key={paragraph} className="mt-4 leading-relaxed">
                    {paragraph}
                  </p>
                ))}
                {section.list ? (
                  <ul className="mt-4 list-disc space-y-2 pl-6 leading-relaxed">
                    {section.list.map((item) => (
                      <li key={item}>{item}</li>
                    ))}
                  </ul>
                ) : null}
              </section>
            ))}
            <p className="mt-12 border-t pt-6 text-muted-foreground">
              {legalCopy.questions}{" "}
              <Link to="/contact" className="font-medium text-primary underline underline-offset-4">
                {legalCopy.contactLink}
              </Link>
            </p>
          </div>
        </div>
      </Section>
    </main>
  );
}
