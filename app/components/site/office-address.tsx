import type * as React from "react";
import { cx } from "~/lib/cx";

/** An office's postal address, a line each, after an optional heading (children). */
export function OfficeAddress({
  lines,
  className,
  children,
}: {
  lines: readonly string[];
  className?: string;
  children?: React.ReactNode;
}) {
  return (
    <address className={cx("text-muted-foreground not-italic", className)}>
      {children}
      {lines.map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
    </address>
  );
}
