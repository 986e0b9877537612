import type * as React from "react";
import { useState } from "react";
import { Field } from "~/components/admin/field";
import { Input } from "~/components/ui/input";
import { slugify } from "~/lib/slug";

/**
 * The Title* and Slug* fields of an editor. The slug follows the title until someone edits the slug
 * itself (an existing entry's slug is an address already out there, so it starts out as edited).
 */
export function TitleSlugFields({
  idPrefix,
  initial,
  errors,
  onTitleChange,
  slugPrefix,
  slugHint,
}: {
  idPrefix: string;
  initial: { title: string; slug: string; slugEdited: boolean };
  errors: Record<string, string>;
  /** Told of every title change, for other fields that follow the title. */
  onTitleChange?: (title: string) => void;
  /** Shown before the slug, such as the "/" of a page's address. */
  slugPrefix?: string;
  slugHint?: React.ReactNode;
}) {
  const [title, setTitle] = useState(initial.title);
  const [slug, setSlug] = useState(initial.slug);
  const [slugEdited, setSlugEdited] = useState(initial.slugEdited);
  return (
    <div data-slot="title-slug-fields" className="grid gap-4 md:grid-cols-2 md:items-start">
      <Field id={`${idPrefix}-title`} label="Title*" error={errors.title}>
        {(props) => (
          <Input
            {...props}
            name="title"
            required
            maxLength={200}
            value={title}
            onChange={(event) => {
              const next = event.currentTarget.value;
              setTitle(next);
              if (!slugEdited) setSlug(slugify(next));
              onTitleChange?.(next);
            }}
          />
        )}
      </Field>
      <Field id={`${idPrefix}-slug`} label="Slug*" error={errors.slug} hint={slugHint}>
        {(props) => {
          const input = (
            <Input
              {...props}
              name="slug"
              required
              maxLength={100}
              value={slug}
              onChange={(event) => {
                setSlug(event.currentTarget.value);
                setSlugEdited(true);
              }}
            />
          );
          return slugPrefix ? (
            <div className="flex items-center gap-1">
              <span className="text-muted-foreground">{slugPrefix}</span>
              {input}
            </div>
          ) : (
            input
          );
        }}
      </Field>
    </div>
  );
}
