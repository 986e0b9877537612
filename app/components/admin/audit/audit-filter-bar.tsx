import { Form, Link } from "react-router";
import { InputField, SelectField } from "~/components/admin/form-fields";
import { SelectOptions } from "~/components/admin/select-options";
import { Button } from "~/components/ui/button";
import { NativeSelectOption } from "~/components/ui/native-select";
import type { AuditFilters } from "~/lib/schemas/audit";
import { auditKindLabel } from "./audit-labels";

type Choices = { kinds: string[]; actions: string[]; people: { id: string; name: string; email: string }[] };

/** The audit log's filters, kept in the address: person, kind of record, action and a range of days. */
export function AuditFilterBar({ filters, choices }: { filters: AuditFilters; choices: Choices }) {
  const personLabels = Object.fromEntries(
    choices.people.map((person) => [
      person.id,
      person.name.trim() && person.name.trim() !== person.email ? `${person.name} (${person.email})` : person.email,
    ]),
  );
  const filtered = Boolean(filters.person || filters.kind || filters.action || filters.from || filters.to);
  return (
    <Form
      method="get"
      role="search"
      aria-label="Filter the audit log"
      className="grid grid-cols-2 items-end gap-3 sm:grid-cols-3 lg:grid-cols-6 [&>*]:min-w-0"
    >
      <SelectField id="audit-person" name="person" label="Person" defaultValue={filters.person ?? ""} size="sm">
        <NativeSelectOption value="">Everyone</NativeSelectOption>
        <SelectOptions values={choices.people.map((person) => person.id)} labels={personLabels} />
      </SelectField>
      <SelectField id="audit-kind" name="kind" label="Kind of record" defaultValue={filters.kind ?? ""} size="sm">
        <NativeSelectOption value="">All kinds</NativeSelectOption>
        <SelectOptions values={choices.kinds} labels={auditKindLabel} />
      </SelectField>
      <SelectField id="audit-action" name="action" label="Action" defaultValue={filters.action ?? ""} size="sm">
        <NativeSelectOption value="">All actions</NativeSelectOption>
        <SelectOptions values={choices.actions} />
      </SelectField>
      <InputField id="audit-from" name="from" type="date" label="From" defaultValue={filters.from ?? ""} />
      <InputField id="audit-to" name="to" type="date" label="To" defaultValue={filters.to ?? ""} />
      <div className="flex gap-2">
        <Button type="submit" size="sm">
          Apply filters
        </Button>
        {filtered ? (
          <Button asChild variant="ghost" size="sm">
            <Link to="/admin/audit">Clear</Link>
          </Button>
        ) : null}
      </div>
    </Form>
  );
}
