import { Label as LabelPrimitive } from "radix-ui";

import { styledSlot } from "./slot";

const Label = styledSlot(
  LabelPrimitive.Root,
  "label",
  "flex select-none items-center gap-2 font-medium text-sm leading-none group-data-[disabled=true]:pointer-events-none group-data-[disabled=true]:opacity-50 peer-disabled:cursor-not-allowed peer-disabled:opacity-50",
);

export { Label };
