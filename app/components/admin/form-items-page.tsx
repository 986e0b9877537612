import { ArrowLeftIcon } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { EmptyState, ListRegion } from "~/components/admin/list-state";
import { Pagination } from "~/components/admin/pagination";
import { Button } from "~/components/ui/button";

/** One form's leads or submissions: back to the forms, a title, the list or its empty state, paging. */
export function FormItemsPage({
  title,
  items,
  empty,
  noun,
  paging: { page, pageCount, total },
  children,
}: {
  title: string;
  items: readonly unknown[];
  /** Shown instead of the list when there is nothing in it. */
  empty: { title: string; hint: string };
  noun: string;
  paging: { page: number; pageCount: number; total: number };
  children: React.ReactNode;
}) {
  return (
    <div data-slot="form-items-page" className="space-y-6">
      <Button asChild variant="outline" size="sm">
        <Link to="/admin/forms">
          <ArrowLeftIcon aria-hidden /> Back to Forms
        </Link>
      </Button>
      <h1 className="font-bold text-2xl">{title}</h1>
      <ListRegion label={title}>
        {items.length === 0 ? <EmptyState title={empty.title} hint={empty.hint} /> : children}
      </ListRegion>
      <Pagination page={page} pageCount={pageCount} total={total} noun={noun} />
    </div>
  );
}
