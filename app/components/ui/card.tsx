import { Slot as SlotPrimitive } from "radix-ui";
import type * as React from "react";

import { cn } from "~/lib/utils";
import { styledSlot } from "./slot";

const Card = styledSlot(
  "div",
  "card",
  "flex flex-col gap-6 rounded-xl border bg-card py-6 text-card-foreground shadow-sm",
);

const CardHeader = styledSlot(
  "div",
  "card-header",
  "@container/card-header grid auto-rows-min grid-rows-[auto_auto] items-start gap-2 px-6 has-data-[slot=card-action]:grid-cols-[1fr_auto] [.border-b]:pb-6",
);

/** Renders a `<div>`; use `asChild` to render a heading, e.g. `<CardTitle asChild><h2>…</h2></CardTitle>`. */
function CardTitle({ className, asChild = false, ...props }: React.ComponentProps<"div"> & { asChild?: boolean }) {
  const Comp = asChild ? SlotPrimitive.Slot : "div";
  return <Comp data-slot="card-title" className={cn("font-semibold leading-none", className)} {...props} />;
}

const CardDescription = styledSlot("div", "card-description", "text-muted-foreground text-sm");

const CardAction = styledSlot("div", "card-action", "col-start-2 row-span-2 row-start-1 self-start justify-self-end");

const CardContent = styledSlot("div", "card-content", "px-6");

const CardFooter = styledSlot("div", "card-footer", "flex items-center px-6 [.border-t]:pt-6");

export { Card, CardAction, CardContent, CardDescription, CardFooter, CardHeader, CardTitle };
