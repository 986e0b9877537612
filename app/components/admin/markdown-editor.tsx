import { useDeferredValue, useMemo, useState } from "react";
import { FieldError, FieldHint } from "~/components/admin/field";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { renderMarkdown } from "~/lib/markdown";
import { CONTENT_MAX } from "~/lib/schemas/content";

/**
 * The Content of a page or post: Markdown source beside its live preview, rendered by the same safe
 * renderer as the public site.
 */
export function MarkdownEditor({ id, initial, error }: { id: string; initial: string; error?: string }) {
  const [value, setValue] = useState(initial);
  const deferred = useDeferredValue(value);
  const html = useMemo(() => renderMarkdown(deferred), [deferred]);
  return (
    <div data-slot="markdown-editor" className="grid gap-2">
      <Label htmlFor={id}>Content</Label>
      <div className="grid gap-3 lg:grid-cols-2">
        <Textarea
          id={id}
          name="content"
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          maxLength={CONTENT_MAX}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
          className="field-sizing-fixed min-h-80 font-mono text-sm"
        />
        <section
          aria-label="Preview"
          className="min-h-80 overflow-auto rounded-md border bg-background p-4"
          data-testid={`${id}-preview`}
        >
          {deferred.trim() ? (
            <div
              className="prose-content text-sm [&>:first-child]:mt-0"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: renderMarkdown escapes raw HTML and refuses unsafe links.
              dangerouslySetInnerHTML={{ __html: html }}
            />
          ) : (
            <p className="text-muted-foreground text-sm">The preview appears here as you write.</p>
          )}
        </section>
      </div>
      <FieldHint id={id}>
        Markdown: ## headings, **bold**, *italic*, - lists, [links](https://…). HTML is shown as text.
      </FieldHint>
      <FieldError id={id} error={error} />
    </div>
  );
}

/** "42/160" beside a field with a length limit; turns red past it. */
export function CharacterCounter({ id, length, max }: { id: string; length: number; max: number }) {
  return (
    <span id={id} className={length > max ? "text-destructive text-xs" : "text-muted-foreground text-xs"}>
      {length}/{max}
    </span>
  );
}
