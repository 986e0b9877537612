import type * as React from "react";
import { Section } from "~/components/site/section";

/** The top of a page: the page's only h1, with an optional eyebrow, intro and call-to-action row. */
export function PageHero({
  eyebrow,
  title,
  intro,
  children,
}: {
  eyebrow?: string;
  title: React.ReactNode;
  intro?: React.ReactNode;
  /** Calls to action, laid out in a wrapping row. */
  children?: React.ReactNode;
}) {
  return (
    <Section className="border-b bg-linear-to-b from-accent via-background to-background">
      <div className="mx-auto max-w-4xl text-center">
        {eyebrow ? <p className="mb-3 font-semibold text-primary text-sm uppercase tracking-wide">{eyebrow}</p> : null}
        <h1 className="text-balance font-bold text-4xl tracking-tight sm:text-5xl">{title}</h1>
        {intro ? <p className="mx-auto mt-5 max-w-2xl text-lg text-muted-foreground">{intro}</p> : null}
        {children ? <div className="mt-8 flex flex-wrap items-center justify-center gap-3">{children}</div> : null}
      </div>
    </Section>
  );
}
