import type { FileHandle } from "node:fs/promises";
import { ZIP_LIMITS } from "~/lib/uploads";

const EOCD_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_EOCD_SIGNATURE = 0x06064b50;
const CENTRAL_HEADER_SIGNATURE = 0x02014b50;
const EOCD_MIN = 22;
const MAX_COMMENT = 0xffff;

export class ZipRefused extends Error {
  override name = "ZipRefused";
}

async function readAt(file: FileHandle, position: number, length: number) {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await file.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

/**
 * Reads a ZIP's central directory (never its contents) and refuses archives that are malformed or would
 * unpack past ZIP_LIMITS: too many entries or too many uncompressed bytes, as a zip bomb claims.
 */
export async function checkZipArchive(file: FileHandle, size: number) {
  const tailLength = Math.min(size, EOCD_MIN + MAX_COMMENT);
  const tail = await readAt(file, size - tailLength, tailLength);
  let eocd = -1;
  for (let index = tail.length - EOCD_MIN; index >= 0; index--) {
    if (tail.readUInt32LE(index) === EOCD_SIGNATURE) {
      eocd = index;
      break;
    }
  }
  if (eocd < 0) throw new ZipRefused("This ZIP file is damaged: its central directory was not found.");

  let entries = tail.readUInt16LE(eocd + 10);
  let directorySize = tail.readUInt32LE(eocd + 12);
  let directoryOffset = tail.readUInt32LE(eocd + 16);
  if (entries === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) {
    const locatorAt = size - tailLength + eocd - 20;
    const locator = locatorAt >= 0 ? await readAt(file, locatorAt, 20) : Buffer.alloc(0);
    if (locator.length < 20 || locator.readUInt32LE(0) !== ZIP64_LOCATOR_SIGNATURE) {
      throw new ZipRefused("This ZIP file is damaged: its ZIP64 directory was not found.");
    }
    const zip64At = Number(locator.readBigUInt64LE(8));
    const zip64 = zip64At + 56 <= size ? await readAt(file, zip64At, 56) : Buffer.alloc(0);
    if (zip64.length < 56 || zip64.readUInt32LE(0) !== ZIP64_EOCD_SIGNATURE) {
      throw new ZipRefused("This ZIP file is damaged: its ZIP64 directory was not found.");
    }
    const bigEntries = zip64.readBigUInt64LE(32);
    if (bigEntries > BigInt(ZIP_LIMITS.maxEntries)) throw tooManyEntries();
    entries = Number(bigEntries);
    directorySize = Number(zip64.readBigUInt64LE(40));
    directoryOffset = Number(zip64.readBigUInt64LE(48));
  }
  if (entries > ZIP_LIMITS.maxEntries) throw tooManyEntries();
  if (directoryOffset + directorySize > size) {
    throw new ZipRefused("This ZIP file is damaged: its central directory points past the end of the file.");
  }

  const directory = await readAt(file, directoryOffset, directorySize);
  let position = 0;
  let total = 0;
  let seen = 0;
  while (position + 46 <= directory.length) {
    if (directory.readUInt32LE(position) !== CENTRAL_HEADER_SIGNATURE) break;
    seen++;
    if (seen > ZIP_LIMITS.maxEntries) throw tooManyEntries();
    let uncompressed = directory.readUInt32LE(position + 24);
    const nameLength = directory.readUInt16LE(position + 28);
    const extraLength = directory.readUInt16LE(position + 30);
    const commentLength = directory.readUInt16LE(position + 32);
    if (uncompressed === 0xffffffff) {
      // The real size is the first field of the ZIP64 extra block.
      const extraStart = position + 46 + nameLength;
      uncompressed = zip64Size(directory.subarray(extraStart, extraStart + extraLength));
    }
    total += uncompressed;
    if (total > ZIP_LIMITS.maxUncompressedBytes) {
      throw new ZipRefused(
        `This ZIP file would unpack to more than ${ZIP_LIMITS.maxUncompressedBytes / (1024 * 1024)} MB, so it was refused.`,
      );
    }
    position += 46 + nameLength + extraLength + commentLength;
  }
  if (seen !== entries) {
    throw new ZipRefused("This ZIP file is damaged: its central directory does not match its entry count.");
  }
  return { entries, uncompressedBytes: total };
}

function zip64Size(extra: Buffer) {
  let position = 0;
  while (position + 4 <= extra.length) {
    const id = extra.readUInt16LE(position);
    const length = extra.readUInt16LE(position + 2);
    if (id === 0x0001 && length >= 8 && position + 12 <= extra.length) {
      const size = extra.readBigUInt64LE(position + 4);
      return size > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(size);
    }
    position += 4 + length;
  }
  throw new ZipRefused("This ZIP file is damaged: an entry's ZIP64 size is missing.");
}

function tooManyEntries() {
  return new ZipRefused(`This ZIP file has more than ${ZIP_LIMITS.maxEntries} entries, so it was refused.`);
}
