import { type Role, siteFileRoles } from "~/lib/roles";

/**
 * What may be uploaded where: shared by the settings screen (file pickers, first checks, toasts) and the
 * upload endpoint (the checks that count, made on the file's bytes).
 */

export const UPLOAD_BUCKETS = ["logos", "pdfs", "videos"] as const;
export type UploadBucket = (typeof UPLOAD_BUCKETS)[number];

/** The file types we recognise by their bytes, with the name extension and content type we store them under. */
export const fileTypes = {
  png: { mime: "image/png", extension: "png" },
  jpeg: { mime: "image/jpeg", extension: "jpg" },
  webp: { mime: "image/webp", extension: "webp" },
  gif: { mime: "image/gif", extension: "gif" },
  ico: { mime: "image/x-icon", extension: "ico" },
  pdf: { mime: "application/pdf", extension: "pdf" },
  zip: { mime: "application/zip", extension: "zip" },
  mp4: { mime: "video/mp4", extension: "mp4" },
  webm: { mime: "video/webm", extension: "webm" },
} as const;
export type FileType = keyof typeof fileTypes;

const MB = 1024 * 1024;

export const fileKinds = {
  image: {
    types: ["png", "jpeg", "webp", "gif"],
    maxBytes: 5 * MB,
    accept: "image/png,image/jpeg,image/webp,image/gif",
    wrongType: "Please select an image file (PNG, JPEG, WebP or GIF).",
    hint: "PNG, JPEG, WebP or GIF, up to 5 MB.",
  },
  favicon: {
    types: ["png", "ico"],
    maxBytes: 5 * MB,
    accept: "image/png,image/x-icon,image/vnd.microsoft.icon,.ico",
    wrongType: "Please select a PNG or ICO image for the favicon.",
    hint: "PNG or ICO, ideally 32×32 or 16×16, up to 5 MB.",
  },
  document: {
    types: ["pdf", "zip"],
    maxBytes: 10 * MB,
    accept: "application/pdf,application/zip,application/x-zip-compressed,.pdf,.zip",
    wrongType: "Please select a PDF or ZIP file.",
    hint: "PDF or ZIP, up to 10 MB.",
  },
  video: {
    types: ["mp4", "webm"],
    maxBytes: 50 * MB,
    accept: "video/mp4,video/webm",
    wrongType: "Please select a video file (MP4 or WebM).",
    hint: "MP4 or WebM, up to 50 MB.",
  },
} as const satisfies Record<
  string,
  { types: readonly FileType[]; maxBytes: number; accept: string; wrongType: string; hint: string }
>;
export type FileKind = keyof typeof fileKinds;

/** ZIP archives are opened (central directory only) and refused past these. */
export const ZIP_LIMITS = { maxEntries: 1000, maxUncompressedBytes: 100 * MB } as const;

export function formatBytes(bytes: number) {
  if (bytes >= MB) return `${Math.round((bytes / MB) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} kB`;
  return `${bytes} bytes`;
}

export function tooLargeMessage(kind: FileKind) {
  return `The file is too large: the limit is ${formatBytes(fileKinds[kind].maxBytes)}.`;
}

/** The site settings whose value is an uploaded file, with the toasts their upload and removal show. */
export const siteFiles = {
  favicon_url: {
    bucket: "logos",
    kind: "favicon",
    label: "Favicon",
    success: "Favicon updated successfully",
    failure: "Failed to upload favicon",
  },
  header_logo: {
    bucket: "logos",
    kind: "image",
    label: "Header logo",
    success: "Header logo updated successfully",
    failure: "Failed to upload logo",
  },
  footer_logo: {
    bucket: "logos",
    kind: "image",
    label: "Footer logo",
    success: "Footer logo updated successfully",
    failure: "Failed to upload logo",
  },
  ppc_strategies_pdf: {
    bucket: "pdfs",
    kind: "document",
    label: "PPC strategies file",
    success: "File uploaded successfully",
    failure: "Failed to upload file",
  },
  hero_video: {
    bucket: "videos",
    kind: "video",
    label: "Hero video",
    success: "Video uploaded successfully",
    failure: "Failed to upload video",
  },
  hero_video_thumbnail: {
    bucket: "videos",
    kind: "image",
    label: "Hero video thumbnail",
    success: "Video thumbnail updated successfully",
    failure: "Failed to upload thumbnail",
  },
} as const satisfies Record<
  string,
  { bucket: UploadBucket; kind: FileKind; label: string; success: string; failure: string }
>;
export type SiteFileKey = keyof typeof siteFiles;

export function isSiteFileKey(value: unknown): value is SiteFileKey {
  return typeof value === "string" && Object.hasOwn(siteFiles, value);
}

/** Blog images live in the pdfs bucket under this folder, beside the guide files, so both share one bucket's rules. */
export const BLOG_IMAGE_PREFIX = "blog-images/";

export type UploadTarget = {
  bucket: UploadBucket;
  kind: FileKind;
  /** The start of the stored name, before the millisecond timestamp. */
  namePrefix: string;
  /** The site setting the upload replaces, if any. */
  settingKey: SiteFileKey | null;
  roles: readonly Role[];
};

/** Decides what an upload is for from its `bucket` and `prefix` fields; an error message when they match nothing. */
export function resolveUploadTarget(bucket: string | undefined, prefix: string | undefined): UploadTarget | string {
  if (!bucket) return "Please say which bucket the file is for (logos, pdfs or videos).";
  if (!(UPLOAD_BUCKETS as readonly string[]).includes(bucket)) {
    return `Unknown bucket "${bucket.slice(0, 40)}": use logos, pdfs or videos.`;
  }
  if (bucket === "pdfs" && prefix === BLOG_IMAGE_PREFIX) {
    return { bucket, kind: "image", namePrefix: BLOG_IMAGE_PREFIX, settingKey: null, roles: ["admin", "editor"] };
  }
  if (isSiteFileKey(prefix) && siteFiles[prefix].bucket === bucket) {
    return {
      bucket,
      kind: siteFiles[prefix].kind,
      namePrefix: `${prefix}-`,
      settingKey: prefix,
      roles: siteFileRoles,
    };
  }
  return `Uploads to the ${bucket} bucket need a known prefix (for example ${
    bucket === "pdfs"
      ? `"${BLOG_IMAGE_PREFIX}" or "ppc_strategies_pdf"`
      : bucket === "logos"
        ? '"header_logo"'
        : '"hero_video"'
  }).`;
}

/** Stored keys look like `logos/header_logo-1732240000000.png` or `pdfs/blog-images/1732240000000.jpg`. */
export const UPLOAD_KEY_PATTERN =
  /^(logos|pdfs|videos)\/(blog-images\/)?([a-z_]+-)?\d{13,16}(-[a-z0-9]{10})?\.(png|jpg|webp|gif|ico|pdf|zip|mp4|webm)$/;

export const UPLOADS_URL_PREFIX = "/uploads/";
