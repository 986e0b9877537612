import { Form } from "react-router";
import { type Person, StaffOptions } from "~/components/admin/bookings/agenda-filters";
import { boundFields, InputField, SelectField, TextareaField } from "~/components/admin/form-fields";
import { SelectOptions } from "~/components/admin/select-options";
import { TitledCard } from "~/components/admin/titled-card";
import { Button } from "~/components/ui/button";
import { MEETING_KINDS, meetingKindLabels } from "~/lib/schemas/availability";
import { timeZoneNames } from "~/lib/time-zone";
import type { FieldErrors } from "~/lib/types/action-result";
import type { AvailabilityForm } from "~/lib/types/bookings";

/** The numbers of a schedule, each a field of its own: name, label, and the value shown. */
const numberFields = (hours: AvailabilityForm) =>
  [
    ["callMinutes", "Call length (minutes)", hours.callMinutes],
    ["bufferBeforeMinutes", "Buffer before (minutes)", hours.bufferBeforeMinutes],
    ["bufferAfterMinutes", "Buffer after (minutes)", hours.bufferAfterMinutes],
    ["minNoticeMinutes", "Minimum notice (minutes)", hours.minNoticeMinutes],
    ["horizonDays", "Booking horizon (days)", hours.horizonDays],
    ["maxPerDay", "Most calls a day (empty: no limit)", hours.maxPerDay ?? ""],
  ] as const;

/**
 * One staff member's hours, call settings and busy-time calendar; an admin first chooses whose
 * (`people` is given to admins only, who may edit anyone's).
 */
export function AvailabilityCard({
  hours,
  people,
  errors = {},
}: {
  hours: AvailabilityForm;
  people: Person[] | null;
  errors?: FieldErrors;
}) {
  const field = boundFields("hours", errors, hours);
  return (
    <TitledCard
      title="Availability"
      description="Weekly hours, one range a line (mon-fri 09:00-17:00); date overrides as 2026-12-24 off."
    >
      {people ? (
        <Form method="get" className="mb-4 flex items-end gap-3">
          <SelectField
            id="hours-of"
            label="Whose hours"
            name="hours"
            defaultValue={hours.staffId}
            fieldClassName="w-60"
          >
            <StaffOptions people={people} />
          </SelectField>
          <Button type="submit" variant="outline">
            Open
          </Button>
        </Form>
      ) : null}
      <Form method="post" className="grid gap-4 sm:grid-cols-2" key={hours.staffId}>
        <input type="hidden" name="intent" value="save-availability" />
        <input type="hidden" name="userId" value={hours.staffId} />
        <SelectField {...field("timeZone", "zone")} label="Time zone">
          <SelectOptions values={timeZoneNames()} />
        </SelectField>
        <SelectField {...field("meetingKind", "meeting-kind")} label="How the call happens">
          <SelectOptions values={MEETING_KINDS} labels={meetingKindLabels} />
        </SelectField>
        <InputField
          {...field("meetingDetail", "meeting-detail")}
          label={<>Phone number, video link ({"{booking}"} becomes the booking's id) or office address</>}
          fieldClassName="sm:col-span-2"
        />
        <TextareaField {...field("weekly")} label="Weekly hours" rows={4} defaultValue={hours.weeklyText} />
        <TextareaField
          {...field("overrides")}
          label="Days off and date overrides"
          rows={4}
          defaultValue={hours.overridesText}
        />
        {numberFields(hours).map(([name, label, value]) => (
          <InputField key={name} {...field(name)} label={label} inputMode="numeric" defaultValue={String(value)} />
        ))}
        <InputField
          id="hours-calendar-url"
          label={`Private calendar address (iCalendar); its busy times block calls${hours.hasCalendar ? " — one is set" : ""}`}
          name="calendarUrl"
          type="url"
          placeholder={hours.hasCalendar ? "(kept unless you enter another)" : "https://…"}
          error={errors.calendarUrl}
          fieldClassName="sm:col-span-2"
        />
        {hours.hasCalendar ? (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="clearCalendar" className="size-4 accent-primary" /> Remove the calendar address
          </label>
        ) : null}
        {hours.calendarError ? (
          <p className="text-destructive text-sm sm:col-span-2">Last calendar check failed: {hours.calendarError}</p>
        ) : null}
        <div className="sm:col-span-2">
          <Button type="submit">Save availability</Button>
        </div>
      </Form>
    </TitledCard>
  );
}
