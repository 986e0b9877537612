import { CheckIcon, ChevronDownIcon } from "lucide-react";
import type * as React from "react";
import { useId, useRef } from "react";
import { useFetcher } from "react-router";
import { useToastMessage } from "~/components/show-toast";
import { Spinner } from "~/components/ui/spinner";
import type { ToastMessage } from "~/lib/toast";
import { cn } from "~/lib/utils";

export type Choice = { value: string; label: string };

/**
 * A value that saves as soon as it is picked: a compact trigger (a badge, a name) opening a menu of
 * submit buttons, one per choice. Each button posts its own value, so what is saved is always what
 * was clicked, whether the page has hydrated or not: before hydration (and without JavaScript) the
 * native popover opens the menu and the button posts the form as a page; after it, the same form
 * goes through a fetcher. The menu is a native popover: the browser closes it on Escape or a click
 * elsewhere, and lifts it above scrolling tables so it is never clipped.
 */
export function ChoiceMenu({
  fields,
  name,
  value,
  label,
  choices,
  savingLabel,
  action,
  renderValue,
  className,
}: {
  /** Hidden fields posted with the choice: the intent and the item's id. */
  fields: Record<string, string>;
  name: string;
  value: string;
  /** What the value is, e.g. "Status of Priya Raman"; the trigger reads "<label>: <choice>". */
  label: string;
  choices: readonly Choice[];
  savingLabel: string;
  action?: string;
  /** The trigger's face for a value; plain text by default. */
  renderValue?: (choice: Choice) => React.ReactNode;
  className?: string;
}) {
  const fetcher = useFetcher<{ toast?: ToastMessage | null }>();
  useToastMessage(fetcher.data?.toast);
  const menu = useRef<HTMLFormElement>(null);
  // Anchor names must be CSS identifiers; React's ids carry characters that are not.
  const id = `choice-${useId().replace(/[^\w-]/g, "")}`;
  const pending = fetcher.state !== "idle";
  const pendingValue = fetcher.formData?.get(name);
  const shown = pending && typeof pendingValue === "string" ? pendingValue : value;
  const current = choices.find((choice) => choice.value === shown) ?? { value: shown, label: shown };
  return (
    <div className={cn("inline-flex items-center gap-1", className)} data-slot="choice-menu">
      <button
        type="button"
        popoverTarget={id}
        aria-label={`${label}: ${current.label}`}
        className="inline-flex max-w-full items-center gap-1 rounded-md p-0.5 text-left text-sm outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
        style={{ anchorName: `--${id}` } as React.CSSProperties}
      >
        {renderValue ? renderValue(current) : <span className="truncate">{current.label}</span>}
        <ChevronDownIcon aria-hidden className="size-3.5 shrink-0 text-muted-foreground" />
      </button>
      {pending ? <Spinner aria-label={savingLabel} className="size-3.5" /> : null}
      <fetcher.Form
        ref={menu}
        method="post"
        action={action}
        id={id}
        popover="auto"
        aria-label={label}
        className="m-0 mt-1 min-w-40 max-w-72 rounded-md border bg-popover p-1 text-popover-foreground shadow-lg [inset:auto] [left:anchor(left)] [top:anchor(bottom)]"
        style={{ positionAnchor: `--${id}` } as React.CSSProperties}
        onSubmit={() => menu.current?.hidePopover()}
      >
        {Object.entries(fields).map(([field, fieldValue]) => (
          <input key={field} type="hidden" name={field} value={fieldValue} />
        ))}
        {choices.map((choice) => (
          <button
            key={choice.value}
            type="submit"
            name={name}
            value={choice.value}
            aria-current={choice.value === shown ? "true" : undefined}
            className="flex w-full items-center gap-2 rounded-sm px-2 py-1.5 text-left text-sm outline-none hover:bg-accent focus-visible:bg-accent"
          >
            <CheckIcon aria-hidden className={cn("size-4 shrink-0", choice.value === shown ? "" : "invisible")} />
            <span className="truncate">{choice.label}</span>
          </button>
        ))}
      </fetcher.Form>
    </div>
  );
}
