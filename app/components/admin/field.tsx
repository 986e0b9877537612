import type * as React from "react";
import { Label } from "~/components/ui/label";
import { cn } from "~/lib/utils";

/** A labelled form control with its error message wired up for assistive technology. */
export function Field({
  id,
  label,
  error,
  hint,
  className,
  children,
}: {
  id: string;
  label: React.ReactNode;
  error?: string;
  hint?: React.ReactNode;
  className?: string;
  children: (props: { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => React.ReactNode;
}) {
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ");
  return (
    <div data-slot="field" className={cn("grid gap-2", className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy || undefined })}
      {hint ? <FieldHint id={id}>{hint}</FieldHint> : null}
      <FieldError id={id} error={error} />
    </div>
  );
}

/** The hint under a control, `${id}-hint` for its aria-describedby. */
export function FieldHint({ id, children }: { id: string; children: React.ReactNode }) {
  return (
    <p id={`${id}-hint`} className="text-muted-foreground text-xs">
      {children}
    </p>
  );
}

/** The error under a control (nothing when there is none), `${id}-error` for its aria-describedby. */
export function FieldError({ id, error }: { id: string; error?: string | null }) {
  return error ? (
    <p id={`${id}-error`} data-slot="field-error" className="text-destructive text-sm" role="alert">
      {error}
    </p>
  ) : null;
}
