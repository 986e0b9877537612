import { EyeIcon, PencilIcon } from "lucide-react";
import { Link } from "react-router";
import { ChoiceMenu } from "~/components/admin/choice-menu";
import { DeleteConfirm } from "~/components/admin/confirm-dialog";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { PUBLISH_STATUSES, type PublishStatus, publishStatusLabels } from "~/lib/schemas/content";
import { formatDateIn } from "~/lib/time-zone";

const statusVariants = { published: "default", draft: "secondary", archived: "outline" } as const;
const statusChoices = PUBLISH_STATUSES.map((status) => ({ value: status, label: publishStatusLabels[status] }));

export function PublishStatusBadge({ status }: { status: PublishStatus }) {
  return <Badge variant={statusVariants[status]}>{publishStatusLabels[status]}</Badge>;
}

/**
 * A post's or page's View, Edit, status and Delete controls. The status is a badge opening a menu;
 * picking one saves it at once (the choice shows while it saves); Delete asks first.
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
      <ChoiceMenu
        fields={{ intent: "set-status", id: item.id }}
        name="status"
        value={item.status}
        label={`Status of ${item.title}`}
        savingLabel="Saving status"
        choices={statusChoices}
        renderValue={(choice) => <PublishStatusBadge status={choice.value as PublishStatus} />}
      />
      <DeleteConfirm name={item.title} fields={{ intent: "delete", id: item.id }} {...remove} />
    </div>
  );
}

/** A content date as every staff member reads it alike: in UTC. */
export function formatDate(iso: string | null | undefined) {
  return iso ? formatDateIn("UTC", iso) : "—";
}
