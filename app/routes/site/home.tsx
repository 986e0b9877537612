import { brand } from "~/content/brand";
import type { Route } from "./+types/home";

export function meta(_: Route.MetaArgs) {
  return [
    { title: `${brand.name} | Performance Marketing Agency` },
    {
      name: "description",
      content: `${brand.name} runs paid ads, conversion tracking and marketing automation for growing brands.`,
    },
  ];
}

export default function Home() {
  return (
    <main>
      <section className="mx-auto max-w-7xl px-4 py-20 text-center">
        <h1 className="font-bold text-4xl tracking-tight sm:text-5xl">{brand.tagline}</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-muted-foreground">
          Paid ads management, conversion tracking and marketing automation for e-commerce, SaaS, real estate and
          automotive brands.
        </p>
      </section>
      <section id="contact-section" aria-labelledby="contact-heading" className="bg-muted/40 py-16">
        <div className="mx-auto max-w-3xl px-4 text-center">
          <h2 id="contact-heading" className="font-bold text-3xl">
            Book your free strategy call
          </h2>
        </div>
      </section>
    </main>
  );
}
