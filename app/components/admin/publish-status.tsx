import { SelectOptions } from "~/components/admin/field";
import { Badge } from "~/components/ui/badge";
import { NativeSelect } from "~/components/ui/native-select";
import { PUBLISH_STATUSES, type PublishStatus, publishStatusLabels } from "~/lib/schemas/content";
import { formatDateIn } from "~/lib/time-zone";

const statusVariants = { published: "default", draft: "secondary", archived: "outline" } as const;

export function PublishStatusBadge({ status }: { status: PublishStatus }) {
  return <Badge variant={statusVariants[status]}>{publishStatusLabels[status]}</Badge>;
}

/** The card's status dropdown: choosing a status saves it at once. */
export function PublishStatusSelect({
  status,
  label,
  onChange,
  disabled,
}: {
  status: PublishStatus;
  label: string;
  onChange: (status: PublishStatus) => void;
  disabled?: boolean;
}) {
  return (
    <NativeSelect
      size="sm"
      containerClassName="w-32"
      aria-label={label}
      value={status}
      disabled={disabled}
      onChange={(event) => onChange(event.currentTarget.value as PublishStatus)}
    >
      <SelectOptions values={PUBLISH_STATUSES} />
    </NativeSelect>
  );
}

/** A content date as every staff member reads it alike: in UTC. */
export function formatDate(iso: string | null | undefined) {
  return iso ? formatDateIn("UTC", iso) : "—";
}
