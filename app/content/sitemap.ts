import { industryLinks, legalLinks, pageLinks, serviceLinks } from "./site";

/** When the built-in pages' copy last changed; shown to crawlers as their lastmod. */
export const builtInPagesUpdatedAt = "2026-11-21";

export const sitemapSections = [
  {
    title: "Main",
    links: [{ label: "Home", to: "/" }, ...pageLinks],
  },
  { title: "Services", links: serviceLinks },
  { title: "Industries", links: industryLinks },
  { title: "Legal", links: legalLinks },
];
