import { useEffect } from "react";
import { useFetcher } from "react-router";
import { useToastMessage } from "~/components/show-toast";
import type { ActionResult } from "~/lib/types/action-result";

/**
 * The fetcher of one opening of a dialog (a fresh one per opening, so no earlier answer or error shows
 * again): shows its toasts and closes the dialog once the save succeeded.
 */
export function useSaveFetcher(intent: string, opening: number | undefined, onSaved: () => void) {
  const fetcher = useFetcher<ActionResult>({ key: `${intent}-${opening ?? "closed"}` });
  useToastMessage(fetcher.data?.toast);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.intent === intent && fetcher.data.ok) onSaved();
  }, [fetcher.state, fetcher.data, intent, onSaved]);
  return fetcher;
}
