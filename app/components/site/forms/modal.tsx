import type * as React from "react";
import { useEffect, useId, useRef } from "react";
import { XIcon } from "~/components/site/icons/XIcon";

/**
 * A modal on the native <dialog> element: focus trapping, Escape and the backdrop come from the
 * browser, at no JavaScript cost beyond opening it.
 */
export function Modal({
  open,
  onClose,
  title,
  description,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: string;
  children: React.ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-auto w-[calc(100%-2rem)] max-w-lg rounded-xl border bg-background p-0 text-foreground shadow-xl backdrop:bg-black/50"
    >
      <div className="max-h-[85vh] overflow-y-auto p-6">
        <div className="mb-4 flex items-start justify-between gap-4">
          <div>
            <h2 id={titleId} className="font-bold text-xl">
              {title}
            </h2>
            {description ? <p className="mt-1 text-muted-foreground text-sm">{description}</p> : null}
          </div>
          <button type="button" onClick={onClose} className="rounded p-1 hover:bg-accent" aria-label="Close">
            <XIcon className="size-5" aria-hidden />
          </button>
        </div>
        {open ? children : null}
      </div>
    </dialog>
  );
}
