import { Switch as SwitchPrimitive } from "radix-ui";
import type * as React from "react";

import { cn } from "~/lib/utils";

const trackClasses =
  "inline-flex h-5 w-9 shrink-0 items-center rounded-full border-2 border-transparent shadow-xs outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50";
const thumbClasses =
  "pointer-events-none block size-4 rounded-full bg-background shadow-sm ring-0 transition-transform";

/** Radix switch (needs JavaScript). Use `NativeSwitch` in forms that must work without JS. */
function Switch({ className, ...props }: React.ComponentProps<typeof SwitchPrimitive.Root>) {
  return (
    <SwitchPrimitive.Root
      data-slot="switch"
      className={cn("peer", trackClasses, "data-[state=checked]:bg-primary data-[state=unchecked]:bg-input", className)}
      {...props}
    >
      <SwitchPrimitive.Thumb
        data-slot="switch-thumb"
        className={cn(thumbClasses, "data-[state=checked]:translate-x-4 data-[state=unchecked]:translate-x-0")}
      />
    </SwitchPrimitive.Root>
  );
}

/** A native `<input type="checkbox" role="switch">` styled as a switch; works without JavaScript. */
function NativeSwitch({ className, ...props }: Omit<React.ComponentProps<"input">, "type">) {
  return (
    <span data-slot="native-switch-wrapper" className="relative inline-grid shrink-0 items-center">
      <input
        type="checkbox"
        // biome-ignore lint/a11y/useAriaPropsForRole: a native checkbox exposes its checked state itself; aria-checked must not be set on it
        role="switch"
        data-slot="native-switch"
        className={cn(
          "peer col-start-1 row-start-1 m-0 appearance-none bg-input checked:bg-primary",
          trackClasses,
          className,
        )}
        {...props}
      />
      <span
        aria-hidden="true"
        className={cn(
          thumbClasses,
          "col-start-1 row-start-1 ml-0.5 peer-checked:translate-x-4 peer-disabled:opacity-50",
        )}
      />
    </span>
  );
}

export { NativeSwitch, Switch };
