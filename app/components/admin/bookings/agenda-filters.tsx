import { Form } from "react-router";
import { InputField, SelectField } from "~/components/admin/form-fields";
import { SelectOptions } from "~/components/admin/select-options";
import { Button } from "~/components/ui/button";
import { NativeSelectOption } from "~/components/ui/native-select";
import { BOOKING_STATUSES, bookingStatusLabels } from "~/lib/schemas/bookings-admin";

/** A staff member who takes calls, as the screen's selects list them. */
export type Person = { id: string; name: string; email: string };

/** One option per person, named by their display name or, without one, their address. */
export function StaffOptions({ people }: { people: Person[] }) {
  return people.map((person) => (
    <NativeSelectOption key={person.id} value={person.id}>
      {person.name || person.email}
    </NativeSelectOption>
  ));
}

const VIEWS = ["day", "week"] as const;
const viewLabels = { day: "Day", week: "Week" };

/** Which calls the agenda shows: a day or a week from a date, one person's or everyone's, of a status. */
export function AgendaFilters({
  query,
  people,
}: {
  query: { view: "day" | "week"; date: string; staff?: string; status?: string };
  people: Person[];
}) {
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3">
      <SelectField id="agenda-view" label="View" name="view" defaultValue={query.view} fieldClassName="w-32">
        <SelectOptions values={VIEWS} labels={viewLabels} />
      </SelectField>
      <InputField id="agenda-date" label="From" type="date" name="date" defaultValue={query.date} />
      <SelectField id="agenda-staff" label="Staff" name="staff" defaultValue={query.staff ?? ""} fieldClassName="w-48">
        <NativeSelectOption value="">Everyone</NativeSelectOption>
        <StaffOptions people={people} />
      </SelectField>
      <SelectField
        id="agenda-status"
        label="Status"
        name="status"
        defaultValue={query.status ?? ""}
        fieldClassName="w-40"
      >
        <NativeSelectOption value="">Any</NativeSelectOption>
        <SelectOptions values={BOOKING_STATUSES} labels={bookingStatusLabels} />
      </SelectField>
      <Button type="submit" variant="outline">
        Show
      </Button>
    </Form>
  );
}
