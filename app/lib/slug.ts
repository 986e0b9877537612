/**
 * The slug rule, so addresses stay readable and safe in any URL: lowercase, drop everything but a-z, 0-9, spaces and hyphens, turn whitespace
 * into hyphens, collapse repeated hyphens and trim hyphens from both ends.
 */
export function slugify(title: string) {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, "")
    .trim()
    .replace(/\s+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** What a stored slug may look like: what `slugify` produces, never empty. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX_LENGTH = 100;

/**
 * First path segments the site already answers (every top-level path of app/routes.ts, the server's
 * own endpoints and static folders): a page with one of these slugs could never be reached.
 */
export const reservedPageSlugs: ReadonlySet<string> = new Set([
  "admin",
  "ads",
  "api",
  "services",
  "industries",
  "pricing",
  "about",
  "blog",
  "contact",
  "cost-estimator",
  "privacy",
  "terms",
  "sitemap",
  "lead",
  "book",
  "calendar",
  "currency",
  "consent",
  "robots.txt",
  "sitemap.xml",
  "healthz",
  "readyz",
  "assets",
  "uploads",
  "images",
  "favicon.ico",
  "favicon.svg",
  "logo.svg",
  "__manifest",
]);

export function isReservedPageSlug(slug: string) {
  return reservedPageSlugs.has(slug.toLowerCase());
}
