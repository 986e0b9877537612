import type * as React from "react";
import { cn } from "~/lib/utils";

/**
 * A box whose content may be wider (or taller) than it and scrolls inside it, named for screen readers.
 * It takes keyboard focus so that a person without a mouse can scroll it with the arrow keys; a table
 * of text or a block of data has nothing else inside that could take the focus.
 */
export function ScrollRegion({ label, className, ...props }: React.ComponentProps<"section"> & { label: string }) {
  return (
    // A section with a name is a region to assistive technology.
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must be reachable by keyboard.
      tabIndex={0}
      data-slot="scroll-region"
      className={cn(
        "overflow-auto rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
        className,
      )}
      {...props}
    />
  );
}
