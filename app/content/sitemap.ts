import { industryLinks, serviceLinks } from "./site";

/** When the built-in pages' copy last changed; shown to crawlers as their lastmod. */
export const builtInPagesUpdatedAt = "2026-11-21";

export const sitemapSections = [
  {
    title: "Main",
    links: [
      { label: "Home", to: "/" },
      { label: "Pricing", to: "/pricing" },
      { label: "Cost Estimator", to: "/cost-estimator" },
      { label: "About", to: "/about" },
      { label: "Blog", to: "/blog" },
      { label: "Contact", to: "/contact" },
    ],
  },
  { title: "Services", links: serviceLinks },
  { title: "Industries", links: industryLinks },
  {
    title: "Legal",
    links: [
      { label: "Privacy Policy", to: "/privacy" },
      { label: "Terms of Service", to: "/terms" },
      { label: "Sitemap", to: "/sitemap" },
    ],
  },
];
