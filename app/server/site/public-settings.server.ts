import { brand } from "~/content/brand";
import type { Database } from "../db/schema.server";
import { getSettings } from "../settings/settings.server";

const PUBLIC_KEYS = [
  "site_title",
  "site_meta_description",
  "favicon_url",
  "header_logo",
  "footer_logo",
  "hero_video",
  "hero_video_thumbnail",
  "ppc_strategies_pdf",
] as const;

/** Only our own uploads or http(s) URLs ever reach an href or src. */
export function safeUrl(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  if (trimmed.startsWith("/") && !trimmed.startsWith("//")) return trimmed;
  try {
    const url = new URL(trimmed);
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : null;
  } catch {
    return null;
  }
}

function text(value: unknown) {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
}

export type PublicSettings = Awaited<ReturnType<typeof loadPublicSettings>>;

/** The settings the public pages show, validated; one query. */
export async function loadPublicSettings(db: Database) {
  const values = await getSettings(db, PUBLIC_KEYS);
  return {
    siteTitle: text(values.site_title) ?? brand.name,
    siteMetaDescription: text(values.site_meta_description),
    faviconUrl: safeUrl(values.favicon_url),
    headerLogo: safeUrl(values.header_logo),
    footerLogo: safeUrl(values.footer_logo),
    heroVideo: safeUrl(values.hero_video),
    heroVideoThumbnail: safeUrl(values.hero_video_thumbnail),
    ppcStrategiesPdf: safeUrl(values.ppc_strategies_pdf),
  };
}

/** What the guide flow needs: the brand that signs its welcome mail and the guide file, if one is set. */
export async function loadGuideSettings(db: Database) {
  const values = await getSettings(db, ["site_title", "ppc_strategies_pdf"]);
  return { brandName: text(values.site_title) ?? brand.name, downloadUrl: safeUrl(values.ppc_strategies_pdf) };
}

/** The favicon's address for the document head: the uploaded one, or the default (browsers read the type from the response). */
export async function loadFavicon(db: Database) {
  return safeUrl((await getSettings(db, ["favicon_url"])).favicon_url) ?? "/favicon.svg";
}

/** The site title and meta description, for page titles and the home page's description. */
export async function loadSiteIdentity(db: Database) {
  const values = await getSettings(db, ["site_title", "site_meta_description"]);
  return { siteTitle: text(values.site_title) ?? brand.name, siteMetaDescription: text(values.site_meta_description) };
}
