import { EyeIcon, ImageIcon, PencilIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher, useNavigation } from "react-router";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { FeaturedImageField } from "~/components/admin/featured-image-field";
import { Field } from "~/components/admin/field";
import { ListFilters } from "~/components/admin/list-filters";
import { CharacterCounter, MarkdownEditor } from "~/components/admin/markdown-editor";
import { formatDate, PublishStatusBadge, PublishStatusSelect } from "~/components/admin/publish-status";
import { TitleSlugFields } from "~/components/admin/title-slug-fields";
import { useToastMessage } from "~/components/show-toast";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { NativeSelect, NativeSelectOption } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import {
  blogPostSchema,
  CONTENT_MAX,
  idSchema,
  META_DESCRIPTION_MAX,
  META_TITLE_MAX,
  PUBLISH_STATUSES,
  publishStatusLabels,
  readListFilters,
  statusChangeSchema,
  statusFilterOptions,
} from "~/lib/schemas/content";
import { auditActor, requireStaff } from "~/server/auth/session.server";
import { contentAction, contentFailure } from "~/server/content/action-results.server";
import {
  createPost,
  deletePost,
  listPostCategories,
  listPosts,
  setPostStatus,
  updatePost,
} from "~/server/content/blog.server";
import { getServices } from "~/server/context.server";
import { requireFormData } from "~/server/http/form-data.server";
import type { Route } from "./+types/blog";

export function meta() {
  return [{ title: "Blog Management | Admin" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context);
  const { db } = getServices(context);
  const url = new URL(request.url);
  const filters = { ...readListFilters(url), category: (url.searchParams.get("category") ?? "").slice(0, 60) };
  const [posts, categories] = await Promise.all([
    listPosts(db, { ...filters, category: filters.category || undefined }),
    listPostCategories(db),
  ]);
  return { filters, posts, categories };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = auditActor(requireStaff(context));
  const { db } = getServices(context);
  const formData = await requireFormData(request);
  const intent = String(formData.get("intent"));
  if (intent === "save") {
    const id = String(formData.get("id") ?? "");
    return contentAction(formData, intent, {
      schema: blogPostSchema,
      run: (post) => (id ? updatePost(db, id, post, actor) : createPost(db, post, actor)),
      failure: "Failed to save blog post",
      success: id ? "Blog post updated successfully" : "Blog post created successfully",
    });
  }
  if (intent === "set-status") {
    return contentAction(formData, intent, {
      schema: statusChangeSchema,
      run: ({ id, status }) => setPostStatus(db, id, status, actor),
      failure: "Failed to update status",
      success: "Blog post status updated successfully",
    });
  }
  if (intent === "delete") {
    return contentAction(formData, intent, {
      schema: idSchema,
      run: ({ id }) => deletePost(db, id, actor),
      failure: "Failed to delete blog post",
      success: "Blog post deleted successfully",
    });
  }
  return contentFailure(intent, "Failed to save blog post", "Unknown action.");
}

type Post = Route.ComponentProps["loaderData"]["posts"][number];

export default function BlogManagement({ loaderData, actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.toast);
  const { posts, categories, filters } = loaderData;
  const navigation = useNavigation();
  // Only while a filter change loads, not while the list revalidates after a change.
  const loading =
    navigation.state === "loading" &&
    navigation.formMethod !== "POST" &&
    navigation.location.pathname === "/admin/blog";
  const [editing, setEditing] = useState<{ post: Post | null; key: number } | null>(null);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="font-bold text-2xl">Blog Management</h1>
          <p className="text-muted-foreground">Write, publish and retire the posts of the public blog.</p>
        </div>
        <Button onClick={() => setEditing({ post: null, key: Date.now() })}>
          <PlusIcon /> New Post
        </Button>
      </div>
      <ListFilters
        searchPlaceholder="Search posts..."
        search={filters.search}
        selects={[
          { name: "status", label: "Status", value: filters.status ?? "", options: statusFilterOptions },
          {
            name: "category",
            label: "Category",
            value: filters.category,
            options: [
              { value: "", label: "All Categories" },
              ...categories.map((category) => ({ value: category, label: category })),
            ],
          },
        ]}
      />
      {loading ? (
        <p className="py-12 text-center text-muted-foreground" role="status">
          Loading...
        </p>
      ) : posts.length === 0 ? (
        <p className="py-12 text-center text-muted-foreground">No blog posts found matching your criteria</p>
      ) : (
        <ul className="grid gap-4">
          {posts.map((post) => (
            <li key={post.id}>
              <PostCard post={post} onEdit={() => setEditing({ post, key: Date.now() })} />
            </li>
          ))}
        </ul>
      )}
      <PostDialog editing={editing} onClose={() => setEditing(null)} />
    </div>
  );
}

