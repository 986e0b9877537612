import { z } from "zod";
import { isReservedPageSlug, SLUG_MAX_LENGTH, SLUG_PATTERN } from "~/lib/slug";
import { valuesOf } from "./choices";
import { optionalText, optionalTrimmedText, requiredText } from "./fields";

/** Pages and blog posts: shared by the admin forms (field checks) and the actions (the rules that count). */

export const publishStatusLabels = { draft: "Draft", published: "Published", archived: "Archived" };
export const PUBLISH_STATUSES = valuesOf(publishStatusLabels);
export type PublishStatus = (typeof PUBLISH_STATUSES)[number];

export const META_TITLE_MAX = 60;
export const META_DESCRIPTION_MAX = 160;
export const CONTENT_MAX = 100_000;

const status = z.enum(PUBLISH_STATUSES, { error: "Choose a status: draft, published or archived." });

const title = requiredText("Title is required.", 200, "Title must be at most 200 characters.");

const slug = requiredText(
  "Slug is required.",
  SLUG_MAX_LENGTH,
  `Slug must be at most ${SLUG_MAX_LENGTH} characters.`,
).regex(SLUG_PATTERN, "Slugs use lowercase letters, digits and single hyphens between words (e.g. my-first-post).");

const content = z
  .string()
  .max(CONTENT_MAX, `Content must be at most ${CONTENT_MAX.toLocaleString("en-US")} characters.`)
  .optional()
  .transform((value) => value ?? "");

const metaDescription = optionalText("Meta description", META_DESCRIPTION_MAX);

export const pageSchema = z.object({
  title,
  slug: slug.superRefine((value, ctx) => {
    if (isReservedPageSlug(value)) {
      ctx.addIssue({ code: "custom", message: `"/${value}" is already an address of the site; choose another slug.` });
    }
  }),
  metaDescription,
  content,
  status: status.default("draft"),
});
export type PageInput = z.output<typeof pageSchema>;

export const idSchema = z.object({ id: z.string().trim().min(1, "Missing id.").max(64) });
export const statusChangeSchema = idSchema.extend({ status });
/**
 * The id an editor dialog posts when it edits an entry; empty (null) when it creates one. It is
 * `optionalId` trimmed first, as `idSchema` trims: an id posted with spaces around it still names the entry.
 */
export const editedIdField = z
  .string()
  .trim()
  .max(64)
  .optional()
  .transform((value) => value || null);

/** A featured image is an uploaded or bundled file of this site, or an https address. */
export function isAcceptableImageUrl(value: string) {
  if (/^\/(uploads|images)\/[A-Za-z0-9._~%/-]+$/.test(value) && !value.includes("..")) return true;
  try {
    const url = new URL(value);
    return url.protocol === "https:" && Boolean(url.hostname);
  } catch {
    return false;
  }
}

export const featuredImageUrl = optionalTrimmedText(2048, "Image addresses must be at most 2,048 characters.").refine(
  (value) => value === null || isAcceptableImageUrl(value),
  "Use an uploaded image (/uploads/…) or an https:// address.",
);

export const TAGS_MAX = 20;
const tags = z
  .string()
  .max(1000, "Tags must be at most 1,000 characters in all.")
  .optional()
  .transform((value) =>
    (value ?? "")
      .split(",")
      .map((tag) => tag.trim())
      .filter(Boolean),
  )
  .refine((list) => list.length <= TAGS_MAX, `Use at most ${TAGS_MAX} tags.`)
  .refine((list) => list.every((tag) => tag.length <= 40), "Each tag must be at most 40 characters.");

export const blogPostSchema = z.object({
  title,
  slug,
  excerpt: optionalText("Excerpt", 500),
  content,
  featuredImageUrl,
  category: optionalText("Category", 60),
  status: status.default("draft"),
  tags,
  metaTitle: optionalText("Meta title", META_TITLE_MAX),
  metaDescription,
  metaKeywords: optionalText("Meta keywords", 255),
});
export type BlogPostInput = z.output<typeof blogPostSchema>;

export function isPublishStatus(value: unknown): value is PublishStatus {
  return typeof value === "string" && (PUBLISH_STATUSES as readonly string[]).includes(value);
}

/** The list screens' ?q=&status= filters; anything unknown means "all". */
export function readListFilters(url: URL) {
  const status = url.searchParams.get("status");
  return {
    search: (url.searchParams.get("q") ?? "").trim().slice(0, 200),
    status: isPublishStatus(status) ? status : undefined,
  };
}

/** The list filters offer the statuses in the order staff look for them: live first. */
export const statusFilterOptions = [
  { value: "", label: "All Status" },
  ...(["published", "draft", "archived"] as const).map((value) => ({ value, label: publishStatusLabels[value] })),
];
