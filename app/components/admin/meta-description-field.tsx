import type * as React from "react";
import { useState } from "react";
import { Field } from "~/components/admin/field";
import { CharacterCounter } from "~/components/admin/markdown-editor";
import { Textarea } from "~/components/ui/textarea";
import { META_DESCRIPTION_MAX } from "~/lib/schemas/content";

/** The Meta Description of a page or post, with its character count against the limit search engines show. */
export function MetaDescriptionField({
  id,
  initial,
  error,
  hint,
}: {
  id: string;
  initial: string;
  error?: string;
  hint?: React.ReactNode;
}) {
  const [value, setValue] = useState(initial);
  return (
    <Field
      id={id}
      label={
        <span className="flex w-full justify-between">
          Meta Description
          <CharacterCounter id={`${id}-count`} length={value.length} max={META_DESCRIPTION_MAX} />
        </span>
      }
      error={error}
      hint={hint}
    >
      {(props) => (
        <Textarea
          {...props}
          name="metaDescription"
          rows={2}
          maxLength={META_DESCRIPTION_MAX}
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
        />
      )}
    </Field>
  );
}
