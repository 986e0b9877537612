import { AdminDialog } from "~/components/admin/admin-dialog";
import { useSaveFetcher } from "~/components/admin/use-save-fetcher";
import type { BlogPost } from "~/lib/types/content";
import { PostForm } from "./post-form";

/** Which post the dialog edits (null: a new one); `key` is new per opening. */
export type PostEditing = { post: BlogPost | null; key: number };

/** The Create New Blog Post / Edit Blog Post dialog; it closes once the post is saved. */
export function PostDialog({ editing, onClose }: { editing: PostEditing | null; onClose: () => void }) {
  const fetcher = useSaveFetcher("save", editing?.key, onClose);
  const post = editing?.post ?? null;
  return (
    <AdminDialog
      open={editing !== null}
      onOpenChange={(open) => (open ? null : onClose())}
      title={post ? "Edit Blog Post" : "Create New Blog Post"}
      description="Content is Markdown; the preview shows it as visitors will see it."
      className="sm:max-w-5xl"
    >
      {editing ? (
        <PostForm
          key={editing.key}
          post={post}
          fetcher={fetcher}
          errors={fetcher.data?.ok === false ? fetcher.data.fieldErrors : {}}
          onCancel={onClose}
        />
      ) : null}
    </AdminDialog>
  );
}
