import type { FileHandle } from "node:fs/promises";
import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createInflateRaw } from "node:zlib";
import { ZIP_LIMITS } from "~/lib/uploads";

const EOCD_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_EOCD_SIGNATURE = 0x06064b50;
const CENTRAL_HEADER_SIGNATURE = 0x02014b50;
const LOCAL_HEADER_SIGNATURE = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;
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
 * Reads a ZIP's central directory and refuses archives that are malformed or would unpack past
 * ZIP_LIMITS: too many entries or too many uncompressed bytes, as a zip bomb claims. Then it unpacks
 * each entry (to nowhere, counting bytes) and refuses one that yields more than its headers say: the
 * sizes a header states are the uploader's word, and a bomb that understates them passes the first check.
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
  const stated: StatedEntry[] = [];
  while (position + 46 <= directory.length) {
    if (directory.readUInt32LE(position) !== CENTRAL_HEADER_SIGNATURE) break;
    seen++;
    if (seen > ZIP_LIMITS.maxEntries) throw tooManyEntries();
    const method = directory.readUInt16LE(position + 10);
    let compressed = directory.readUInt32LE(position + 20);
    let uncompressed = directory.readUInt32LE(position + 24);
    const nameLength = directory.readUInt16LE(position + 28);
    const extraLength = directory.readUInt16LE(position + 30);
    const commentLength = directory.readUInt16LE(position + 32);
    let localOffset = directory.readUInt32LE(position + 42);
    if (uncompressed === 0xffffffff || compressed === 0xffffffff || localOffset === 0xffffffff) {
      // The real values are in the ZIP64 extra block, in this order, each only when its field says so.
      const extraStart = position + 46 + nameLength;
      const values = zip64Values(directory.subarray(extraStart, extraStart + extraLength));
      if (uncompressed === 0xffffffff) uncompressed = values.next();
      if (compressed === 0xffffffff) compressed = values.next();
      if (localOffset === 0xffffffff) localOffset = values.next();
    }
    stated.push({ method, compressed, uncompressed, localOffset });
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
  for (const entry of stated) await checkUnpackedSize(file, size, entry);
  return { entries, uncompressedBytes: total };
}

type StatedEntry = { method: number; compressed: number; uncompressed: number; localOffset: number };

const understated = () =>
  new ZipRefused("This ZIP file unpacks to more than its headers say, as a zip bomb does, so it was refused.");

/** Unpacks one entry, counting its bytes, and refuses it when it yields more than stated. */
async function checkUnpackedSize(file: FileHandle, size: number, entry: StatedEntry) {
  const local = await readAt(file, entry.localOffset, 30);
  if (local.length < 30 || local.readUInt32LE(0) !== LOCAL_HEADER_SIGNATURE) {
    throw new ZipRefused("This ZIP file is damaged: an entry's header was not found.");
  }
  const dataStart = entry.localOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
  if (dataStart + entry.compressed > size) {
    throw new ZipRefused("This ZIP file is damaged: an entry runs past the end of the file.");
  }
  if (entry.method === STORED) {
    if (entry.compressed > entry.uncompressed) throw understated();
    return;
  }
  if (entry.method !== DEFLATED) {
    throw new ZipRefused("This ZIP file uses a compression method other than deflate; save it again as a plain ZIP.");
  }
  if (entry.compressed === 0) return;
  let produced = 0;
  const counter = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      produced += chunk.length;
      callback(produced > entry.uncompressed ? understated() : null);
    },
  });
  // The entry's compressed bytes, streamed, so memory stays flat whatever the file's size.
  const compressedBytes = file.createReadStream({
    start: dataStart,
    end: dataStart + entry.compressed - 1,
    autoClose: false,
  });
  await pipeline(compressedBytes, createInflateRaw(), counter).catch((error: unknown) => {
    throw error instanceof ZipRefused ? error : new ZipRefused("This ZIP file is damaged: an entry does not unpack.");
  });
}

/** The 64-bit values of an entry's ZIP64 extra block, read one after another. */
function zip64Values(extra: Buffer) {
  let position = 0;
  while (position + 4 <= extra.length) {
    const id = extra.readUInt16LE(position);
    const length = extra.readUInt16LE(position + 2);
    if (id === 0x0001) {
      let field = position + 4;
      const end = Math.min(extra.length, field + length);
      return {
        next() {
          if (field + 8 > end) throw new ZipRefused("This ZIP file is damaged: an entry's ZIP64 size is missing.");
          const value = extra.readBigUInt64LE(field);
          field += 8;
          return value > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(value);
        },
      };
    }
    position += 4 + length;
  }
  throw new ZipRefused("This ZIP file is damaged: an entry's ZIP64 size is missing.");
}

function tooManyEntries() {
  return new ZipRefused(`This ZIP file has more than ${ZIP_LIMITS.maxEntries} entries, so it was refused.`);
}
