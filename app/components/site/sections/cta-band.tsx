import type * as React from "react";
import { Section } from "~/components/site/section";

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
