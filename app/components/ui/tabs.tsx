import { Tabs as TabsPrimitive } from "radix-ui";

import { styledSlot } from "./slot";

const Tabs = styledSlot(TabsPrimitive.Root, "tabs", "flex flex-col gap-2");

const TabsList = styledSlot(
  TabsPrimitive.List,
  "tabs-list",
  "inline-flex h-9 w-fit items-center justify-center rounded-lg bg-muted p-[3px] text-muted-foreground",
);

const TabsTrigger = styledSlot(
  TabsPrimitive.Trigger,
  "tabs-trigger",
  "inline-flex h-[calc(100%-1px)] flex-1 items-center justify-center gap-1.5 whitespace-nowrap rounded-md border border-transparent px-2 py-1 font-medium text-muted-foreground text-sm outline-none transition-[color,box-shadow] hover:text-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm [&_svg:not([class*='size-'])]:size-4 [&_svg]:pointer-events-none [&_svg]:shrink-0",
);

const TabsContent = styledSlot(
  TabsPrimitive.Content,
  "tabs-content",
  "flex-1 rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
);

export { Tabs, TabsContent, TabsList, TabsTrigger };
