import { PencilIcon } from "lucide-react";
import type * as React from "react";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { PricingContentSection } from "~/server/pricing/content.server";

/** One content section of the pricing pages, its JSON shown as is. */
export function SectionCard({ section, onEdit }: { section: PricingContentSection; onEdit: () => void }) {
  return (
    <Card data-testid={`section-${section.sectionKey}`}>
      <PricingCardHeader
        title={section.title}
        description={<CardDescription className="font-mono">{section.sectionKey}</CardDescription>}
      >
        <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit ${section.title}`}>
          <PencilIcon /> Edit
        </Button>
      </PricingCardHeader>
      <CardContent>
        <pre className="max-h-72 overflow-auto whitespace-pre-wrap break-words rounded-md bg-muted p-3 text-xs">
          {JSON.stringify(section.content, null, 2)}
        </pre>
      </CardContent>
    </Card>
  );
}

/** A pricing card's heading: its title over its description, and what sits beside them (`children`). */
export function PricingCardHeader({
  title,
  description,
  children,
}: {
  title: string;
  description: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <CardHeader>
      <div className="flex items-start justify-between gap-2">
        <div>
          <CardTitle asChild>
            <h2>{title}</h2>
          </CardTitle>
          {description}
        </div>
        {children}
      </div>
    </CardHeader>
  );
}
