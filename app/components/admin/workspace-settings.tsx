import type * as React from "react";
import { useMemo } from "react";
import { useFetcher } from "react-router";
import { SelectOptions } from "~/components/admin/select-options";
import { TitledCard } from "~/components/admin/titled-card";
import { useToastMessage } from "~/components/show-toast";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { NativeSelect, NativeSelectOption } from "~/components/ui/native-select";
import { timeZoneNames } from "~/lib/time-zone";
import type { WorkspaceSettings as WorkspaceSettingsData } from "~/lib/types/staff";

function useSettingFetcher() {
  const fetcher = useFetcher<{ toast?: Parameters<typeof useToastMessage>[0] }>();
  useToastMessage(fetcher.data?.toast);
  return fetcher;
}

/** The sales workspace's settings: one's follow-up digest; for admins the time zone and lead assignment. */
export function WorkspaceSettings({ settings, admin }: { settings: WorkspaceSettingsData; admin: boolean }) {
  if (!settings.worksLeads && !admin) return null;
  return (
    <TitledCard
      title="Sales workspace"
      description={<>Follow-up reminders{admin ? ", the agency's time zone and who gets new leads" : ""}.</>}
      contentClassName="grid gap-8"
    >
      {settings.worksLeads ? <DigestForm optOut={settings.digestOptOut} /> : null}
      {admin ? <TimeZoneForm timeZone={settings.timeZone} /> : null}
      {admin ? <CountryForm country={settings.country} countries={settings.countries} /> : null}
      {admin && settings.assignment ? <AssignmentForm settings={settings} /> : null}
    </TitledCard>
  );
}

function DigestForm({ optOut }: { optOut: boolean }) {
  const fetcher = useSettingFetcher();
  return (
    <fetcher.Form method="post" className="flex flex-wrap items-center gap-3">
      <input type="hidden" name="intent" value="set-digest" />
      <input
        id="digest"
        name="digest"
        type="checkbox"
        className="size-4 accent-primary"
        defaultChecked={!optOut}
        key={String(optOut)}
      />
      <Label htmlFor="digest">Mail me my follow-ups due that day, each morning</Label>
      <Button type="submit" size="sm" variant="outline" disabled={fetcher.state !== "idle"}>
        Save
      </Button>
    </fetcher.Form>
  );
}

/** One workspace setting chosen from a list, with its hint and its own Save button. */
function SelectSettingForm({
  intent,
  id,
  name,
  label,
  hint,
  defaultValue,
  children,
}: {
  intent: string;
  id: string;
  name: string;
  label: string;
  hint: string;
  defaultValue: string;
  children: React.ReactNode;
}) {
  const fetcher = useSettingFetcher();
  return (
    <fetcher.Form method="post" className="grid max-w-md gap-2">
      <input type="hidden" name="intent" value={intent} />
      <Label htmlFor={id}>{label}</Label>
      <p id={`${id}-hint`} className="text-muted-foreground text-xs">
        {hint}
      </p>
      <div className="flex gap-2">
        <NativeSelect id={id} name={name} defaultValue={defaultValue} aria-describedby={`${id}-hint`}>
          {children}
        </NativeSelect>
        <Button type="submit" disabled={fetcher.state !== "idle"}>
          Save
        </Button>
      </div>
    </fetcher.Form>
  );
}

function TimeZoneForm({ timeZone }: { timeZone: string }) {
  const zones = useMemo(() => {
    const known = timeZoneNames();
    return known.includes(timeZone) ? known : [timeZone, ...known];
  }, [timeZone]);
  return (
    <SelectSettingForm
      intent="save-time-zone"
      id="agency-time-zone"
      name="timeZone"
      label="Agency time zone"
      hint={`Times in the admin, "Due today" and the morning digest follow this zone.`}
      defaultValue={timeZone}
    >
      <SelectOptions values={zones} />
    </SelectSettingForm>
  );
}

function CountryForm({ country, countries }: { country: string; countries: string[] }) {
  const labels = useMemo(() => {
    const names = new Intl.DisplayNames(["en"], { type: "region" });
    return Object.fromEntries(countries.map((code) => [code, `${names.of(code) ?? code} (${code})`]));
  }, [countries]);
  const sorted = useMemo(
    () => [...countries].sort((a, b) => (labels[a] ?? a).localeCompare(labels[b] ?? b)),
    [countries, labels],
  );
  return (
    <SelectSettingForm
      intent="save-agency-country"
      id="agency-country"
      name="country"
      label="Agency country"
      hint="A phone typed without a country code is read as a number of this country, to recognise a returning person."
      defaultValue={country}
    >
      <SelectOptions values={sorted} labels={labels} />
    </SelectSettingForm>
  );
}

function AssignmentForm({ settings }: { settings: WorkspaceSettingsData }) {
  const fetcher = useSettingFetcher();
  const rule = settings.assignment ?? { roundRobin: [], perForm: {} };
  return (
    <fetcher.Form method="post" className="grid gap-4">
      <input type="hidden" name="intent" value="save-lead-assignment" />
      <fieldset className="grid gap-2">
        <legend className="font-medium text-sm">New leads in turn to (round robin)</legend>
        <p className="text-muted-foreground text-xs">
          Each new lead goes to the next person ticked here, unless its form has its own owner below. None ticked and no
          form owners: new leads stay unassigned. The owner is told by e-mail.
        </p>
        {settings.owners.map((owner) => (
          <div key={owner.id} className="flex items-center gap-2">
            <input
              id={`rr-${owner.id}`}
              type="checkbox"
              name="roundRobin"
              value={owner.id}
              defaultChecked={rule.roundRobin.includes(owner.id)}
              className="size-4 accent-primary"
            />
            <Label htmlFor={`rr-${owner.id}`}>{owner.email}</Label>
          </div>
        ))}
      </fieldset>
      <fieldset className="grid gap-2">
        <legend className="font-medium text-sm">Owner per form</legend>
        {settings.forms.map((form) => (
          <div key={form.id} className="grid max-w-xl gap-1 sm:grid-cols-[1fr_16rem] sm:items-center">
            <Label htmlFor={`form-owner-${form.id}`}>{form.name}</Label>
            <NativeSelect
              id={`form-owner-${form.id}`}
              name={`form:${form.id}`}
              defaultValue={rule.perForm[form.id] ?? ""}
            >
              <NativeSelectOption value="">Round robin</NativeSelectOption>
              {settings.owners.map((owner) => (
                <NativeSelectOption key={owner.id} value={owner.id}>
                  {owner.email}
                </NativeSelectOption>
              ))}
            </NativeSelect>
          </div>
        ))}
      </fieldset>
      <div>
        <Button type="submit" disabled={fetcher.state !== "idle"}>
          Save assignment
        </Button>
      </div>
    </fetcher.Form>
  );
}