function PostCard({ post, onEdit }: { post: Post; onEdit: () => void }) {
  const fetcher = useFetcher<typeof action>();
  useToastMessage(fetcher.data?.toast);
  const status = (fetcher.formData?.get("status") as Post["status"] | null) ?? post.status;
  const viewUrl = post.status === "published" ? `/blog/${post.slug}` : `/admin/blog/${post.id}/preview`;
  return (
    <Card data-testid={`post-${post.slug}`}>
      <CardContent className="flex flex-col gap-4 md:flex-row md:items-start">
        <div className="grid aspect-video w-full shrink-0 place-items-center overflow-hidden rounded-md border bg-muted md:w-40">
          {post.featuredImageUrl ? (
            <img src={post.featuredImageUrl} alt="" loading="lazy" className="size-full object-cover" />
          ) : (
            <ImageIcon className="size-6 text-muted-foreground" aria-hidden />
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="font-semibold text-lg">{post.title}</h2>
            <PublishStatusBadge status={post.status} />
            {post.category ? <Badge variant="outline">{post.category}</Badge> : null}
          </div>
          <p className="font-mono text-muted-foreground text-sm">/blog/{post.slug}</p>
          {post.excerpt ? <p className="line-clamp-2 text-sm">{post.excerpt}</p> : null}
          <p className="text-muted-foreground text-xs">
            {post.publishedAt ? `Published ${formatDate(post.publishedAt)}` : `Created ${formatDate(post.createdAt)}`}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2 md:justify-end">
          <Button asChild size="sm" variant="outline">
            <a href={viewUrl} target="_blank" rel="noopener" aria-label={`View ${post.title}`}>
              <EyeIcon /> View
            </a>
          </Button>
          <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit ${post.title}`}>
            <PencilIcon /> Edit
          </Button>
          <PublishStatusSelect
            status={status}
            label={`Status of ${post.title}`}
            disabled={fetcher.state !== "idle"}
            onChange={(next) => fetcher.submit({ intent: "set-status", id: post.id, status: next }, { method: "post" })}
          />
          <ConfirmDialog
            trigger={
              <Button size="sm" variant="destructive" aria-label={`Delete ${post.title}`}>
                <Trash2Icon />
              </Button>
            }
            title="Delete this blog post?"
            description={`"${post.title}" will be removed from the blog for good.`}
            confirmLabel="Delete post"
            fields={{ intent: "delete", id: post.id }}
          />
        </div>
      </CardContent>
    </Card>
  );
}

function PostDialog({ editing, onClose }: { editing: { post: Post | null; key: number } | null; onClose: () => void }) {
  // A fresh fetcher per opening, so an earlier answer or error never shows again.
  const fetcher = useFetcher<typeof action>({ key: `post-dialog-${editing?.key ?? "closed"}` });
  useToastMessage(fetcher.data?.toast);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.intent === "save" && fetcher.data.ok) onClose();
  }, [fetcher.state, fetcher.data, onClose]);
  const post = editing?.post ?? null;
  return (
    <Dialog open={editing !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent className="sm:max-w-5xl">
        <DialogHeader>
          <DialogTitle>{post ? "Edit Blog Post" : "Create New Blog Post"}</DialogTitle>
          <DialogDescription>Content is Markdown; the preview shows it as visitors will see it.</DialogDescription>
        </DialogHeader>
        {editing ? (
          <PostForm
            key={editing.key}
            post={post}
            fetcher={fetcher}
            errors={fetcher.data?.ok === false ? fetcher.data.fieldErrors : {}}
            onCancel={onClose}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function PostForm({
  post,
  fetcher,
  errors,
  onCancel,
}: {
  post: Post | null;
  fetcher: ReturnType<typeof useFetcher<typeof action>>;
  errors: Record<string, string>;
  onCancel: () => void;
}) {
  const saving = fetcher.state !== "idle";
  const [metaTitle, setMetaTitle] = useState(post?.metaTitle ?? "");
  const [metaTitleEdited, setMetaTitleEdited] = useState(Boolean(post?.metaTitle));
  const [metaDescription, setMetaDescription] = useState(post?.metaDescription ?? "");
  const [content, setContent] = useState(post?.content ?? "");
  const [image, setImage] = useState(post?.featuredImageUrl ?? "");
  return (
    <fetcher.Form method="post" className="grid gap-4">
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="id" value={post?.id ?? ""} />
      <TitleSlugFields
        idPrefix="post"
        initial={{ title: post?.title ?? "", slug: post?.slug ?? "", slugEdited: Boolean(post) }}
        errors={errors}
        onTitleChange={(title) => {
          if (!metaTitleEdited) setMetaTitle(title.slice(0, META_TITLE_MAX));
        }}
      />
      <Field id="post-excerpt" label="Excerpt" error={errors.excerpt}>
        {(props) => <Textarea {...props} name="excerpt" rows={2} maxLength={500} defaultValue={post?.excerpt ?? ""} />}
      </Field>
      <MarkdownEditor
        id="post-content"
        name="content"
        label="Content"
        value={content}
        onChange={setContent}
        error={errors.content}
        maxLength={CONTENT_MAX}
      />
      <FeaturedImageField
        id="post-image"
        name="featuredImageUrl"
        value={image}
        onChange={setImage}
        error={errors.featuredImageUrl}
      />
      <div className="grid gap-4 md:grid-cols-3 md:items-start">
        <Field id="post-category" label="Category" error={errors.category}>
          {(props) => <Input {...props} name="category" maxLength={60} defaultValue={post?.category ?? ""} />}
        </Field>
        <Field id="post-status" label="Status" error={errors.status}>
          {(props) => (
            <NativeSelect {...props} name="status" defaultValue={post?.status ?? "draft"}>
              {PUBLISH_STATUSES.map((status) => (
                <NativeSelectOption key={status} value={status}>
                  {publishStatusLabels[status]}
                </NativeSelectOption>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field id="post-tags" label="Tags (comma-separated)" error={errors.tags}>
          {(props) => (
            <Input
              {...props}
              name="tags"
              maxLength={1000}
              placeholder="google ads, tracking"
              defaultValue={post?.tags.join(", ") ?? ""}
            />
          )}
        </Field>
      </div>
      <fieldset className="grid gap-4 rounded-md border p-4">
        <legend className="px-1 font-semibold text-sm">SEO Settings</legend>
        <Field
          id="post-meta-title"
          label={
            <span className="flex w-full justify-between">
              Meta Title
              <CharacterCounter id="post-meta-title-count" length={metaTitle.length} max={META_TITLE_MAX} />
            </span>
          }
          error={errors.metaTitle}
        >
          {(props) => (
            <Input
              {...props}
              name="metaTitle"
              maxLength={META_TITLE_MAX}
              value={metaTitle}
              onChange={(event) => {
                setMetaTitle(event.currentTarget.value);
                setMetaTitleEdited(true);
              }}
            />
          )}
        </Field>
        <Field
          id="post-meta-description"
          label={
            <span className="flex w-full justify-between">
              Meta Description
              <CharacterCounter
                id="post-meta-description-count"
                length={metaDescription.length}
                max={META_DESCRIPTION_MAX}
              />
            </span>
          }
          error={errors.metaDescription}
        >
          {(props) => (
            <Textarea
              {...props}
              name="metaDescription"
              rows={2}
              maxLength={META_DESCRIPTION_MAX}
              value={metaDescription}
              onChange={(event) => setMetaDescription(event.currentTarget.value)}
            />
          )}
        </Field>
        <Field id="post-meta-keywords" label="Meta Keywords" error={errors.metaKeywords}>
          {(props) => (
            <Input
              {...props}
              name="metaKeywords"
              maxLength={255}
              placeholder="keyword one, keyword two"
              defaultValue={post?.metaKeywords ?? ""}
            />
          )}
        </Field>
      </fieldset>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? "Saving..." : post ? "Update Post" : "Create Post"}
        </Button>
      </DialogFooter>
    </fetcher.Form>
  );
}
