import { CheckIcon, MinusIcon } from "lucide-react";
import { Checkbox as CheckboxPrimitive } from "radix-ui";
import type * as React from "react";

import { cn } from "~/lib/utils";

const checkboxClasses =
  "peer size-4 shrink-0 rounded-[4px] border border-input bg-background shadow-xs outline-none transition-shadow focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive aria-invalid:ring-destructive/20 dark:aria-invalid:ring-destructive/40";

/** Radix checkbox (needs JavaScript). Use `NativeCheckbox` in forms that must work without JS. */
function Checkbox({ className, ...props }: React.ComponentProps<typeof CheckboxPrimitive.Root>) {
  return (
    <CheckboxPrimitive.Root
      data-slot="checkbox"
      className={cn(
        checkboxClasses,
        "group/checkbox data-[state=checked]:border-primary data-[state=indeterminate]:border-primary data-[state=checked]:bg-primary data-[state=indeterminate]:bg-primary data-[state=checked]:text-primary-foreground data-[state=indeterminate]:text-primary-foreground",
        className,
      )}
      {...props}
    >
      <CheckboxPrimitive.Indicator data-slot="checkbox-indicator" className="grid place-content-center text-current">
        <CheckIcon className="size-3.5 group-data-[state=indeterminate]/checkbox:hidden" />
        <MinusIcon className="hidden size-3.5 group-data-[state=indeterminate]/checkbox:block" />
      </CheckboxPrimitive.Indicator>
    </CheckboxPrimitive.Root>
  );
}

/** A styled native `<input type="checkbox">`: submits with the form and works without JavaScript. */
function NativeCheckbox({ className, ...props }: Omit<React.ComponentProps<"input">, "type">) {
  return (
    <span data-slot="native-checkbox-wrapper" className="relative inline-grid size-4 shrink-0 place-items-center">
      <input
        type="checkbox"
        data-slot="native-checkbox"
        className={cn(
          checkboxClasses,
          "col-start-1 row-start-1 m-0 appearance-none checked:border-primary checked:bg-primary",
          className,
        )}
        {...props}
      />
      <CheckIcon
        aria-hidden="true"
        className="pointer-events-none invisible col-start-1 row-start-1 size-3.5 text-primary-foreground peer-checked:visible"
      />
    </span>
  );
}

export { Checkbox, NativeCheckbox };
