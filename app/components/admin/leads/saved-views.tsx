import { BookmarkIcon, XIcon } from "lucide-react";
import { Link, useFetcher, useLocation } from "react-router";
import { useToastMessage } from "~/components/show-toast";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { SAVED_VIEW_NAME_MAX } from "~/lib/schemas/lead-admin";
import type { ActionResult } from "~/lib/types/action-result";
import { cn } from "~/lib/utils";

export type SavedViewLink = { id: string; name: string; query: string };

function sameQuery(a: string, b: string) {
  const normal = (query: string) => {
    const params = new URLSearchParams(query);
    params.delete("page");
    params.sort();
    return params.toString();
  };
  return normal(a) === normal(b);
}

/** The person's saved views of the leads (filters and sort under a name), and saving the current one. */
export function SavedViews({ views }: { views: SavedViewLink[] }) {
  const { search } = useLocation();
  const save = useFetcher<ActionResult>();
  const remove = useFetcher<ActionResult>();
  useToastMessage(save.data?.toast);
  useToastMessage(remove.data?.toast);
  const current = search.startsWith("?") ? search.slice(1) : search;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <nav aria-label="Saved views" className="flex flex-wrap items-center gap-1">
        <BookmarkIcon aria-hidden className="size-4 text-muted-foreground" />
        {views.length === 0 ? <span className="text-muted-foreground text-sm">No saved views yet</span> : null}
        {views.map((view) => {
          const active = sameQuery(view.query, current);
          return (
            <span
              key={view.id}
              className={cn(
                "inline-flex items-center rounded-full border text-sm",
                active && "border-primary bg-primary/10",
              )}
            >
              <Link
                to={`/admin/leads${view.query ? `?${view.query}` : ""}`}
                aria-current={active ? "page" : undefined}
                className="py-0.5 pr-1 pl-3 hover:underline"
              >
                {view.name}
              </Link>
              <remove.Form method="post" action="/admin/leads">
                <input type="hidden" name="intent" value="delete-view" />
                <input type="hidden" name="viewId" value={view.id} />
                <button
                  type="submit"
                  className="rounded-full p-1 text-muted-foreground hover:text-foreground"
                  aria-label={`Delete view ${view.name}`}
                >
                  <XIcon aria-hidden className="size-3" />
                </button>
              </remove.Form>
            </span>
          );
        })}
      </nav>
      <details className="relative">
        <summary className="cursor-pointer rounded-md px-2 py-1 text-primary text-sm hover:underline">
          Save this view
        </summary>
        <save.Form
          method="post"
          action="/admin/leads"
          className="absolute z-20 mt-1 flex w-72 items-end gap-2 rounded-md border bg-popover p-3 shadow-md"
          key={save.data?.ok ? `saved-${views.length}` : "form"}
        >
          <input type="hidden" name="intent" value="save-view" />
          <input type="hidden" name="query" value={current} />
          <div className="grid flex-1 gap-1">
            <Label htmlFor="saved-view-name">View name</Label>
            <Input id="saved-view-name" name="name" required maxLength={SAVED_VIEW_NAME_MAX} />
          </div>
          <Button type="submit" size="sm" disabled={save.state !== "idle"}>
            Save
          </Button>
        </save.Form>
      </details>
    </div>
  );
}
