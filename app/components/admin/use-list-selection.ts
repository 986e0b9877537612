import { useCallback, useEffect, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import type { BulkSelection } from "./bulk-bar";

/**
 * The rows ticked on a list's page, or "every row matching the filter" (whose count comes from
 * `countUrl`, or is `knownCount` when the list already knows it). Another page or filter is another
 * list: what was selected on this one is cleared.
 */
export function useListSelection(
  pageIds: string[],
  { filter, countUrl, knownCount }: { filter: string; countUrl?: string; knownCount?: number },
) {
  const { search } = useLocation();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [allMatching, setAllMatching] = useState(false);
  const counter = useFetcher<{ count: number; isLowerBound?: boolean }>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address is the trigger.
  useEffect(() => {
    setSelected(new Set());
    setAllMatching(false);
  }, [search]);
  const clear = useCallback(() => {
    setSelected(new Set());
    setAllMatching(false);
  }, []);
  const toggle = useCallback((id: string) => {
    setAllMatching(false);
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);
  const toggleAll = (select: boolean) => {
    setAllMatching(false);
    setSelected(select ? new Set(pageIds) : new Set());
  };
  const selectAllMatching = () => {
    setAllMatching(true);
    if (countUrl) counter.load(countUrl);
  };
  const selection: BulkSelection | null = allMatching
    ? {
        scope: "filter",
        filter,
        count: knownCount ?? counter.data?.count ?? null,
        countIsLowerBound: knownCount === undefined && Boolean(counter.data?.isLowerBound),
      }
    : selected.size > 0
      ? { scope: "selected", ids: pageIds.filter((id) => selected.has(id)) }
      : null;
  const wholePageSelected = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  return {
    selection,
    /** The ticked rows as the table shows them: all of the page while the whole filter is selected. */
    shown: allMatching ? new Set(pageIds) : selected,
    allMatching,
    /** Whether to offer "Select all N matching the filter". */
    offerAllMatching: (wholePageSelected || selected.size === 0) && !allMatching,
    toggle,
    toggleAll,
    selectAllMatching,
    clear,
  };
}
