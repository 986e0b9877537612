/** Every public route of the spec that exists so far, one blog post standing for all. */
export const publicRoutes = [
  "/",
  "/services/paid-ads",
  "/services/conversion-tracking",
  "/services/automation",
  "/industries/ecommerce",
  "/industries/saas",
  "/industries/real-estate",
  "/industries/automotive",
  "/pricing",
  "/about",
  "/blog",
  "/blog/google-ads-bidding-strategies-2024",
  "/contact",
  "/privacy",
  "/terms",
  "/sitemap",
];
