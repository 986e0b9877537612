import type * as React from "react";
import { Section } from "~/components/site/section";

/** Classes for a secondary, outlined call to action on the brand-coloured band. */
export const ctaBandOutlineClass =
  "border border-primary-foreground/70 bg-transparent text-primary-foreground shadow-none hover:bg-primary-foreground/10 hover:text-primary-foreground";

/** A brand-coloured closing call to action: heading, text and a row of buttons. */
export function CtaBand({
  id,
  eyebrow,
  title,
  text,
  children,
}: {
  id: string;
  eyebrow?: string;
  title: string;
  text: string;
  children: React.ReactNode;
}) {
  return (
    <Section id={id} tone="brand" eyebrow={eyebrow} title={title} description={text}>
      <div className="flex flex-wrap items-center justify-center gap-3">{children}</div>
    </Section>
  );
}
