import { ServerTemplate } from "~/components/server-template";
import { XIcon } from "~/components/site/icons/xicon";

/**
 * The lead dialogs' frame on the native <dialog> element (focus trapping, Escape and the backdrop come
 * from the browser), as a template the lead-dialog island fills with a title and a form.
 */
export function LeadDialogTemplate() {
  return (
    <ServerTemplate data-slot="lead-dialog-template">
      <dialog
        aria-labelledby="lead-dialog-title"
        className="m-auto w-[calc(100%-2rem)] max-w-lg rounded-xl border bg-background p-0 text-foreground shadow-xl backdrop:bg-black/50"
      >
        <div className="max-h-[85vh] overflow-y-auto p-6">
          <div className="mb-4 flex items-start justify-between gap-4">
            <div>
              {/* The island writes the form's title in. */}
              <h2 id="lead-dialog-title" data-slot="lead-dialog-title" className="font-bold text-xl">
                Get in touch
              </h2>
              <p data-slot="lead-dialog-description" className="mt-1 text-muted-foreground text-sm" />
            </div>
            <button
              type="button"
              data-slot="lead-dialog-close"
              className="rounded p-1 hover:bg-accent"
              aria-label="Close"
            >
              <XIcon className="size-5" aria-hidden />
            </button>
          </div>
          <div data-slot="lead-dialog-body" />
        </div>
      </dialog>
    </ServerTemplate>
  );
}
