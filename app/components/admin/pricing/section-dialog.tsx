import { useState } from "react";
import { AdminDialog, DialogSaveActions } from "~/components/admin/admin-dialog";
import { Field } from "~/components/admin/field";
import { useSaveFetcher } from "~/components/admin/use-save-fetcher";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { parseSectionContent } from "~/lib/schemas/pricing";
import type { PricingContentSection } from "~/lib/types/pricing";

/** Which section the dialog edits; `key` is new per opening. */
export type SectionEditing = { section: PricingContentSection; key: number };

/** The Edit Content dialog: the section's title and its JSON, checked as it is typed. */
export function SectionDialog({ editing, onClose }: { editing: SectionEditing | null; onClose: () => void }) {
  const fetcher = useSaveFetcher("save-content", editing?.key, onClose);
  const section = editing?.section;
  return (
    <AdminDialog
      open={editing !== null}
      onOpenChange={(open) => (open ? null : onClose())}
      title="Edit Content"
      description={
        <>{section ? <span className="font-mono">{section.sectionKey}</span> : null} — the content is JSON.</>
      }
      className="sm:max-w-3xl"
    >
      {editing ? (
        <SectionForm key={editing.key} section={editing.section} fetcher={fetcher} onCancel={onClose} />
      ) : null}
    </AdminDialog>
  );
}

function SectionForm({
  section,
  fetcher,
  onCancel,
}: {
  section: PricingContentSection;
  fetcher: ReturnType<typeof useSaveFetcher>;
  onCancel: () => void;
}) {
  const [text, setText] = useState(() => JSON.stringify(section.content, null, 2));
  const errors = fetcher.data?.ok === false ? fetcher.data.fieldErrors : {};
  const saving = fetcher.state !== "idle";
  const check = parseSectionContent(section.sectionKey, text);
  const liveError = check.ok ? undefined : check.message;
  return (
    <fetcher.Form method="post" className="grid gap-4">
      <input type="hidden" name="intent" value="save-content" />
      <input type="hidden" name="sectionKey" value={section.sectionKey} />
      <Field id="section-title" label="Title" error={errors.title}>
        {(props) => <Input {...props} name="title" required maxLength={100} defaultValue={section.title} />}
      </Field>
      <Field id="section-content" label="Content (JSON)" error={liveError ?? errors.content}>
        {(props) => (
          <Textarea
            {...props}
            name="content"
            spellCheck={false}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            className="field-sizing-fixed min-h-96 font-mono text-xs"
          />
        )}
      </Field>
      <DialogSaveActions onCancel={onCancel} busy={saving} disabled={Boolean(liveError)}>
        Save Content
      </DialogSaveActions>
    </fetcher.Form>
  );
}
