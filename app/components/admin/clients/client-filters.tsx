import { SearchFilterBar } from "~/components/admin/list-filters";
import { CLIENT_STATUSES, type ClientSort } from "~/lib/schemas/clients";
import { statusLabels } from "./client-status";

export function ClientFilters({
  q,
  status,
  owner,
  sort,
}: {
  q: string;
  status: string;
  owner: string;
  sort: ClientSort;
}) {
  return (
    <SearchFilterBar
      searchId="client-search"
      searchPlaceholder="Search name, email or company..."
      q={q}
      filters={[
        {
          id: "client-status-filter",
          name: "status",
          label: "Status",
          value: status,
          className: "w-44",
          all: "All statuses",
          values: CLIENT_STATUSES,
          labels: statusLabels,
        },
        {
          id: "client-owner-filter",
          name: "owner",
          label: "Owner",
          value: owner,
          className: "w-44",
          all: "Anyone",
          values: ["me", "none"],
          labels: { me: "My clients", none: "Unassigned" },
        },
      ]}
      clearTo="/admin/clients"
    >
      {sort !== "newest" ? <input type="hidden" name="sort" value={sort} /> : null}
    </SearchFilterBar>
  );
}

/** The list's filters and sort as a query string (no page): what "every client matching the filter" means. */
export function clientFilterParams(filters: { q: string; status: string; owner: string; sort: ClientSort }) {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.status) params.set("status", filters.status);
  if (filters.owner) params.set("owner", filters.owner);
  if (filters.sort !== "newest") params.set("sort", filters.sort);
  return params.toString();
}
