import type { IntegrationsContent } from "~/content/home";
import { Section } from "../section";

/** Industry tool integrations, grouped by category. */
export function Integrations({ content }: { content: IntegrationsContent }) {
  const { groups, note, ...heading } = content;
  return (
    <Section id="integrations" tone="muted" {...heading}>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {groups.map((group) => (
          <li key={group.category} className="min-w-0 rounded-xl border bg-card p-5 text-card-foreground shadow-sm">
            <h3 className="font-semibold text-lg wrap-break-word">{group.category}</h3>
            <ul className="mt-3 flex flex-wrap gap-2">
              {group.tools.map((tool) => (
                <li
                  key={tool}
                  className="max-w-full rounded-md bg-secondary px-2.5 py-1 font-medium text-secondary-foreground text-sm wrap-break-word"
                >
                  {tool}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      <p className="mt-8 text-center text-muted-foreground">{note}</p>
    </Section>
  );
}
