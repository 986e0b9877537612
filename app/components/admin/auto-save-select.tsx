import type * as React from "react";
import { useFetcher } from "react-router";
import { useToastMessage } from "~/components/show-toast";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/native-select";
import { Spinner } from "~/components/ui/spinner";
import type { ToastMessage } from "~/lib/toast";

/**
 * A dropdown that saves as soon as something is picked (with Save, without JavaScript). While saving
 * it shows the value being saved; after a failure, the saved one again.
 */
export function AutoSaveSelect({
  fields,
  name,
  value,
  label,
  savingLabel,
  width,
  action,
  children,
}: {
  /** Hidden fields posted with the choice: the intent and the item's id. */
  fields: Record<string, string>;
  name: string;
  value: string;
  label: string;
  savingLabel: string;
  width: string;
  action?: string;
  children: React.ReactNode;
}) {
  const fetcher = useFetcher<{ toast?: ToastMessage | null }>();
  useToastMessage(fetcher.data?.toast);
  const pending = fetcher.state !== "idle";
  const pendingValue = fetcher.formData?.get(name);
  const shown = pending && typeof pendingValue === "string" ? pendingValue : value;
  return (
    <fetcher.Form method="post" action={action} className="flex items-center gap-2">
      {Object.entries(fields).map(([field, fieldValue]) => (
        <input key={field} type="hidden" name={field} value={fieldValue} />
      ))}
      <NativeSelect
        name={name}
        size="sm"
        value={shown}
        aria-label={label}
        containerClassName={width}
        onChange={(event) => fetcher.submit(event.currentTarget.form)}
      >
        {children}
      </NativeSelect>
      {pending ? <Spinner aria-label={savingLabel} /> : null}
      <noscript>
        <Button type="submit" size="sm" variant="outline">
          Save
        </Button>
      </noscript>
    </fetcher.Form>
  );
}
