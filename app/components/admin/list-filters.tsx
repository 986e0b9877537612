import { SearchIcon } from "lucide-react";
import type * as React from "react";
import { useEffect, useRef } from "react";
import { Form, useSubmit } from "react-router";
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
