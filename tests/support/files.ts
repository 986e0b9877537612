import { crc32, deflateRawSync, deflateSync } from "node:zlib";

/** Real, small files built in the test (no fixtures on disk). */

function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, checksum]);
}

/** A valid RGB PNG of one colour that any browser decodes. */
export function makePng(width = 16, height = 16, rgb: [number, number, number] = [220, 38, 38]) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).fill(Buffer.from(rgb))]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(pixels)),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A minimal one-page PDF that viewers open. */
export function makePdf(text = "50 Winning PPC Strategies") {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${text.length + 30} >>\nstream\nBT /F1 12 Tf 20 100 Td (${text}) Tj ET\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

type ZipEntry = { name: string; data: Buffer; claimedSize?: number; deflate?: boolean };

/**
 * The fields an entry's local header and its central directory record share, in the same order from
 * `at`: version needed, flags, method, time and date (left zero), CRC, sizes and the name's length.
 */
function writeEntryFields(
  header: Buffer,
  at: number,
  fields: { method: number; crc: number; storedSize: number; size: number; name: Buffer },
) {
  header.writeUInt16LE(20, at);
  header.writeUInt16LE(fields.method, at + 4);
  header.writeUInt32LE(fields.crc, at + 10);
  header.writeUInt32LE(fields.storedSize, at + 14);
  header.writeUInt32LE(fields.size, at + 18);
  header.writeUInt16LE(fields.name.length, at + 22);
}

/**
 * A ZIP, its entries stored or (`deflate`) compressed; `claimedSize` lets a test lie about an entry's
 * uncompressed size, as a zip bomb does.
 */
export function makeZip(entries: ZipEntry[]) {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8");
    const crc = crc32(entry.data);
    const method = entry.deflate ? 8 : 0;
    const stored = entry.deflate ? deflateRawSync(entry.data) : entry.data;
    const fields = { method, crc, storedSize: stored.length, size: entry.claimedSize ?? entry.data.length, name };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    writeEntryFields(local, 4, fields);
    locals.push(local, name, stored);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // made by
    writeEntryFields(central, 6, fields);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + stored.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The start of an MP4 file: an `ftyp` box with the isom brand, then filler. */
/** The start of an MP4 (ISO base media) file: its `ftyp` box with the given major brand. */
export function makeMp4(bytes = 4096, brand = "isom") {
  const file = Buffer.alloc(bytes);
  file.writeUInt32BE(24, 0);
  file.write(`ftyp${brand}`, 4, "latin1");
  file.writeUInt32BE(512, 12);
  file.write(`${brand}iso2`, 16, "latin1");
  return file;
}

/** A 1×1 baseline JPEG (JFIF). */
export function makeJpeg() {
  return Buffer.from(
    "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=",
    "base64",
  );
}

/** A 1×1 transparent GIF89a. */
export function makeGif() {
  return Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
}

/** A 1×1 lossless WebP. */
export function makeWebp() {
  return Buffer.from("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==", "base64");
}

/** An ICO holding one 16×16 PNG image, as modern favicons are made. */
export function makeIco() {
  const png = makePng(16, 16);
  const header = Buffer.from([0, 0, 1, 0, 1, 0]);
  const entry = Buffer.alloc(16);
  entry[0] = 16; // width
  entry[1] = 16; // height
  entry.writeUInt16LE(1, 4); // colour planes
  entry.writeUInt16LE(32, 6); // bits per pixel
  entry.writeUInt32LE(png.length, 8);
  entry.writeUInt32LE(header.length + entry.length, 12);
  return Buffer.concat([header, entry, png]);
}

/** The start of a Matroska file: its EBML header naming `docType` ("webm" for WebM), then a segment. */
export function makeMatroska(docType = "webm", bytes = 4096) {
  const element = (id: number[], data: Buffer) =>
    Buffer.concat([Buffer.from(id), Buffer.from([0x80 | data.length]), data]);
  const body = Buffer.concat([
    element([0x42, 0x86], Buffer.from([1])), // EBMLVersion
    element([0x42, 0xf7], Buffer.from([1])), // EBMLReadVersion
    element([0x42, 0xf2], Buffer.from([4])), // EBMLMaxIDLength
    element([0x42, 0xf3], Buffer.from([8])), // EBMLMaxSizeLength
    element([0x42, 0x82], Buffer.from(docType, "ascii")), // DocType
    element([0x42, 0x87], Buffer.from([4])), // DocTypeVersion
    element([0x42, 0x85], Buffer.from([2])), // DocTypeReadVersion
  ]);
  const header = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | body.length]), body]);
  const segment = Buffer.alloc(Math.max(0, bytes - header.length));
  Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]).copy(segment);
  return Buffer.concat([header, segment]);
}

export const svgWithScript = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script></svg>\n',
);

export type Part = { name: string; value: string } | { name: string; filename: string; type: string; data: Buffer };

export const BOUNDARY = "----agency-test-boundary-7MA4YWxkTrZu0gW";

/** A multipart/form-data body in the given part order. */
export function multipart(parts: Part[]) {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ("data" in part) {
      chunks.push(
        Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`,
        ),
        part.data,
        Buffer.from("\r\n"),
      );
    } else {
      chunks.push(
        Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      );
    }
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

export const MULTIPART_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;
