import { Quote } from "~/components/site/icons/quote";
import type { SectionHeading, Testimonial } from "~/content/home";
import { Section } from "../section";

/** Client success stories: a quote, who said it and the result they got. */
export function Testimonials({
  heading,
  testimonials,
}: {
  heading: SectionHeading;
  testimonials: readonly Testimonial[];
}) {
  return (
    <Section id="testimonials" {...heading}>
      <ul className="grid gap-6 md:grid-cols-3">
        {testimonials.map((item) => (
          <li key={item.name} className="min-w-0">
            <figure className="flex h-full flex-col gap-4 rounded-xl border bg-card p-6 text-card-foreground shadow-sm">
              <p className="flex flex-wrap items-baseline gap-x-2">
                <span className="font-bold text-3xl text-primary tracking-tight">{item.result.value}</span>
                <span className="text-muted-foreground text-sm">{item.result.label}</span>
              </p>
              <Quote aria-hidden="true" className="size-6 text-primary" />
              <blockquote className="flex-1 wrap-break-word">
                <p>{item.quote}</p>
              </blockquote>
              <figcaption className="border-t pt-4 text-sm">
                <span className="block font-semibold">{item.name}</span>
                <span className="block text-muted-foreground">
                  {item.role}, {item.company}
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  );
}
