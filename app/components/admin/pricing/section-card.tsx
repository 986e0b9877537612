import { PencilIcon } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { PricingContentSection } from "~/server/pricing/content.server";

/** One content section of the pricing pages, its JSON shown as is. */
export function SectionCard({ section, onEdit }: { section: PricingContentSection; onEdit: () => void }) {
  return (
    <Card data-testid={`section-${section.sectionKey}`}>
      <CardHeader>
        <div className="flex items-start justify-between gap-2">
          <div>
            <CardTitle asChild>
              <h2>{section.title}</h2>
            </CardTitle>
            <CardDescription className="font-mono">{section.sectionKey}</CardDescription>
          </div>
          <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit ${section.title}`}>
            <PencilIcon /> Edit
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        <pre className="max-h-72 overflow-auto whitespace-pre-wrap break-words rounded-md bg-muted p-3 text-xs">
          {JSON.stringify(section.content, null, 2)}
        </pre>
      </CardContent>
    </Card>
  );
}
