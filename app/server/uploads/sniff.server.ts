import type { FileType } from "~/lib/uploads";

/** How many leading bytes `detectFileType` needs to decide. */
export const SNIFF_BYTES = 512;

export type Detection = { type: FileType } | { type: null; svg: boolean };

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0) {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

function ascii(text: string) {
  return [...text].map((char) => char.charCodeAt(0));
}

/** Decides a file's type from its first bytes (its magic number), never from its name or the client's word. */
export function detectFileType(head: Uint8Array): Detection {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { type: "png" };
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { type: "jpeg" };
  if (startsWith(head, ascii("GIF87a")) || startsWith(head, ascii("GIF89a"))) return { type: "gif" };
  if (startsWith(head, ascii("RIFF")) && startsWith(head, ascii("WEBP"), 8)) return { type: "webp" };
  // ICO: reserved 0, type 1, at least one image, and a plausible first directory entry (reserved byte 0).
  if (startsWith(head, [0, 0, 1, 0]) && head.length >= 16 && (head[4]! > 0 || head[5]! > 0) && head[9] === 0) {
    return { type: "ico" };
  }
  if (startsWith(head, ascii("%PDF-"))) return { type: "pdf" };
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06])) return { type: "zip" };
  // ISO base media (MP4): a box size, then 'ftyp' and a brand we play in browsers.
  if (startsWith(head, ascii("ftyp"), 4)) {
    const brand = String.fromCharCode(...head.subarray(8, 12));
    if (/^(isom|iso[2-9]|mp4[12v]|avc1|M4V |M4VP|dash|mmp4|MSNV|f4v )$/.test(brand)) return { type: "mp4" };
  }
  // Matroska EBML header whose DocType is "webm".
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) {
    const text = Buffer.from(head.subarray(0, Math.min(head.length, 64))).toString("latin1");
    if (text.includes("webm")) return { type: "webm" };
  }
  return { type: null, svg: looksLikeSvg(head) };
}

function looksLikeSvg(head: Uint8Array) {
  const text = Buffer.from(head)
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .trimStart()
    .toLowerCase();
  return (
    text.startsWith("<svg") || ((text.startsWith("<?xml") || text.startsWith("<!doctype svg")) && text.includes("<svg"))
  );
}
