import type * as React from "react";

import { cn } from "~/lib/utils";

/** "dropdown-menu-sub-trigger" -> "DropdownMenuSubTrigger", the name React DevTools shows. */
function componentName(slot: string): string {
  return slot
    .split("-")
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join("");
}

/**
 * A part that only names itself and adds classes: it renders `Component` (a tag or a
 * Radix part) with `data-slot={slot}`, `baseClassName` merged with the caller's
 * `className` through `cn()` (the caller's classes win), and every other prop passed on.
 * Without `baseClassName` the caller's `className` goes through untouched.
 */
function styledSlot<T extends React.ElementType>(Component: T, slot: string, baseClassName?: string) {
  const Element: React.ElementType = Component;
  function StyledSlot(props: React.ComponentProps<T>) {
    if (baseClassName === undefined) return <Element data-slot={slot} {...props} />;
    const { className, ...rest } = props as { className?: string };
    return <Element data-slot={slot} className={cn(baseClassName, className)} {...rest} />;
  }
  StyledSlot.displayName = componentName(slot);
  return StyledSlot;
}

export { styledSlot };
