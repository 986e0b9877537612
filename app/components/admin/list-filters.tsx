import { SearchIcon } from "lucide-react";
import type * as React from "react";
import { useEffect, useRef } from "react";
import { Form, Link, useLocation, useSubmit } from "react-router";
import { InputField, SelectField } from "~/components/admin/form-fields";
import { SelectOptions } from "~/components/admin/select-options";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect, NativeSelectOption } from "~/components/ui/native-select";

export type FilterSelect = {
  name: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
};

/**
 * Search box and filter dropdowns kept in the address (?q=&status=), so a filtered list can be
 * reloaded or shared; typing and choosing re-query at once, Enter works without JavaScript.
 */
export function ListFilters({
  searchPlaceholder,
  search,
  selects,
  children,
}: {
  searchPlaceholder: string;
  search: string;
  selects: FilterSelect[];
  children?: React.ReactNode;
}) {
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const submitNow = () => {
    if (form.current) submit(form.current, { replace: true, preventScrollReset: true });
  };
  return (
    <Form ref={form} method="get" role="search" className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <div className="relative flex-1">
        <SearchIcon
          aria-hidden
          className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-3 size-4 text-muted-foreground"
        />
        <Input
          type="search"
          name="q"
          aria-label={searchPlaceholder.replace(/\.+$/, "")}
          placeholder={searchPlaceholder}
          defaultValue={search}
          className="pl-9"
          maxLength={200}
          onChange={() => {
            clearTimeout(timer.current);
            timer.current = setTimeout(submitNow, 300);
          }}
        />
      </div>
      {selects.map((select) => (
        <NativeSelect
          key={select.name}
          name={select.name}
          aria-label={select.label}
          defaultValue={select.value}
          containerClassName="sm:w-44"
          onChange={submitNow}
        >
          {select.options.map((option) => (
            <NativeSelectOption key={option.value} value={option.value}>
              {option.label}
            </NativeSelectOption>
          ))}
        </NativeSelect>
      ))}
      {children}
    </Form>
  );
}

/** A labelled filter of a `SearchFilterBar`: "all" (the empty value) first, then one option per value. */
export type LabelledFilter = {
  id: string;
  name: string;
  label: string;
  value: string;
  /** The field's width. */
  className: string;
  all: string;
  values: readonly string[];
  labels: Record<string, string>;
};

/**
 * A labelled search box and filters kept in the address: choosing a filter re-queries at once, the
 * search waits for Search (or Enter); "Clear filters" shows while the search or any filter is set.
 */
export function SearchFilterBar({
  searchId,
  searchPlaceholder,
  q,
  filters,
  clearTo,
  children,
}: {
  searchId: string;
  searchPlaceholder: string;
  q: string;
  filters: LabelledFilter[];
  clearTo: string;
  /** Hidden fields that the search keeps, such as the sort. */
  children?: React.ReactNode;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const { search } = useLocation();
  const filtering = q !== "" || filters.some((filter) => filter.value !== "");
  return (
    <Form ref={formRef} method="get" role="search" className="flex flex-wrap items-end gap-3" key={search}>
      {children}
      <InputField
        id={searchId}
        label="Search"
        fieldClassName="min-w-56 flex-1"
        type="search"
        name="q"
        defaultValue={q}
        placeholder={searchPlaceholder}
      />
      {filters.map((filter) => (
        <SelectField
          key={filter.name}
          id={filter.id}
          label={filter.label}
          fieldClassName={filter.className}
          name={filter.name}
          defaultValue={filter.value}
          onChange={() => formRef.current?.requestSubmit()}
        >
          <NativeSelectOption value="">{filter.all}</NativeSelectOption>
          <SelectOptions values={filter.values} labels={filter.labels} />
        </SelectField>
      ))}
      <Button type="submit" variant="secondary">
        Search
      </Button>
      {filtering ? (
        <Button asChild variant="ghost">
          <Link to={clearTo}>Clear filters</Link>
        </Button>
      ) : null}
    </Form>
  );
}
