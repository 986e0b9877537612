import { CircleCheckIcon, InfoIcon, Loader2Icon, OctagonXIcon, TriangleAlertIcon } from "lucide-react";
import type * as React from "react";
import { Toaster as Sonner, type ToasterProps } from "sonner";

/**
 * Classes for error toasts (destructive tokens). `!` is needed because sonner
 * injects unlayered CSS that would otherwise win over Tailwind utilities.
 */
const errorToastClassName =
  "bg-destructive! text-destructive-foreground! border-destructive! [&_[data-description]]:text-destructive-foreground! [&_[data-close-button]]:bg-destructive! [&_[data-close-button]]:text-destructive-foreground! [&_[data-close-button]]:border-destructive-foreground/40!";

function Toaster({ toastOptions, style, ...props }: ToasterProps) {
  return (
    <Sonner
      theme="light"
      className="toaster group"
      closeButton
      icons={{
        success: <CircleCheckIcon className="size-4" />,
        info: <InfoIcon className="size-4" />,
        warning: <TriangleAlertIcon className="size-4" />,
        error: <OctagonXIcon className="size-4" />,
        loading: <Loader2Icon className="size-4 animate-spin" />,
      }}
      style={
        {
          "--normal-bg": "var(--popover)",
          "--normal-text": "var(--popover-foreground)",
          "--normal-border": "var(--border)",
          "--error-bg": "var(--destructive)",
          "--error-text": "var(--destructive-foreground)",
          "--error-border": "var(--destructive)",
          "--border-radius": "var(--radius)",
          ...style,
        } as React.CSSProperties
      }
      {...props}
      toastOptions={{
        ...toastOptions,
        classNames: {
          description: "text-muted-foreground!",
          ...toastOptions?.classNames,
          error: [errorToastClassName, toastOptions?.classNames?.error].filter(Boolean).join(" "),
        },
      }}
    />
  );
}

export { errorToastClassName, Toaster };
