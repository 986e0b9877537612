import { SearchFilterBar } from "~/components/admin/list-filters";
import { FORM_STATUSES, FORM_TYPES, formStatusLabels, formTypeLabels } from "~/lib/schemas/forms";

/** Search, status and type filters of the forms list, kept in the address. */
export function FormFilters({ q, status, type }: { q: string; status: string; type: string }) {
  return (
    <SearchFilterBar
      searchId="form-search"
      searchPlaceholder="Search forms..."
      q={q}
      filters={[
        {
          id: "form-status-filter",
          name: "status",
          label: "Status",
          value: status,
          className: "w-40",
          all: "All statuses",
          values: FORM_STATUSES,
          labels: formStatusLabels,
        },
        {
          id: "form-type-filter",
          name: "type",
          label: "Type",
          value: type,
          className: "w-44",
          all: "All types",
          values: FORM_TYPES,
          labels: formTypeLabels,
        },
      ]}
      clearTo="/admin/forms"
    />
  );
}
