import type * as React from "react";

/** The top of an inner page: its h1 and introduction. */
export function PageHero({
  eyebrow,
  title,
  text,
  children,
}: {
  eyebrow?: string;
  title: string;
  text?: string;
  children?: React.ReactNode;
}) {
  return (
    <section data-slot="page-hero" className="bg-gradient-to-b from-primary/10 to-background py-16 sm:py-20">
      <div className="mx-auto max-w-4xl px-4 text-center sm:px-6">
        {eyebrow ? <p className="mb-3 font-semibold text-primary text-sm uppercase tracking-wide">{eyebrow}</p> : null}
        <h1 className="font-bold text-4xl tracking-tight sm:text-5xl">{title}</h1>
        {text ? <p className="mt-5 text-lg text-muted-foreground">{text}</p> : null}
        {children ? <div className="mt-8 flex flex-wrap items-center justify-center gap-3">{children}</div> : null}
      </div>
    </section>
  );
}
