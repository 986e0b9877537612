import { PencilIcon } from "lucide-react";
import { TitledCard } from "~/components/admin/titled-card";
import { Button } from "~/components/ui/button";
import type { PricingContentSection } from "~/lib/types/pricing";

/** One content section of the pricing pages, its JSON shown as is. */
export function SectionCard({ section, onEdit }: { section: PricingContentSection; onEdit: () => void }) {
  return (
    <TitledCard
      data-testid={`section-${section.sectionKey}`}
      title={section.title}
      description={<span className="font-mono">{section.sectionKey}</span>}
      aside={
        <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit ${section.title}`}>
          <PencilIcon /> Edit
        </Button>
      }
    >
      <pre className="max-h-72 overflow-auto whitespace-pre-wrap break-words rounded-md bg-muted p-3 text-xs">
        {JSON.stringify(section.content, null, 2)}
      </pre>
    </TitledCard>
  );
}
