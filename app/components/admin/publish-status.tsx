import { EyeIcon, PencilIcon } from "lucide-react";
import { Link, useFetcher } from "react-router";
import { DeleteConfirm } from "~/components/admin/confirm-dialog";
import { SelectOptions } from "~/components/admin/select-options";
import { useToastMessage } from "~/components/show-toast";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/native-select";
import { PUBLISH_STATUSES, type PublishStatus, publishStatusLabels } from "~/lib/schemas/content";
import { formatDateIn } from "~/lib/time-zone";
import type { ActionResult } from "~/lib/types/action-result";

const statusVariants = { published: "default", draft: "secondary", archived: "outline" } as const;

export function PublishStatusBadge({ status }: { status: PublishStatus }) {
  return <Badge variant={statusVariants[status]}>{publishStatusLabels[status]}</Badge>;
}

/**
 * A post's or page's View, Edit, status and Delete controls. Choosing a status saves it at once (the
 * choice shows while it saves); Delete asks first.
 */
export function PublishActions({
  item,
  viewUrl,
  edit,
  remove,
  className,
}: {
  item: { id: string; title: string; status: PublishStatus };
  viewUrl: string;
  /** Edit opens the item's dialog (`onClick`) or its editor (`to`). */
  edit: { onClick: () => void } | { to: string };
  remove: { title: string; description: string; confirmLabel: string };
  className: string;
}) {
  const fetcher = useFetcher<ActionResult>();
  useToastMessage(fetcher.data?.toast);
  const status = (fetcher.formData?.get("status") as PublishStatus | null) ?? item.status;
  const editContent = (
    <>
      <PencilIcon /> Edit
    </>
  );
  return (
    <div className={className}>
      <Button asChild size="sm" variant="outline">
        <a href={viewUrl} target="_blank" rel="noopener" aria-label={`View ${item.title}`}>
          <EyeIcon /> View
        </a>
      </Button>
      {"to" in edit ? (
        <Button asChild size="sm" variant="outline">
          <Link to={edit.to} aria-label={`Edit ${item.title}`}>
            {editContent}
          </Link>
        </Button>
      ) : (
        <Button size="sm" variant="outline" onClick={edit.onClick} aria-label={`Edit ${item.title}`}>
          {editContent}
        </Button>
      )}
      <NativeSelect
        size="sm"
        containerClassName="w-32"
        aria-label={`Status of ${item.title}`}
        value={status}
        disabled={fetcher.state !== "idle"}
        onChange={(event) =>
          fetcher.submit({ intent: "set-status", id: item.id, status: event.currentTarget.value }, { method: "post" })
        }
      >
        <SelectOptions values={PUBLISH_STATUSES} />
      </NativeSelect>
      <DeleteConfirm name={item.title} fields={{ intent: "delete", id: item.id }} {...remove} />
    </div>
  );
}

/** A content date as every staff member reads it alike: in UTC. */
export function formatDate(iso: string | null | undefined) {
  return iso ? formatDateIn("UTC", iso) : "—";
}
