import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import { Link, useLocation } from "react-router";
import { Button } from "~/components/ui/button";

/** Previous/next links that keep the current filters; rendered only when there is more than one page. */
export function Pagination({
  page,
  pageCount,
  total,
  noun,
  totalIsLowerBound = false,
}: {
  page: number;
  pageCount: number;
  total: number;
  noun: string;
  /** The list stopped counting at `total`: there are more pages than shown. */
  totalIsLowerBound?: boolean;
}) {
  const location = useLocation();
  if (pageCount <= 1) return null;
  const hrefFor = (target: number) => {
    const params = new URLSearchParams(location.search);
    if (target === 1) params.delete("page");
    else params.set("page", String(target));
    const search = params.toString();
    return `${location.pathname}${search ? `?${search}` : ""}`;
  };
  return (
    <nav data-slot="pagination" aria-label="Pagination" className="flex items-center justify-between gap-4 text-sm">
      <p className="text-muted-foreground">
        Page {page.toLocaleString("en-US")} of {totalIsLowerBound ? "many" : pageCount.toLocaleString("en-US")} ·{" "}
        {totalIsLowerBound ? "more than " : ""}
        {total.toLocaleString("en-US")} {noun}
      </p>
      <div className="flex gap-2">
        {page > 1 ? (
          <Button asChild variant="outline" size="sm">
            <Link to={hrefFor(page - 1)} rel="prev">
              <ChevronLeftIcon aria-hidden /> Previous
            </Link>
          </Button>
        ) : null}
        {page < pageCount ? (
          <Button asChild variant="outline" size="sm">
            <Link to={hrefFor(page + 1)} rel="next">
              Next <ChevronRightIcon aria-hidden />
            </Link>
          </Button>
        ) : null}
      </div>
    </nav>
  );
}
