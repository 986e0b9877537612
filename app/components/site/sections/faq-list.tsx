import { ChevronDown } from "~/components/site/icons/chevron-down";

export type FaqItem = { question: string; answer: string };

/** Questions that open to show their answers; native `<details>`, so they work without JavaScript. */
export function FaqList({ items }: { items: readonly FaqItem[] }) {
  return (
    <div className="mx-auto max-w-3xl divide-y rounded-xl border bg-card text-card-foreground shadow-sm">
      {items.map((item) => (
        <details key={item.question} className="group">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-xl px-5 py-4 font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 [&::-webkit-details-marker]:hidden">
            <span>{item.question}</span>
            <ChevronDown
              aria-hidden="true"
              className="size-5 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
            />
          </summary>
          <p className="px-5 pb-5 text-muted-foreground">{item.answer}</p>
        </details>
      ))}
    </div>
  );
}
