import { mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { fileTypes } from "~/lib/uploads";

/** What both stores (local and S3) do alike with a file: its headers, its download name, the receive folder. */

/**
 * Deletes receive files over an hour old: what a crash left behind. Younger ones may belong to an upload
 * another process (sharing the folder) is receiving now.
 */
export function sweepIncoming(dir: string, now = Date.now()) {
  mkdirSync(dir, { recursive: true });
  for (const name of readdirSync(dir)) {
    if (!name.endsWith(".part")) continue;
    const file = path.join(dir, name);
    try {
      if (now - statSync(file).mtimeMs > 60 * 60 * 1000) rmSync(file, { force: true });
    } catch {
      // Already gone.
    }
  }
}

const byExtension = new Map<string, string>(Object.values(fileTypes).map((type) => [type.extension, type.mime]));

/**
 * The headers every stored file is served with: its real type (decided from its bytes when it was uploaded,
 * and carried by the name's extension), no sniffing, a year's caching (names are never reused), documents
 * as downloads, and a CSP that keeps anything opened directly from running.
 */
export function uploadHeaders(key: string): Record<string, string> {
  const extension = key.slice(key.lastIndexOf(".") + 1);
  const headers: Record<string, string> = {
    "Content-Type": byExtension.get(extension) ?? "application/octet-stream",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "public, max-age=31536000, immutable",
    "Content-Security-Policy": "default-src 'none'; sandbox",
  };
  if (extension === "pdf" || extension === "zip") {
    headers["Content-Disposition"] = `attachment; filename="${readableDownloadName(key)}"`;
  }
  return headers;
}

/** What a downloaded file is called on the visitor's disk: its purpose, not its storage key. */
const downloadNames: Record<string, string> = { ppc_strategies_pdf: "PPC-Strategies-Guide" };

/**
 * `pdfs/ppc_strategies_pdf-1795459153252-k3j9x0q2mz.pdf` downloads as `PPC-Strategies-Guide.pdf`;
 * other keys lose their upload time and random part (older keys have the time only) and keep their prefix.
 */
export function readableDownloadName(key: string) {
  const file = key.slice(key.lastIndexOf("/") + 1);
  const dot = file.lastIndexOf(".");
  const extension = file.slice(dot + 1);
  const stem = file.slice(0, dot).replace(/-\d{10,}(?:-[a-z0-9]{10})?$/, "");
  return `${downloadNames[stem] ?? stem.replace(/[^A-Za-z0-9-]+/g, "-")}.${extension}`;
}
