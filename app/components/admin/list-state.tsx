import type * as React from "react";
import { useLocation, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { cn } from "~/lib/utils";

/**
 * True while the list on this screen reloads (a new search, filter or page of the same path). With
 * `afterChanges: false`, not while it revalidates after a change posted to the screen: a list that
 * gives way to "Loading..." should stay in place then.
 */
export function useListLoading({ afterChanges = true }: { afterChanges?: boolean } = {}) {
  const navigation = useNavigation();
  const location = useLocation();
  return (
    navigation.state === "loading" &&
    navigation.location.pathname === location.pathname &&
    (afterChanges || navigation.formMethod !== "POST")
  );
}

/**
 * Wraps a list: dims it and announces "Loading..." while it reloads; shows `empty` instead of the
 * list (`children`) when it has no `items`.
 */
export function ListRegion({
  label,
  items,
  empty,
  children,
}: {
  label: string;
  items: readonly unknown[];
  empty: { title: string; hint: string; action?: React.ReactNode };
  children: React.ReactNode;
}) {
  const loading = useListLoading();
  return (
    <section data-slot="list-region" aria-label={label} aria-busy={loading} className="relative">
      {loading ? (
        <p className="absolute inset-x-0 top-2 z-10 flex items-center justify-center gap-2 text-muted-foreground text-sm">
          <Spinner /> Loading...
        </p>
      ) : null}
      <div className={cn("transition-opacity", loading && "pointer-events-none opacity-50")}>
        {items.length === 0 ? (
          <EmptyState title={empty.title} hint={empty.hint}>
            {empty.action}
          </EmptyState>
        ) : (
          children
        )}
      </div>
    </section>
  );
}

function EmptyState({ title, hint, children }: { title: string; hint?: string; children?: React.ReactNode }) {
  return (
    <div
      data-slot="empty-state"
      className="flex flex-col items-center gap-3 rounded-lg border border-dashed bg-background px-6 py-12 text-center"
    >
      <p className="font-medium">{title}</p>
      {hint ? <p className="text-muted-foreground text-sm">{hint}</p> : null}
      {children}
    </div>
  );
}

/** A screen's cards, one list item each; a line saying there are none, or that the list loads. */
export function CardList<T extends { id: string }>({
  items,
  empty,
  loading = false,
  className = "grid gap-4",
  children,
}: {
  items: readonly T[];
  empty: string;
  loading?: boolean;
  className?: string;
  children: (item: T) => React.ReactNode;
}) {
  if (loading) {
    return (
      <p className="py-12 text-center text-muted-foreground" role="status">
        Loading...
      </p>
    );
  }
  if (items.length === 0) return <p className="py-12 text-center text-muted-foreground">{empty}</p>;
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item.id}>{children(item)}</li>
      ))}
    </ul>
  );
}

/**
 * A selectable list's rows: a line with the list's own summary, the offer of every row the filter
 * matches (once the whole page is ticked) and the keys; then the table on wide screens, the cards
 * (`children`) on small ones.
 */
export function SelectableListBody({
  noun,
  list,
  total,
  summary,
  table,
  children,
}: {
  /** The rows' plural; the table is described by `${noun}-keyboard-hint`. */
  noun: string;
  list: { offerAllMatching: boolean; selectAllMatching: () => void };
  total: { count: number; onPage: number; isLowerBound?: boolean };
  summary?: React.ReactNode;
  table: React.ReactNode;
  children: React.ReactNode;
}) {
  const count = total.isLowerBound ? "" : `${total.count.toLocaleString("en-US")} `;
  return (
    <>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-muted-foreground text-sm">
        {summary}
        {list.offerAllMatching && total.count > total.onPage ? (
          <Button variant="link" size="sm" className="h-auto p-0" onClick={list.selectAllMatching}>
            {`Select all ${count}${noun} matching the filter`}
          </Button>
        ) : null}
        <p id={`${noun}-keyboard-hint`} className="hidden md:block">
          Keys: ↑/↓ or j/k move, Enter opens, x selects.
        </p>
      </div>
      <div className="hidden md:block">{table}</div>
      {children}
    </>
  );
}
