import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";

import { cn } from "~/lib/utils";

/** "Jane van Doe" -> "JD", "ana" -> "A", "" -> "?" */
function getInitials(name: string | null | undefined): string {
  const parts = (name ?? "").trim().split(/\s+/).filter(Boolean);
  const first = parts[0];
  if (!first) return "?";
  const last = parts.length > 1 ? parts[parts.length - 1] : undefined;
  const initial = (word: string) => Array.from(word)[0] ?? "";
  return (initial(first) + (last ? initial(last) : "")).toUpperCase();
}

const avatarVariants = cva(
  "relative inline-flex shrink-0 select-none items-center justify-center overflow-hidden rounded-full bg-secondary font-medium text-secondary-foreground",
  {
    variants: {
      size: {
        sm: "size-6 text-[0.625rem]",
        default: "size-8 text-xs",
        lg: "size-10 text-sm",
      },
    },
    defaultVariants: { size: "default" },
  },
);

/**
 * Initials avatar. With `name`, it is exposed as an image named `name`
 * (`role="img"`); pass `aria-hidden` when the name is already shown next to it.
 * Children (e.g. `AvatarFallback`) replace the computed initials.
 */
function Avatar({
  className,
  size,
  name,
  children,
  ...props
}: React.ComponentProps<"span"> & VariantProps<typeof avatarVariants> & { name?: string | null }) {
  const hidden = props["aria-hidden"] === true || props["aria-hidden"] === "true";
  const classes = cn(avatarVariants({ size }), className);
  if (name && !hidden) {
    return (
      <span data-slot="avatar" role="img" aria-label={name} className={classes} {...props}>
        {children ?? <span aria-hidden="true">{getInitials(name)}</span>}
      </span>
    );
  }
  return (
    <span data-slot="avatar" className={classes} {...props}>
      {children ?? getInitials(name)}
    </span>
  );
}

function AvatarFallback({ className, ...props }: React.ComponentProps<"span">) {
  return (
    <span
      data-slot="avatar-fallback"
      className={cn("flex size-full items-center justify-center rounded-full", className)}
      {...props}
    />
  );
}

export { Avatar, AvatarFallback, avatarVariants, getInitials };
