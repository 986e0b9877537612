import { ChevronDownIcon, SlidersHorizontalIcon } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { boundFields, InputField, SelectField } from "~/components/admin/form-fields";
import { SelectOptions } from "~/components/admin/select-options";
import { Button } from "~/components/ui/button";
import { NativeSelectOption } from "~/components/ui/native-select";
import {
  LEAD_SORTS,
  LEAD_STATUSES,
  type LeadFilters,
  leadSortLabels,
  leadStatusLabels,
} from "~/lib/schemas/lead-admin";
import type { OwnerChoice } from "./lead-owner-select";

export function activeFilterCount(filters: LeadFilters) {
  return [
    filters.q,
    filters.status !== "all",
    filters.source,
    filters.from,
    filters.to,
    filters.owner,
    filters.due,
  ].filter(Boolean).length;
}

/** The filters folded under "More filters" that are set: the panel opens by itself while any is. */
export function foldedFilterCount(filters: LeadFilters) {
  return [filters.source, filters.from, filters.to, filters.due, filters.enquired].filter(Boolean).length;
}

/**
 * The leads' filters on one line: search, status and owner, with the rest folded under "More filters"
 * (a <details>, so it works without JavaScript). On a phone the whole bar folds into "Filters" so that
 * the first lead shows without scrolling.
 */
export function LeadFilterBar({
  filters,
  sources,
  owners,
  me,
}: {
  filters: LeadFilters;
  sources: string[];
  owners: OwnerChoice[];
  me: string;
}) {
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === "/admin/leads";
  const active = activeFilterCount(filters);
  const folded = foldedFilterCount(filters);
  const field = boundFields("leads", {}, filters);
  const staffOwner = owners.some((owner) => owner.id === filters.owner);
  return (
    <details data-slot="filter-panel" className="rounded-lg border bg-background">
      <summary className="flex cursor-pointer items-center gap-2 px-4 py-2 font-medium text-sm">
        <SlidersHorizontalIcon aria-hidden className="size-4" /> Filters{active ? ` (${active} active)` : ""}
      </summary>
      <Form method="get" role="search" className="flex flex-wrap items-end gap-x-3 gap-y-2 p-3">
        {filters.view === "spam" ? <input type="hidden" name="view" value="spam" /> : null}
        <InputField
          {...field("q")}
          label="Search"
          fieldClassName="min-w-48 flex-1 basis-full gap-1 sm:basis-0"
          type="search"
          placeholder="Search name, e-mail or company..."
          maxLength={200}
        />
        <SelectField {...field("status")} label="Status" fieldClassName="w-36 gap-1">
          <NativeSelectOption value="all">All Statuses</NativeSelectOption>
          <SelectOptions values={LEAD_STATUSES} labels={leadStatusLabels} />
        </SelectField>
        <SelectField {...field("owner")} label="Owner" fieldClassName="w-36 gap-1">
          <NativeSelectOption value="">Anyone</NativeSelectOption>
          <NativeSelectOption value="me">My leads</NativeSelectOption>
          <NativeSelectOption value="none">Unassigned</NativeSelectOption>
          {owners.filter((owner) => owner.id !== me).length ? (
            <optgroup label="Staff">
              {owners
                .filter((owner) => owner.id !== me)
                .map((owner) => (
                  <NativeSelectOption key={owner.id} value={owner.id}>
                    {owner.email}
                  </NativeSelectOption>
                ))}
            </optgroup>
          ) : null}
          {filters.owner && !["me", "none"].includes(filters.owner) && !staffOwner ? (
            <NativeSelectOption value={filters.owner}>Former staff</NativeSelectOption>
          ) : null}
        </SelectField>
        <div className="flex gap-2">
          <Button type="submit" disabled={searching}>
            {searching ? "Searching..." : "Apply filters"}
          </Button>
          <Button asChild variant="ghost">
            <Link to={filters.view === "spam" ? "/admin/leads?view=spam" : "/admin/leads"}>Clear</Link>
          </Button>
        </div>
        <details data-slot="more-filters" open={folded > 0} className="group open:basis-full">
          <summary className="flex h-9 cursor-pointer items-center gap-1 rounded-md px-2 font-medium text-sm hover:bg-accent">
            <ChevronDownIcon aria-hidden className="size-4 transition-transform group-open:rotate-180" />
            More filters{folded ? ` (${folded} active)` : ""}
          </summary>
          <div className="grid gap-3 pt-2 sm:grid-cols-2 md:grid-cols-5">
            <SelectField {...field("due")} label="Follow-up" fieldClassName="gap-1">
              <NativeSelectOption value="">Any time</NativeSelectOption>
              <NativeSelectOption value="today">Due today</NativeSelectOption>
              <NativeSelectOption value="overdue">Overdue</NativeSelectOption>
            </SelectField>
            <SelectField {...field("source")} label="Source" fieldClassName="gap-1">
              <NativeSelectOption value="">All Sources</NativeSelectOption>
              <SelectOptions values={sources} />
            </SelectField>
            <InputField {...field("from")} label="From" fieldClassName="gap-1" type="date" />
            <InputField {...field("to")} label="To" fieldClassName="gap-1" type="date" />
            <InputField {...field("enquired")} label="Last enquiry since" fieldClassName="gap-1" type="date" />
            <SelectField {...field("sort")} label="Sort" fieldClassName="gap-1">
              <SelectOptions values={LEAD_SORTS} labels={leadSortLabels} />
            </SelectField>
          </div>
        </details>
      </Form>
    </details>
  );
}
