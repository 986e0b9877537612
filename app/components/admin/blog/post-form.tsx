import { useState } from "react";
import type { useFetcher } from "react-router";
import { DialogSaveActions } from "~/components/admin/admin-dialog";
import { FeaturedImageField } from "~/components/admin/featured-image-field";
import { boundFields, InputField, SelectField, TextareaField } from "~/components/admin/form-fields";
import { CharacterCounter, MarkdownEditor } from "~/components/admin/markdown-editor";
import { MetaDescriptionField } from "~/components/admin/meta-description-field";
import { SelectOptions } from "~/components/admin/select-options";
import { TitleSlugFields } from "~/components/admin/title-slug-fields";
import { META_TITLE_MAX, PUBLISH_STATUSES, publishStatusLabels } from "~/lib/schemas/content";
import { slugify } from "~/lib/slug";
import type { ActionResult } from "~/lib/types/action-result";
import type { BlogPost } from "~/lib/types/content";

/**
 * The post's fields. The slug and the meta title follow the title until the person makes them differ
 * from it, on a new post and on an existing one alike: a slug or meta title that still matches the
 * title was never chosen by anyone, so a renamed post takes the new title's.
 */
export function PostForm({
  post,
  fetcher,
  errors,
  onCancel,
}: {
  post: BlogPost | null;
  fetcher: ReturnType<typeof useFetcher<ActionResult>>;
  errors: Record<string, string>;
  onCancel: () => void;
}) {
  const saving = fetcher.state !== "idle";
  const field = boundFields("post", errors, post);
  const [metaTitle, setMetaTitle] = useState(post?.metaTitle ?? "");
  const [metaTitleEdited, setMetaTitleEdited] = useState(
    Boolean(post?.metaTitle) && post?.metaTitle !== post?.title.slice(0, META_TITLE_MAX),
  );
  const [image, setImage] = useState(post?.featuredImageUrl ?? "");
  return (
    <fetcher.Form method="post" className="grid gap-4">
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="id" value={post?.id ?? ""} />
      <TitleSlugFields
        idPrefix="post"
        initial={{
          title: post?.title ?? "",
          slug: post?.slug ?? "",
          slugEdited: post !== null && post.slug !== slugify(post.title),
        }}
        errors={errors}
        onTitleChange={(title) => {
          if (!metaTitleEdited) setMetaTitle(title.slice(0, META_TITLE_MAX));
        }}
      />
      <TextareaField {...field("excerpt")} label="Excerpt" rows={2} maxLength={500} />
      <MarkdownEditor id="post-content" initial={post?.content ?? ""} error={errors.content} />
      <FeaturedImageField
        id="post-image"
        name="featuredImageUrl"
        value={image}
        onChange={setImage}
        error={errors.featuredImageUrl}
      />
      <div className="grid gap-4 md:grid-cols-3 md:items-start">
        <InputField {...field("category")} label="Category" maxLength={60} />
        <SelectField {...field("status")} label="Status" defaultValue={post?.status ?? "draft"}>
          <SelectOptions values={PUBLISH_STATUSES} labels={publishStatusLabels} />
        </SelectField>
        <InputField
          {...field("tags")}
          label="Tags (comma-separated)"
          maxLength={1000}
          placeholder="google ads, tracking"
          defaultValue={post?.tags.join(", ") ?? ""}
        />
      </div>
      <fieldset className="grid gap-4 rounded-md border p-4">
        <legend className="px-1 font-semibold text-sm">SEO Settings</legend>
        <InputField
          id="post-meta-title"
          label={
            <span className="flex w-full justify-between">
              Meta Title
              <CharacterCounter id="post-meta-title-count" length={metaTitle.length} max={META_TITLE_MAX} />
            </span>
          }
          error={errors.metaTitle}
          name="metaTitle"
          maxLength={META_TITLE_MAX}
          value={metaTitle}
          onChange={(event) => {
            setMetaTitle(event.currentTarget.value);
            setMetaTitleEdited(true);
          }}
        />
        <MetaDescriptionField
          id="post-meta-description"
          initial={post?.metaDescription ?? ""}
          error={errors.metaDescription}
        />
        <InputField
          {...field("metaKeywords", "meta-keywords")}
          label="Meta Keywords"
          maxLength={255}
          placeholder="keyword one, keyword two"
        />
      </fieldset>
      <DialogSaveActions onCancel={onCancel} busy={saving}>
        {post ? "Update Post" : "Create Post"}
      </DialogSaveActions>
    </fetcher.Form>
  );
}
