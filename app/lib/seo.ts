import type { MetaDescriptor } from "react-router";
import { brand } from "~/content/brand";

export type PageSeo = {
  title: string;
  description: string;
  keywords: readonly string[];
  /** The page's path, for the canonical URL. */
  path: string;
  /** Open Graph / Twitter image, absolute or site-relative. */
  image?: string;
  type?: "website" | "article";
};

/** Title, description, keywords and canonical link for a public page; `social` adds Open Graph and Twitter tags. */
export function pageMeta(baseUrl: string, page: PageSeo, { social = false } = {}): MetaDescriptor[] {
  const canonical = `${baseUrl}${page.path === "/" ? "/" : page.path}`;
  const meta: MetaDescriptor[] = [
    { title: page.title },
    { name: "description", content: page.description },
    { name: "keywords", content: page.keywords.join(", ") },
    { tagName: "link", rel: "canonical", href: canonical },
  ];
  if (social) {
    const image = page.image ? new URL(page.image, `${baseUrl}/`).toString() : undefined;
    meta.push(
      { property: "og:type", content: page.type ?? "website" },
      { property: "og:title", content: page.title },
      { property: "og:description", content: page.description },
      { property: "og:url", content: canonical },
      { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
      { name: "twitter:title", content: page.title },
      { name: "twitter:description", content: page.description },
    );
    if (image) meta.push({ property: "og:image", content: image }, { name: "twitter:image", content: image });
  }
  return meta;
}

/** A visitor's own page (a booking, a form's result): its title with the brand, kept out of search engines. */
export function privatePageMeta(title: string): MetaDescriptor[] {
  return [{ title: `${title} | ${brand.name}` }, { name: "robots", content: "noindex" }];
}

export function jsonLd(data: Record<string, unknown>): MetaDescriptor {
  return { "script:ld+json": data };
}

type MatchWithData = { id: string; loaderData?: unknown } | undefined;

/** The site's public base URL, from the root route's data (meta functions only get `matches`). */
export function baseUrlFrom(matches: readonly MatchWithData[]) {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { baseUrl?: string } | undefined;
  return root?.baseUrl ?? "";
}

/** `pageMeta` for a route's `meta` export: `export const meta = ({ matches }) => sitePageMeta(matches, seo)`. */
export function sitePageMeta(matches: readonly MatchWithData[], page: PageSeo, options?: { social?: boolean }) {
  return withSiteIdentity(pageMeta(baseUrlFrom(matches), page, options), matches);
}

export type SiteIdentity = { siteTitle: string; siteMetaDescription: string | null };

function siteIdentityFrom(matches: readonly MatchWithData[]) {
  const layout = matches.find((match) => match?.id === "routes/site/layout")?.loaderData as
    | { settings?: SiteIdentity }
    | undefined;
  return layout?.settings;
}

const DESCRIPTION_TAGS = new Set(["description", "og:description", "twitter:description"]);
const TITLE_TAGS = new Set(["og:title", "twitter:title"]);

/** `applySiteIdentity` with the identity from the public layout's data, for `meta` functions. */
export function withSiteIdentity(meta: MetaDescriptor[], matches: readonly MatchWithData[]) {
  const identity = siteIdentityFrom(matches);
  return identity ? applySiteIdentity(meta, identity) : meta;
}

/**
 * Applies the site settings to a public page's tags: the site title from settings stands in for the brand
 * name in titles and names the site (og:site_name); on the home page, the site's meta description is the
 * description.
 */
export function applySiteIdentity(
  meta: MetaDescriptor[],
  identity: SiteIdentity,
  { home = false }: { home?: boolean } = {},
): MetaDescriptor[] {
  const rename = (text: string) =>
    identity.siteTitle === brand.name ? text : text.replaceAll(brand.name, identity.siteTitle);
  return [
    ...meta.map((descriptor): MetaDescriptor => {
      if ("title" in descriptor) return { title: rename(String(descriptor.title)) };
      const tag = descriptor as { name?: string; property?: string; content?: string };
      const name = tag.name ?? tag.property;
      if (name && tag.content !== undefined) {
        if (TITLE_TAGS.has(name)) return { ...descriptor, content: rename(tag.content) } as MetaDescriptor;
        if (home && DESCRIPTION_TAGS.has(name) && identity.siteMetaDescription) {
          return { ...descriptor, content: identity.siteMetaDescription } as MetaDescriptor;
        }
      }
      return descriptor;
    }),
    { property: "og:site_name", content: identity.siteTitle },
  ];
}
