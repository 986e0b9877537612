import { ArrowLeftIcon } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { ListRegion } from "~/components/admin/list-state";
import { Pagination } from "~/components/admin/pagination";
import { Button } from "~/components/ui/button";

/** What each kind of a form's items is called, and how its list is laid out. */
const kinds = {
  leads: {
    title: (formName: string) => `Leads from ${formName}`,
    empty: { title: "No leads from this form yet", hint: "Leads appear here as soon as the form is submitted." },
    listClassName: "grid gap-4 lg:grid-cols-2",
  },
  submissions: {
    title: (formName: string) => `Submissions for ${formName}`,
    empty: { title: "No submissions yet", hint: "Submissions appear here as soon as the form is submitted." },
    listClassName: "grid gap-4",
  },
};

/** One form's leads or submissions: back to the forms, a title, the list or its empty state, paging. */
export function FormItemsPage({
  kind,
  formName,
  items,
  paging: { page, pageCount, total },
  children,
}: {
  kind: keyof typeof kinds;
  formName: string;
  items: readonly unknown[];
  paging: { page: number; pageCount: number; total: number };
  /** The items' cards. */
  children: React.ReactNode;
}) {
  const { empty, listClassName } = kinds[kind];
  const title = kinds[kind].title(formName);
  return (
    <div data-slot="form-items-page" className="space-y-6">
      <Button asChild variant="outline" size="sm">
        <Link to="/admin/forms">
          <ArrowLeftIcon aria-hidden /> Back to Forms
        </Link>
      </Button>
      <h1 className="font-bold text-2xl">{title}</h1>
      <ListRegion label={title} items={items} empty={empty}>
        <div className={listClassName}>{children}</div>
      </ListRegion>
      <Pagination page={page} pageCount={pageCount} total={total} noun={kind} />
    </div>
  );
}
