import { useRef } from "react";
import { Form, Link, useLocation } from "react-router";
import { Field } from "~/components/admin/field";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect, NativeSelectOption } from "~/components/ui/native-select";
import { FORM_STATUSES, FORM_TYPES, formStatusLabels, formTypeLabels } from "~/lib/schemas/forms";

/** Search, status and type filters of the forms list, kept in the address. */
export function FormFilters({ q, status, type }: { q: string; status: string; type: string }) {
  const formRef = useRef<HTMLFormElement>(null);
  const { search } = useLocation();
  const submit = () => formRef.current?.requestSubmit();
  return (
    <Form ref={formRef} method="get" role="search" className="flex flex-wrap items-end gap-3" key={search}>
      <Field id="form-search" label="Search" className="min-w-56 flex-1">
        {(props) => <Input {...props} type="search" name="q" defaultValue={q} placeholder="Search forms..." />}
      </Field>
      <Field id="form-status-filter" label="Status" className="w-40">
        {(props) => (
          <NativeSelect {...props} name="status" defaultValue={status} onChange={submit}>
            <NativeSelectOption value="">All statuses</NativeSelectOption>
            {FORM_STATUSES.map((value) => (
              <NativeSelectOption key={value} value={value}>
                {formStatusLabels[value]}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        )}
      </Field>
      <Field id="form-type-filter" label="Type" className="w-44">
        {(props) => (
          <NativeSelect {...props} name="type" defaultValue={type} onChange={submit}>
            <NativeSelectOption value="">All types</NativeSelectOption>
            {FORM_TYPES.map((value) => (
              <NativeSelectOption key={value} value={value}>
                {formTypeLabels[value]}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        )}
      </Field>
      <Button type="submit" variant="secondary">
        Search
      </Button>
      {q || status || type ? (
        <Button asChild variant="ghost">
          <Link to="/admin/forms">Clear filters</Link>
        </Button>
      ) : null}
    </Form>
  );
}
