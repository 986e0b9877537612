import { useRef } from "react";
import { Form, Link, useLocation } from "react-router";
import { Field } from "~/components/admin/field";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect, NativeSelectOption } from "~/components/ui/native-select";
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
  const formRef = useRef<HTMLFormElement>(null);
  const { search } = useLocation();
  const filtering = Boolean(q || status || owner);
  return (
    <Form ref={formRef} method="get" role="search" className="flex flex-wrap items-end gap-3" key={search}>
      {sort !== "newest" ? <input type="hidden" name="sort" value={sort} /> : null}
      <Field id="client-search" label="Search" className="min-w-56 flex-1">
        {(props) => (
          <Input {...props} type="search" name="q" defaultValue={q} placeholder="Search name, email or company..." />
        )}
      </Field>
      <Field id="client-status-filter" label="Status" className="w-44">
        {(props) => (
          <NativeSelect
            {...props}
            name="status"
            defaultValue={status}
            onChange={() => formRef.current?.requestSubmit()}
          >
            <NativeSelectOption value="">All statuses</NativeSelectOption>
            {CLIENT_STATUSES.map((value) => (
              <NativeSelectOption key={value} value={value}>
                {statusLabels[value]}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        )}
      </Field>
      <Field id="client-owner-filter" label="Owner" className="w-44">
        {(props) => (
          <NativeSelect {...props} name="owner" defaultValue={owner} onChange={() => formRef.current?.requestSubmit()}>
            <NativeSelectOption value="">Anyone</NativeSelectOption>
            <NativeSelectOption value="me">My clients</NativeSelectOption>
            <NativeSelectOption value="none">Unassigned</NativeSelectOption>
          </NativeSelect>
        )}
      </Field>
      <Button type="submit" variant="secondary">
        Search
      </Button>
      {filtering ? (
        <Button asChild variant="ghost">
          <Link to="/admin/clients">Clear filters</Link>
        </Button>
      ) : null}
    </Form>
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
