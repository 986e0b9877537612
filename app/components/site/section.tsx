import type * as React from "react";
import { cx } from "~/lib/cx";

/** A page section with the site's spacing and an optional heading block. */
export function Section({
  id,
  eyebrow,
  title,
  description,
  className,
  tone = "plain",
  children,
}: {
  id?: string;
  eyebrow?: string;
  title?: React.ReactNode;
  description?: React.ReactNode;
  className?: string;
  tone?: "plain" | "muted" | "brand";
  children?: React.ReactNode;
}) {
  const headingId = id && title ? `${id}-heading` : undefined;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      data-slot="section"
      className={cx(
        "py-16 sm:py-20",
        tone === "muted" && "bg-muted/50",
        tone === "brand" && "bg-primary text-primary-foreground",
        className,
      )}
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        {title ? (
          <div className="mx-auto mb-10 max-w-3xl text-center">
            {eyebrow ? (
              <p
                className={cx(
                  "mb-2 font-semibold text-sm uppercase tracking-wide",
                  tone === "brand" ? "opacity-90" : "text-primary",
                )}
              >
                {eyebrow}
              </p>
            ) : null}
            <h2 id={headingId} className="font-bold text-3xl tracking-tight sm:text-4xl">
              {title}
            </h2>
            {description ? (
              <p className={cx("mt-4 text-lg", tone === "brand" ? "opacity-90" : "text-muted-foreground")}>
                {description}
              </p>
            ) : null}
          </div>
        ) : null}
        {children}
      </div>
    </section>
  );
}
