import { Quote } from "~/components/site/icons/quote";

export type SuccessStoryContent = {
  clientType: string;
  market: string;
  summary: string;
  metrics: readonly { value: string; label: string }[];
  quote: string;
  attribution: string;
};

/**
 * One client result: the client type as an h3, a summary, a quote and key metrics.
 * Place inside a `Section` whose title (h2) is the story's headline.
 */
export function SuccessStory({ story, resultsLabel }: { story: SuccessStoryContent; resultsLabel: string }) {
  return (
    <article className="mx-auto grid max-w-5xl gap-8 overflow-hidden rounded-2xl border bg-card p-6 text-card-foreground shadow-sm sm:p-10 lg:grid-cols-5">
      <div className="lg:col-span-3">
        <h3 className="text-balance font-bold text-2xl tracking-tight">{story.clientType}</h3>
        <p className="mt-1 font-medium text-primary text-sm">{story.market}</p>
        <p className="mt-4 text-muted-foreground">{story.summary}</p>
        <figure className="mt-6 border-primary border-l-4 pl-4">
          <Quote aria-hidden="true" className="mb-2 size-6 text-primary" />
          <blockquote className="text-lg italic">
            <p>“{story.quote}”</p>
          </blockquote>
          <figcaption className="mt-3 text-muted-foreground text-sm">— {story.attribution}</figcaption>
        </figure>
      </div>
      <div className="lg:col-span-2">
        <h4 className="sr-only">{resultsLabel}</h4>
        <ul className="grid gap-4">
          {story.metrics.map((metric) => (
            <li key={metric.label} className="flex flex-col rounded-xl bg-primary px-5 py-4 text-primary-foreground">
              <span className="font-bold text-3xl tracking-tight">{metric.value}</span>{" "}
              <span className="text-sm">{metric.label}</span>
            </li>
          ))}
        </ul>
      </div>
    </article>
  );
}
