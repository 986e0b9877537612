import { CircleIcon } from "lucide-react";
import { RadioGroup as RadioGroupPrimitive } from "radix-ui";
import type * as React from "react";

import { cn } from "~/lib/utils";

const radioClasses =
  "aspect-square size-4 shrink-0 rounded-full border border-input bg-background text-primary shadow-xs outline-none transition-[color,box-shadow] focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive aria-invalid:ring-destructive/20 dark:aria-invalid:ring-destructive/40";

/** Radix radio group (needs JavaScript). Use `NativeRadio` in forms that must work without JS. */
function RadioGroup({ className, ...props }: React.ComponentProps<typeof RadioGroupPrimitive.Root>) {
  return <RadioGroupPrimitive.Root data-slot="radio-group" className={cn("grid gap-3", className)} {...props} />;
}

function RadioGroupItem({ className, ...props }: React.ComponentProps<typeof RadioGroupPrimitive.Item>) {
  return (
    <RadioGroupPrimitive.Item
      data-slot="radio-group-item"
      className={cn(radioClasses, "data-[state=checked]:border-primary", className)}
      {...props}
    >
      <RadioGroupPrimitive.Indicator
        data-slot="radio-group-indicator"
        className="relative flex items-center justify-center"
      >
        <CircleIcon className="-translate-x-1/2 -translate-y-1/2 absolute top-1/2 left-1/2 size-2 fill-primary" />
      </RadioGroupPrimitive.Indicator>
    </RadioGroupPrimitive.Item>
  );
}

/**
 * A styled native `<input type="radio">` (works without JavaScript). Group several
 * with the same `name`, ideally inside a `<fieldset>` with a `<legend>`.
 */
function NativeRadio({ className, ...props }: Omit<React.ComponentProps<"input">, "type">) {
  return (
    <span data-slot="native-radio-wrapper" className="relative inline-grid size-4 shrink-0 place-items-center">
      <input
        type="radio"
        data-slot="native-radio"
        className={cn(
          radioClasses,
          "peer col-start-1 row-start-1 m-0 appearance-none checked:border-primary",
          className,
        )}
        {...props}
      />
      <span
        aria-hidden="true"
        className="pointer-events-none invisible col-start-1 row-start-1 size-2 rounded-full bg-primary peer-checked:visible"
      />
    </span>
  );
}

export { NativeRadio, RadioGroup, RadioGroupItem };
